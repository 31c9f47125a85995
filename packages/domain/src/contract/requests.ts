import { z } from 'zod';
import {
  AccountType,
  DisplayName,
  Email,
  Password,
  Symbol,
  Timestamp,
  Username,
  USD_DECIMALS_MESSAGE,
  WalletAddress,
  positiveAmount,
  usdAmount,
} from './primitives.ts';
import {
  Asset,
  BalancePoint,
  Candle,
  CandleInterval,
  HistoryEntry,
  LeaderboardEntry,
  LeaderboardPeriod,
  LimitPosition,
  SettingValue,
  TimeInForce,
  WorkingOrderType,
  Transaction,
  User,
  UserFields,
} from './shapes.ts';
import { STARTING_BALANCE_MAX, STARTING_BALANCE_MIN } from '../constants.ts';
import { isWholeCents } from '../money.ts';
import { formatUsd } from '../format.ts';
import { TRAIL_PERCENT_MAX, TRAIL_PERCENT_MIN } from '../working-orders.ts';

// ---- auth (/auth/*) ----
export const SignUpBody = z.object({
  email: Email,
  password: Password,
  username: Username,
  accountType: AccountType.optional(),
});
export const LoginBody = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(128),
  /** Beyond the contract: the authenticator code (or a recovery code) when the account has two-factor on. */
  totp: z.string().trim().max(32).optional(),
});
export const AuthAnswer = z.object({ token: z.string(), user: User });
export const SessionAnswer = z.object({ user: User });
export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export const ForgotPasswordBody = z.object({ email: z.string().trim().max(254) });
export const ResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: Password,
});
export const ChangePasswordBody = z.object({
  currentPassword: z.string().max(128),
  newPassword: Password,
});
export const ChangeEmailBody = z.object({ currentPassword: z.string().max(128), newEmail: Email });
export const OkAnswer = z.object({ ok: z.literal(true) });
// Beyond the contract: the optional TOTP second factor (docs/api.md "Two-factor authentication").
export const TotpSetupBody = z.object({ currentPassword: z.string().max(128) });
export const TotpSetupAnswer = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const TotpEnableBody = z.object({ code: z.string().trim().max(32) });
export const TotpEnableAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const TotpDisableBody = z.object({
  currentPassword: z.string().max(128),
  code: z.string().trim().max(32),
});

// ---- market ----
export const AllAssetsAnswer = z.array(Asset);
export const CandlesQuery = z.object({
  interval: CandleInterval.default('1h'),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
});
export const CandlesAnswer = z.array(Candle);
/**
 * GET /contests/:id/candles: a replay contest's candles of one asset up to its replayed moment, the
 * last one cut there (docs/api.md, Replay contests).
 */
export const ReplayCandlesQuery = CandlesQuery.pick({ interval: true }).extend({ symbol: Symbol });
export type ReplayCandlesQuery = z.infer<typeof ReplayCandlesQuery>;
export const MarketPriceBody = z.object({ id: z.string(), price: positiveAmount(8, 'Price') });

// ---- trading ----
export const TRADE_NOTE_MAX = 280;
/** Why the trader placed the order (docs/api.md, "Trade notes"); blank is no note. */
export const TradeNote = z
  .string()
  .trim()
  .max(TRADE_NOTE_MAX, `A note can be at most ${TRADE_NOTE_MAX} characters`);
export const AmountUnit = z.enum(['USD', 'SYMBOL']);
export type AmountUnit = z.infer<typeof AmountUnit>;
export const MAX_SLIPPAGE_BPS_LIMIT = 1000;
export const MaxSlippageBps = z
  .number()
  .int('maxSlippageBps is a whole number of basis points')
  .min(0, 'maxSlippageBps is at least 0')
  .max(MAX_SLIPPAGE_BPS_LIMIT, `maxSlippageBps is at most ${MAX_SLIPPAGE_BPS_LIMIT} (10 %)`);
/** Shares have at most 8 decimals; a USD amount, whole cents (isWholeCents). */
export const MarketOrderBody = z
  .object({
    symbol: Symbol,
    walletAddress: WalletAddress,
    assetAmount: positiveAmount(8),
    unit: AmountUnit.default('SYMBOL'),
    note: TradeNote.optional(),
    /** Caps the average price's slippage against the mid (docs/api.md, "Realistic fills"). */
    maxSlippageBps: MaxSlippageBps.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.unit === 'USD' && !isWholeCents(body.assetAmount))
      ctx.addIssue({ code: 'custom', path: ['assetAmount'], message: USD_DECIMALS_MESSAGE });
  });
