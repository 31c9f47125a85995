import type { ColumnType, Generated } from 'kysely';

/**
 * Integer columns come back as bigint on both dialects (better-sqlite3 safe integers,
 * pg's int8 parser), so money is never squeezed through a float on the way in or out.
 * Booleans are 0/1 integers so both dialects share one schema.
 */
type Int = ColumnType<bigint, bigint | number, bigint | number>;
type NullableInt = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;
/** An integer column with a default: optional on insert. */
type DefaultInt = ColumnType<bigint, bigint | number | undefined, bigint | number>;
type OptionalInt = ColumnType<
  bigint | null,
  bigint | number | null | undefined,
  bigint | number | null
>;
type DefaultText = ColumnType<string, string | undefined, string>;
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: string;
  email: string;
  email_verified: Int;
  password_hash: string;
  username: string;
  username_lower: string;
  display_name: string;
  avatar: string | null;
  account_type: string;
  /** The main portfolio's wallet, which names the user in profiles, follows and the global board. */
  wallet_address: string;
  settings: string;
  watchlist: string;
  created_at: Int;
}

/**
 * Where money lives (decision 010): the user's MAIN portfolio (id = the user's id) and one
 * CONTEST portfolio per contest or class joined, each with its own wallet address.
 */
export interface PortfoliosTable {
  id: string;
  user_id: string;
  /** 'MAIN' | 'CONTEST' */
  kind: string;
  contest_id: string | null;
  wallet_address: string;
  /** Free cash in cents; reserved cash lives on the working PURCHASE orders. */
  cash_cents: Int;
  starting_balance_cents: Int;
  /** Bumped by an account reset; rows of older epochs are archived history. */
  epoch: Int;
  /** Increased by every transaction that locks the portfolio: the record's version (migration 011). */
  version: Generated<Int>;
  reset_at: NullableInt;
  created_at: Int;
  /** Set when the member left or was removed: off the board and closed to orders. */
  closed_at: NullableInt;
  /** The total when its contest ended, at that moment's prices: the frozen board's figure. */
  final_balance_cents: ColumnType<
    bigint | null,
    bigint | number | null | undefined,
    bigint | number | null
  >;
}

export interface ContestsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  /** 'CONTEST' | 'CLASS' */
  kind: string;
  /** 'PRIVATE' | 'PUBLIC' */
  visibility: string;
  starting_balance_cents: Int;
  starts_at: Int;
  ends_at: Int;
  /** JSON array of symbols; empty means every asset. */
  allowed_symbols: string;
  /** JSON array of order types; empty means every type. */
  order_types: string;
  fee_bps: Int;
  fee_min_cents: Int;
  /** JSON array of lesson slugs a class's owner points members to. */
  lessons: string;
  join_code: string;
  created_at: Int;
  /** Set once the end was carried out: working orders cancelled and the board frozen. */
  closed_at: NullableInt;
  /** 'LIVE' | 'REPLAY' (migration 021, docs/decisions/034-replay-contests.md). */
  price_kind: DefaultText;
  /** The replayed period [from, to) and its speed; null for LIVE. */
  replay_from: OptionalInt;
  replay_to: OptionalInt;
  replay_speed: OptionalInt;
  /** Class rules (migration 023): null is no such rule. */
  max_position_percent: OptionalInt;
  max_trades_per_day: OptionalInt;
  /** 1: every order needs a note. */
  require_notes: DefaultInt;
  /** RETURN | SHARPE: which figure ranks the board. */
  rank_by: DefaultText;
  /** BOOK | IDEAL: how members' fills are priced (migration 024); null: the instance's default. */
  fill_model: OptionalText;
}

/** Keys for programs (migration 017, docs/decisions/030-api-keys.md). */
export interface ApiKeysTable {
  id: string;
  key_id: string;
  secret_hash: string;
  user_id: string;
  portfolio_id: string;
  name: string;
  /** Comma-separated scopes: read, trade. */
  scopes: string;
  created_at: Int;
  last_used_at: NullableInt;
}

