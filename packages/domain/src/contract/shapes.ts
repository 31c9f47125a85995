import { z } from 'zod';
import { PortfolioRef } from './contests.ts';
import { AccountType, Symbol, Timestamp, WalletAddress } from './primitives.ts';

export const Asset = z.object({
  id: z.string(),
  symbol: Symbol,
  name: z.string(),
  image: z.string(),
  currentPrice: z.number(),
  dayChangePercentage: z.number(),
  /** Where the price comes from (docs/market-data.md): the simulator or a live exchange feed. */
  source: z.enum(['simulator', 'coinbase']),
  /** When the price was last set (ms). */
  priceAt: Timestamp,
  /** No price for MARKET_STALE_MS: orders answer 409 MARKET_STALE until one comes. */
  stale: z.boolean(),
  /** False for an asset the live feed does not carry: orders answer 409 NOT_TRADABLE. */
  tradable: z.boolean(),
});
export type Asset = z.infer<typeof Asset>;

export const Candle = z.object({
  time: Timestamp,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type Candle = z.infer<typeof Candle>;
export const CandleInterval = z.enum(['1m', '1h', '1d']);
export type CandleInterval = z.infer<typeof CandleInterval>;

export const TransactionType = z.enum(['PURCHASE', 'SELL']);
export type TransactionType = z.infer<typeof TransactionType>;
export const OrderMethod = z.enum(['MARKET', 'LIMIT']);
/** PARTIALLY_FILLED: a resting order that got part of its shares and still works for the rest. */
export const LimitStatus = z.enum([
  'WORKING',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELLED',
  'EXPIRED',
]);
/** The kinds of working order (docs/api.md "Orders beyond market and limit"). */
export const WorkingOrderType = z.enum(['LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP']);
/**
 * GTC until cancelled, DAY until the next 00:00 UTC, GTD until expiresAt; IOC fills what it can at
 * once and cancels the rest, FOK fills whole at once or not at all (docs/api.md, "Realistic fills").
 */
export const TimeInForce = z.enum(['GTC', 'DAY', 'GTD', 'IOC', 'FOK']);

/** Why a working order filled: the tick that filled it and, in words, what it reached. */
export const FillTrigger = z.object({
  tickAt: Timestamp,
  tickPrice: z.number(),
  orderType: WorkingOrderType,
  reason: z.string(),
});
export type FillTrigger = z.infer<typeof FillTrigger>;

export const Transaction = z.object({
  id: z.string(),
  type: TransactionType,
  symbol: Symbol,
  method: OrderMethod,
  assetsPurchasedSold: z.number(),
  transactionTotal: z.number(),
  purchaseSellAsk: z.number(),
  timestamp: Timestamp,
  /** The fee charged on this fill in USD (a contest's, or the main portfolio's realism settings); 0 when none. */
  fee: z.number(),
  /** Set when the transaction is the fill of a limit order. */
  positionId: z.string().optional(),
  /** True for history from before an account reset (kept, viewable, not counted). */
  archived: z.boolean().optional(),
  /** Set on the fill of a working order (absent on market orders and on fills from before it existed). */
  trigger: FillTrigger.optional(),
  /** The trader's note on the order (docs/api.md, "Trade notes"). */
  note: z.string().optional(),
  /**
   * A fill that walked the book (docs/api.md, "Realistic fills"): the mid when it executed, its
   * average price's distance from it in basis points (>= 0 is the trader's cost), and how many
   * price levels it took. Absent on IDEAL fills and on fills from before the book.
   */
  midPrice: z.number().optional(),
  slippageBps: z.number().optional(),
  levels: z.number().int().optional(),
  /** What the order asked for, in shares, when maxSlippageBps left part of it unfilled. */
  requestedShares: z.number().optional(),
});
export type Transaction = z.infer<typeof Transaction>;

export const LimitPosition = z.object({
  positionId: z.string(),
  symbol: Symbol,
  type: TransactionType,
  limitAsk: z.number(),
  purchaseAsk: z.number().optional(),
  sellAsk: z.number().optional(),
  timestamp: Timestamp,
  status: LimitStatus,
  /** For FILLED orders: the tick price that triggered the fill, and the transaction it made. */
  fillPrice: z.number().optional(),
  transactionId: z.string().optional(),
  /**
   * Beyond LIMIT (optional so answers from before them still parse: absent means LIMIT and GTC).
   * limitAsk stays set on every kind: a STOP_LIMIT's limit, and for a STOP or TRAILING_STOP its
   * current stop (the level it acts at), so that a client that knows only limits still lists it.
   */
  orderType: WorkingOrderType.optional(),
  /** The stop; a TRAILING_STOP's moves with the market. */
  stopPrice: z.number().optional(),
  trailPercent: z.number().optional(),
  trailAmount: z.number().optional(),
  timeInForce: TimeInForce.optional(),
  expiresAt: Timestamp.optional(),
  /** When a STOP_LIMIT's stop was reached and it began to work as a limit (or a stop filled). */
  triggeredAt: Timestamp.optional(),
  /** A bracket leg's purchase: the order whose fill opened it. */
  parentId: z.string().optional(),
  /** The legs of one OCO pair share this id; when one fills, the other is cancelled. */
  ocoGroupId: z.string().optional(),
  /** Which leg of a bracket or OCO pair this order is. */
  leg: z.enum(['TAKE_PROFIT', 'STOP_LOSS']).optional(),
  /** A purchase's bracket, waiting for it to fill: the legs it will open, as they were sent. */
  attached: z
    .object({
      takeProfit: z.object({ limitAsk: z.number() }).optional(),
      stopLoss: z
        .object({
          stopPrice: z.number().optional(),
          trailPercent: z.number().optional(),
          trailAmount: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
  /** The trader's note, carried to the transaction the order fills into. */
  note: z.string().optional(),
  /** Shares filled so far and still to fill (docs/api.md, "Realistic fills"); set once part filled. */
  filledShares: z.number().optional(),
  remainingShares: z.number().optional(),
});
export type LimitPosition = z.infer<typeof LimitPosition>;

/** A transaction, or a working limit order (it carries limitAsk; shown as type WORKING). */
export const HistoryEntry = z.union([Transaction, LimitPosition]);
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const NotificationType = z.enum(['NEW_FOLLOWER', 'INFORMATIVE', 'TRANSACTION']);
export const Notification = z.object({
  id: z.string(),
  text: z.string(),
  type: NotificationType,
  url: z.string(),
  read: z.boolean(),
  timestamp: Timestamp,
});
export type Notification = z.infer<typeof Notification>;

export const BalancePoint = z.object({ timestamp: Timestamp, balance: z.number() });
export type BalancePoint = z.infer<typeof BalancePoint>;

export const SettingValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const Settings = z.record(z.string(), SettingValue);

export const User = z.object({
  id: z.string(),
  walletAddress: WalletAddress,
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Beyond the contract: whether login asks for a TOTP code (docs/api.md "Two-factor authentication"). */
  twoFactorEnabled: z.boolean(),
  avatar: z.string().nullable(),
  accountType: AccountType,
  balance: z.number(),
  startingBalance: z.number(),
  assets: z.record(z.string(), z.number()),
  openPositions: z.record(z.string(), z.array(z.number())),
  /**
   * Beyond the contract: the cost basis per held symbol, the average price of the open lots
   * weighted by their shares (openPositions lists lot prices without sizes, so a plain mean of
   * them is wrong when buys differ in size).
   */
  averageCost: z.record(z.string(), z.number()),
  limitPositions: z.array(LimitPosition),
  history: z.array(HistoryEntry),
  watchlist: z.array(z.string()),
  balanceHistory: z.array(BalancePoint),
  settings: Settings,
  notifications: z.array(Notification),
  createdAt: Timestamp,
  resetAccountData: Timestamp.nullable(),
  /** Which portfolio this record is (main or a contest's); optional so older answers still parse. */
  portfolio: PortfolioRef.optional(),
  /**
   * The portfolio's record version: every change of the record increases it, so a client that
   * merges patches can tell one it missed (docs/api.md, "Lean order answers").
   */
  version: z.number().int(),
});
export type User = z.infer<typeof User>;

/**
 * Any User fields, each replacing the client's copy whole (docs/api.md, "Lean order answers");
 * the identity fields never change in an order, so they are not part of it.
 */
export const UserFields = User.omit({ id: true, walletAddress: true, version: true }).partial();
export type UserFields = z.infer<typeof UserFields>;

export const PublicProfile = z.object({
  walletAddress: WalletAddress,
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  accountType: AccountType,
  totalBalance: z.number(),
  returnPercentage: z.number(),
  followers: z.number().int(),
  following: z.number().int(),
  createdAt: Timestamp,
  /** Whether the signed-in caller follows this user (false for visitors). */
  followedByMe: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** The span a leaderboard ranks returns over: the last 7 days, the last 30, or since the last reset. */
export const LeaderboardPeriod = z.enum(['week', 'month', 'all']);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriod>;

export const LeaderboardEntry = z.object({
  /** null for a portfolio reset inside the period: it is listed, not ranked (resetAt says when). */
  rank: z.number().int().nullable(),
  walletAddress: WalletAddress,
  username: z.string(),
  avatar: z.string().nullable(),
  totalBalance: z.number(),
  /** The return over the period: from the balance at `since` to the total now. */
  returnPercentage: z.number(),
  period: LeaderboardPeriod,
  /** Where this row's return starts: the period's start, or the sign-up or last reset if later. */
  since: Timestamp,
  resetAt: Timestamp.nullable(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