export type MarketOrderBody = z.infer<typeof MarketOrderBody>;
/**
 * The order calls answer the fields they changed, the transaction or order they made, and the
 * portfolio's record version after them (docs/api.md, "Lean order answers").
 */
const RecordVersion = z.number().int();
export const TradeAnswer = UserFields.extend({ transaction: Transaction, version: RecordVersion });
export type TradeAnswer = z.infer<typeof TradeAnswer>;

/** A percent trail: 0.1 to 50, at most 2 decimals (domain/working-orders.ts says why). */
const TrailPercent = positiveAmount(2, 'Trail percent')
  .refine((n) => n >= TRAIL_PERCENT_MIN, `Trail percent must be at least ${TRAIL_PERCENT_MIN}`)
  .refine((n) => n <= TRAIL_PERCENT_MAX, `Trail percent must be at most ${TRAIL_PERCENT_MAX}`);

/** Which price fields each kind takes: required ones, and none of the others. */
const PRICE_FIELDS = {
  LIMIT: ['limitAsk'],
  STOP: ['stopPrice'],
  STOP_LIMIT: ['stopPrice', 'limitAsk'],
  TRAILING_STOP: [],
  OCO: [],
} as const;

/** What a POST /open-limit-position may open: a working order, or an OCO pair on held shares. */
export const OpenOrderType = z.enum([...WorkingOrderType.options, 'OCO']);
export type OpenOrderType = z.infer<typeof OpenOrderType>;

/** A take-profit leg: a limit sell. */
export const TakeProfitLeg = z
  .object({ limitAsk: positiveAmount(8, 'Take-profit price') })
  .strict();
/** A stop-loss leg: a stop sell at a price, or one that trails by a percent or an amount. */
export const StopLossLeg = z
  .object({
    stopPrice: positiveAmount(8, 'Stop-loss price').optional(),
    trailPercent: TrailPercent.optional(),
    trailAmount: positiveAmount(8, 'Trail amount').optional(),
  })
  .strict()
  .refine(
    (leg) =>
      [leg.stopPrice, leg.trailPercent, leg.trailAmount].filter((v) => v !== undefined).length ===
      1,
    {
      message: 'A stop-loss takes one of stopPrice, trailPercent or trailAmount',
      path: ['stopPrice'],
    },
  );
export type StopLossLeg = z.infer<typeof StopLossLeg>;
/** A bracket: the legs a PURCHASE opens for the shares it buys, when it fills. */
export const AttachedLegs = z
  .object({ takeProfit: TakeProfitLeg.optional(), stopLoss: StopLossLeg.optional() })
  .strict()
  .refine((a) => a.takeProfit !== undefined || a.stopLoss !== undefined, {
    message: 'A bracket takes a takeProfit, a stopLoss or both',
    path: ['takeProfit'],
  });