/** An order a program placed, by its client_order_id (migration 018, docs/decisions/031-alpaca-trading.md). */
export interface ClientOrdersTable {
  portfolio_id: string;
  client_order_id: string;
  /** A limit_orders id, or a market order's transactions id. */
  order_id: string;
  /** The order's body as sent, canonical JSON. */
  request: string;
  created_at: Int;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Int;
  expires_at: Int;
}

export interface VerificationTokensTable {
  token_hash: string;
  user_id: string;
  /** 'verify-email' | 'reset-password' */
  purpose: string;
  email: string;
  expires_at: Int;
}

/** Open buy lots, consumed first-in first-out by sells: the source of openPositions and cost basis. */
export interface LotsTable {
  /** Time-ordered id (see new-id.ts), so ordering by id is first-in first-out. */
  id: string;
  portfolio_id: string;
  symbol: string;
  shares: Int;
  price: Int;
  created_at: Int;
}

/**
 * Running totals of one holding's open lots, kept by the ledger with every lot it adds or
 * consumes (decision 006); no row when no lot is open.
 */
export interface LotTotalsTable {
  portfolio_id: string;
  symbol: string;
  /** The open lots' shares (1e-8 units): free plus reserved shares of the symbol. */
  shares: Int;
  /**
   * Of those, the free shares: not reserved by a working SELL order, whose shares are on the order
   * (migration 013, docs/decisions/024-holdings-in-lot-totals.md). 0 <= free_shares <= shares.
   */
  free_shares: DefaultInt;
  /** sum(shares x price) over the open lots, in 1e-16 dollars, as decimal text (it outgrows 64 bits). */
  cost: string;
}

export interface TransactionsTable {
  id: string;
  portfolio_id: string;
  epoch: Int;
  type: string;
  method: string;
  symbol: string;
  shares: Int;
  total_cents: Int;
  price: Int;
  /** The fee a contest's rules charged on this fill, in cents (0 when none). */
  fee_cents: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  position_id: string | null;
  created_at: Int;
  /** On a working order's fill (migration 008): its kind, the tick price, and why, in words. */
  trigger_type: OptionalText;
  trigger_price: OptionalInt;
  trigger_reason: OptionalText;
  /** The trader's note (migration 023), a working order's carried to its fill. */
  note: OptionalText;
  /** A fill that walked the book (migration 024): the mid, the levels taken, the shares asked. */
  mid_price: OptionalInt;
  levels: OptionalInt;
  requested_shares: OptionalInt;
}

export interface LimitOrdersTable {
  id: string;
  portfolio_id: string;
  epoch: Int;
  symbol: string;
  type: string;
  /** The limit; 0 for a STOP or TRAILING_STOP, which have none. */
  limit_price: Int;
  /** LIMIT | STOP | STOP_LIMIT | TRAILING_STOP (migration 008; decision 012). */
  order_type: DefaultText;
  /** 1 while waiting for its stop (in limit_orders_stops), 0 while working as a limit. */
  armed: DefaultInt;
  stop_price: OptionalInt;
  /** A trailing order's trail: basis points of the water mark, or price units. */
  trail_bps: OptionalInt;
  trail_amount: OptionalInt;
  /** A trailing order's highest (SELL) or lowest (PURCHASE) price since placing. */
  water_mark: OptionalInt;
  /** GTC | DAY | GTD */
  time_in_force: DefaultText;
  expires_at: OptionalInt;
  triggered_at: OptionalInt;
  /** Cash reserved by a PURCHASE (cents). */
  purchase_cents: NullableInt;
  /** Shares reserved by a SELL (1e-8 units). */
  sell_shares: NullableInt;
  status: string;
  created_at: Int;
  closed_at: NullableInt;
  fill_price: NullableInt;
  transaction_id: string | null;
  /** A bracket leg's purchase (migration 009). */
  parent_id: string | null;
  /** The pair this leg belongs to; the leg whose id it is holds the pair's reservation. */
  oco_group_id: string | null;
  /** TAKE_PROFIT | STOP_LOSS on a bracket or OCO leg. */
  leg: string | null;
  /** A purchase's bracket, until it fills: the take-profit limit and the stop-loss terms. */
  tp_limit_price: OptionalInt;
  sl_stop_price: OptionalInt;
  sl_trail_bps: OptionalInt;
  sl_trail_amount: OptionalInt;
  /** The trader's note (migration 023), handed to the transaction the order fills into. */
  note: OptionalText;
  /** Shares got so far in partial fills (migration 025); purchase_cents / sell_shares hold the rest. */
  filled_shares: DefaultInt;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  text: string;
  url: string;
  read: Int;
  created_at: Int;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Int;
}