export const OpenLimitBody = z
  .object({
    type: z.enum(['PURCHASE', 'SELL']),
    symbol: Symbol,
    walletAddress: WalletAddress,
    /** Beyond LIMIT: docs/api.md "Orders beyond market and limit". */
    orderType: OpenOrderType.default('LIMIT'),
    limitAsk: positiveAmount(8, 'Limit price').optional(),
    stopPrice: positiveAmount(8, 'Stop price').optional(),
    trailPercent: TrailPercent.optional(),
    trailAmount: positiveAmount(8, 'Trail amount').optional(),
    purchaseAsk: usdAmount('Purchase amount').optional(),
    sellAsk: positiveAmount(8, 'Shares to sell').optional(),
    timeInForce: TimeInForce.default('GTC'),
    expiresAt: Timestamp.optional(),
    /** A bracket on a PURCHASE. */
    attached: AttachedLegs.optional(),
    /** The two legs of an OCO pair (orderType OCO, a SELL). */
    takeProfit: TakeProfitLeg.optional(),
    stopLoss: StopLossLeg.optional(),
    note: TradeNote.optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.type === 'PURCHASE' && body.purchaseAsk === undefined)
      issue('purchaseAsk', 'purchaseAsk is required for a PURCHASE');
    if (body.type === 'SELL' && body.sellAsk === undefined)
      issue('sellAsk', 'sellAsk is required for a SELL');
    const wanted: readonly string[] = PRICE_FIELDS[body.orderType];
    for (const field of ['limitAsk', 'stopPrice'] as const) {
      if (wanted.includes(field) && body[field] === undefined)
        issue(field, `${field} is required for a ${body.orderType} order`);
      if (!wanted.includes(field) && body[field] !== undefined)
        issue(field, `A ${body.orderType} order takes no ${field}`);
    }
    const trails =
      (body.trailPercent === undefined ? 0 : 1) + (body.trailAmount === undefined ? 0 : 1);
    if (body.orderType === 'TRAILING_STOP' && trails !== 1) {
      issue(
        body.trailAmount === undefined ? 'trailPercent' : 'trailAmount',
        'A TRAILING_STOP order takes one of trailPercent or trailAmount',
      );
    }
    if (body.orderType !== 'TRAILING_STOP' && trails > 0) {
      issue(
        body.trailPercent === undefined ? 'trailAmount' : 'trailPercent',
        `A ${body.orderType} order takes no trail`,
      );
    }
    if (body.timeInForce === 'GTD' && body.expiresAt === undefined)
      issue('expiresAt', 'expiresAt is required for a GTD order');
    if (body.timeInForce !== 'GTD' && body.expiresAt !== undefined)
      issue('expiresAt', `expiresAt goes with timeInForce GTD, not ${body.timeInForce}`);
    if (body.attached !== undefined && body.type !== 'PURCHASE')
      issue(
        'attached',
        'Only a purchase carries a bracket: for shares you hold, send orderType OCO',
      );
    if (body.orderType === 'OCO') {
      if (body.type !== 'SELL') issue('type', 'An OCO pair sells shares you hold: type SELL');
      if (body.takeProfit === undefined) issue('takeProfit', 'An OCO pair takes a takeProfit');
      if (body.stopLoss === undefined) issue('stopLoss', 'An OCO pair takes a stopLoss');
    } else {
      if (body.takeProfit !== undefined)
        issue(
          'takeProfit',
          `A ${body.orderType} order takes no takeProfit (a purchase's go under attached)`,
        );
      if (body.stopLoss !== undefined)
        issue(
          'stopLoss',
          `A ${body.orderType} order takes no stopLoss (a purchase's go under attached)`,
        );
    }
  });
/** What a client sends: orderType (LIMIT) and timeInForce (GTC) may be left out, as before them. */
export type OpenLimitBody = z.input<typeof OpenLimitBody>;
export type OpenLimitInput = OpenLimitBody;
export const OpenLimitAnswer = UserFields.extend({
  limitPosition: LimitPosition,
  version: RecordVersion,
});
export type OpenLimitAnswer = z.infer<typeof OpenLimitAnswer>;
/** POST /cancel-limit-position: the cancelled order, and what its cancel changed. */
export const CancelLimitAnswer = OpenLimitAnswer;
export type CancelLimitAnswer = OpenLimitAnswer;
export const CancelLimitBody = z.object({
  positionId: z.string().min(1).max(64),
  walletAddress: WalletAddress,
});
/**
 * PUT /limit-position's `attached`: the prices of a waiting bracket's legs. Only prices: a trail
 * is a different kind of leg, changed by cancelling the purchase and placing a new one.
 */
export const ModifyAttachedLegs = z
  .object({
    takeProfit: TakeProfitLeg.optional(),
    stopLoss: z
      .object({ stopPrice: positiveAmount(8, 'Stop-loss price') })
      .strict()
      .optional(),
  })
  .strict()
  .refine((a) => a.takeProfit !== undefined || a.stopLoss !== undefined, {
    message: 'Send a takeProfit, a stopLoss or both',
    path: ['takeProfit'],
  });
/** PUT /limit-position: new prices or a new amount for a WORKING order, which keeps its id. */
export const ModifyLimitBody = z
  .object({
    positionId: z.string().min(1).max(64),
    walletAddress: WalletAddress,
    limitAsk: positiveAmount(8, 'Limit price').optional(),
    stopPrice: positiveAmount(8, 'Stop price').optional(),
    purchaseAsk: usdAmount('Purchase amount').optional(),
    sellAsk: positiveAmount(8, 'Shares to sell').optional(),
    /** New prices for a waiting purchase's bracket legs (a trailing stop-loss's trail is not changed here). */
    attached: ModifyAttachedLegs.optional(),
    /** A new note for the order, kept on it and carried to its fill. */
    note: TradeNote.optional(),
  })
  .refine(
    (b) =>
      [b.limitAsk, b.stopPrice, b.purchaseAsk, b.sellAsk, b.attached, b.note].some(
        (v) => v !== undefined,
      ),
    {
      message:
        'Nothing to change: send limitAsk, stopPrice, purchaseAsk, sellAsk, attached or note',
      path: ['limitAsk'],
    },
  );
export type ModifyLimitBody = z.infer<typeof ModifyLimitBody>;

// ---- user record ----
export const UserDetailsBody = z.object({ walletAddress: WalletAddress });
export const UpdateWatchlistBody = z.object({
  walletAddress: WalletAddress,
  watchlist: z.array(Symbol).max(100),
});
export const WatchlistAnswer = z.object({ watchlist: z.array(z.string()) });

export const NotificationUpdates = z.union([
  z.object({ markRead: z.array(z.string()).max(500) }).strict(),
  z.object({ markAllRead: z.literal(true) }).strict(),
  z.object({ delete: z.array(z.string()).max(500) }).strict(),
]);
/** Keys writable through PUT /update-user; every other key answers 400 FORBIDDEN_KEY. */
export const UPDATABLE_USER_KEYS = [
  'settings',
  'notifications',
  'username',
  'displayName',
  'avatar',
  'accountType',
] as const;
export const UpdateUserBody = z.object({
  key: z.string().min(1).max(64),
  walletAddress: WalletAddress,
  updates: z.unknown(),
});
export const SettingsUpdates = z
  .record(z.string().max(64), SettingValue)
  .refine((r) => Object.keys(r).length <= 50, 'At most 50 settings at once');
export const UpdatesByKey = {
  settings: SettingsUpdates,
  notifications: NotificationUpdates,
  username: Username,
  displayName: DisplayName,
  avatar: z.string().max(300).nullable(),
  accountType: AccountType,
} as const;

export const ResetUserBody = z.object({
  walletAddress: WalletAddress,
  startingBalance: usdAmount('Starting balance')
    .refine(
      (n) => n >= STARTING_BALANCE_MIN,
      `Starting balance must be at least ${formatUsd(STARTING_BALANCE_MIN, 0)}`,
    )
    .refine(
      (n) => n <= STARTING_BALANCE_MAX,
      `Starting balance must be at most ${formatUsd(STARTING_BALANCE_MAX, 0)}`,
    ),
  username: z.string().optional(),
  resetAccountData: Timestamp.optional(),
});
export const DeleteUserBody = z.object({
  walletAddress: WalletAddress,
  currentPassword: z.string().max(128),
});

export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const TransactionsQuery = PageQuery.extend({
  type: z.enum(['PURCHASE', 'SELL', 'WORKING']).optional(),
  symbol: Symbol.optional(),
  archived: z.enum(['true', 'false']).optional(),
});
/** Paged answers are arrays; the cursor of the next page travels in the X-Next-Cursor header. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const TransactionsAnswer = z.array(HistoryEntry);
export const BalanceHistoryQuery = z.object({
  days: z.union([z.literal('max'), z.coerce.number().int().min(1).max(3650)]).default('max'),
});
export const BalanceHistoryAnswer = z.array(BalancePoint);
export const LeaderboardQuery = PageQuery.extend({ period: LeaderboardPeriod.default('all') });
export const LeaderboardMeQuery = z.object({ period: LeaderboardPeriod.default('all') });
export const LeaderboardAnswer = z.array(LeaderboardEntry);
/** GET /leaderboard/me: the signed-in user's own row, wherever it ranks. */
export const LeaderboardMeAnswer = LeaderboardEntry;
export const FollowBody = z.object({ walletAddress: WalletAddress });
export const UploadAnswer = z.object({ url: z.string() });