export interface BalanceSnapshotsTable {
  portfolio_id: string;
  epoch: Int;
  ts: Int;
  balance_cents: Int;
}

export interface AssetsTable {
  id: string;
  symbol: string;
  name: string;
  position: Int;
  price: Int;
  volatility: number;
  updated_at: Int;
}

export interface CandlesTable {
  asset_id: string;
  interval: string;
  start_ts: Int;
  open: Int;
  high: Int;
  low: Int;
  close: Int;
  /** Base-asset volume in share units, for imported candles (migration 014); null for the simulator's. */
  volume: OptionalInt;
}

export interface MarketStateTable {
  key: string;
  value: string;
}

/** Shares takers consumed from one side of an asset's simulated book, as of `at` (migration 016). */
export interface OrderBookConsumptionTable {
  asset_id: string;
  side: 'bid' | 'ask';
  shares: Int;
  at: Int;
}

/** A replay contest's books' consumption (migration 027), as order_book_consumption's. */
export interface ReplayBookConsumptionTable {
  contest_id: string;
  asset_id: string;
  side: 'bid' | 'ask';
  shares: Int;
  at: Int;
  /** The side's whole depth when last taken: what its refill is measured against. */
  side_total: Int;
}

export interface RateLimitsTable {
  key: string;
  count: Int;
  reset_at: Int;
}

export interface SecondFactorsTable {
  user_id: string;
  /** AES-256-GCM under the server key (second-factor.ts), never sent out after setup. */
  secret: string;
  enabled_at: NullableInt;
  last_step: NullableInt;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
}

/** Price alerts (migration 007): waiting while triggered_at is null, fired once otherwise. */
export interface PriceAlertsTable {
  id: string;
  user_id: string;
  symbol: string;
  /** 'ABOVE' | 'BELOW' */
  direction: string;
  /** The level, in 1e-8 dollars like every price. */
  price: Int;
  created_at: Int;
  triggered_at: NullableInt;
}

/** A user's reading and quiz state of one lesson (migration 015); `lesson` is its slug. */
export interface LessonProgressTable {
  user_id: string;
  lesson: string;
  read_at: OptionalInt;
  attempts: DefaultInt;
  best_score: OptionalInt;
  last_score: OptionalInt;
  /** The quiz's question count at the latest attempt. */
  total: OptionalInt;
  /** JSON array of the latest attempt's choice ids, in question order. */
  last_answers: OptionalText;
  last_attempt_at: OptionalInt;
}

/** A class's assignments (migration 022); `tasks` is AssignmentTask[] as JSON. */
export interface AssignmentsTable {
  id: string;
  contest_id: string;
  title: string;
  due_at: Int;
  tasks: string;
  created_at: Int;
  updated_at: Int;
}

/** Every graded quiz attempt (migration 022), for when a PASS_QUIZ task was first met. */
export interface QuizAttemptsTable {
  user_id: string;
  lesson: string;
  score: Int;
  total: Int;
  at: Int;
}

export interface DB {
  users: UsersTable;
  portfolios: PortfoliosTable;
  contests: ContestsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  client_orders: ClientOrdersTable;
  verification_tokens: VerificationTokensTable;
  lots: LotsTable;
  lot_totals: LotTotalsTable;
  transactions: TransactionsTable;
  limit_orders: LimitOrdersTable;
  notifications: NotificationsTable;
  follows: FollowsTable;
  balance_snapshots: BalanceSnapshotsTable;
  assets: AssetsTable;
  candles: CandlesTable;
  market_state: MarketStateTable;
  order_book_consumption: OrderBookConsumptionTable;
  replay_book_consumption: ReplayBookConsumptionTable;
  rate_limits: RateLimitsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  price_alerts: PriceAlertsTable;
  lesson_progress: LessonProgressTable;
  assignments: AssignmentsTable;
  quiz_attempts: QuizAttemptsTable;
}
