import type { Cents, PriceUnits, ShareUnits } from '@papertrade/domain';
import { sql, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { literalLimit } from '../db/literal-limit.ts';
import { statementByShape } from '../db/statement-by-shape.ts';
import { isPostgres, portfolioClosed, type LockedPortfolio, type Trx } from '../db/transaction.ts';
import { notFound } from '../http/app-error.ts';
import { FIRST_LOT_PAGE, type LotRow, type LotsTaken } from './consume-lots.ts';
import { ledgerAssert } from './ledger-assertions.ts';
import { lotCost, type LotDelta } from './lot-totals.ts';

/**
 * The statements of one market order (docs/decisions/022-lean-order-path.md): each compiled once
 * per database, as the tick's are (docs/decisions/018-tick-statements-compiled-once.md), and each
 * read folded into the portfolio's row lock, so a buy or a sell writes what it must and reads
 * nothing after its first statement that a write did not return.
 */

/** A statement whose text never changes: Kysely compiles it on its first run per database. */
function compiledOnce<I>(
  build: (input: I) => RawBuilder<unknown>,
  parameters: (input: I) => unknown[],
) {
  const compiled = statementByShape<I>({ shape: () => '', build, parameters });
  return <R = unknown>(trx: Kysely<DB>, input: I): Promise<QueryResult<R>> =>
    trx.executeQuery<R>(compiled<DB>(trx, input));
}

/**
 * What an order that read nothing under a lock decided its fill from (ledger/order-inputs.ts),
 * checked by its first write's WHERE: the portfolio still at `version`, in `epoch` and open, the
 * asset at `price` and the owner's settings (its costs, decision 013) still `settings`. The write
 * then also increases the version, as a lock would have.
 */
export interface OrderGuard {
  version: bigint;
  epoch: bigint;
  price: PriceUnits;
  settings: string | null;
}

/** The guard's conditions on `portfolios`, its parameters in guardParameters' order. */
const guardSql = (g: OrderGuard, symbol: string, postgres: boolean) =>
  sql`version = ${g.version} AND epoch = ${g.epoch} AND closed_at IS NULL
    AND (SELECT price FROM assets WHERE symbol = ${symbol}) = ${g.price}
    AND (SELECT settings FROM users WHERE users.id = portfolios.user_id) ${postgres ? sql`IS NOT DISTINCT FROM` : sql`IS`} ${g.settings}`;
const guardParameters = (g: OrderGuard, symbol: string) => [
  g.version,
  g.epoch,
  symbol,
  g.price,
  g.settings,
];

/**
 * A guarded write that found its portfolio changed: nothing was written. `price` is set when the
 * portfolio itself was still at the guard's version and only the asset's price had moved (a tick
 * between the order's decision and its write): the order may decide again at that price and
 * write once more under the same guard, instead of taking the lock. Known on PostgreSQL, where
 * the write returns what it saw; on SQLite a miss costs only the lock read in the same transaction.
 */
export interface GuardMiss {
  missed: true;
  price?: PriceUnits;
}

/** What a guarded PostgreSQL write saw when its guard found no row (guardSeenSql's columns). */
interface SeenRow {
  seen_version?: string | number | null;
  seen_price?: string | number | null;
}

/**
 * The portfolio's version and the asset's price as the guarded statement saw them: a statement's
 * last SELECT reads the snapshot the whole statement started from, so on a miss these are the
 * values the guard compared.
 */
const guardSeenSql = (portfolioId: string, symbol: string) =>
  sql`, (SELECT version FROM portfolios WHERE id = ${portfolioId}) AS seen_version,
    (SELECT price FROM assets WHERE symbol = ${symbol}) AS seen_price`;

function guardMiss(guard: OrderGuard, row: SeenRow | undefined): GuardMiss {
  const seen = row?.seen_price;
  const moved =
    row?.seen_version != null &&
    BigInt(row.seen_version) === guard.version &&
    seen != null &&
    BigInt(seen) !== guard.price;
  return moved ? { missed: true, price: BigInt(seen) } : { missed: true };
}

/** What a market order knows once it holds its portfolio's lock. */
export interface OrderLock extends LockedPortfolio {
  /** The asset's price; null for a symbol the market does not list. */
  price: PriceUnits | null;
  /** The owner's settings (a main portfolio's costs come from them, decision 013). */
  settings: string | null;
  /** Free shares of the symbol (not reserved by a working order). */
  freeShares: ShareUnits;
  /** The symbol's open-lot totals (lot-totals.ts). */
  lotTotals: LotDelta;
  /** For a sale, the oldest open lots of the symbol (consumeLots' first page), when current. */
  firstLots?: LotRow[];
}

interface LockRow {
  id: string;
  user_id: string;
  epoch: bigint | number | string;
  cash_cents: bigint | number | string;
  contest_id: string | null;
  closed_at: bigint | number | string | null;
  version: bigint | number | string;
  seen_version?: bigint | number | string | null;
  price: bigint | number | string | null;
  settings: string | null;
  free_shares: bigint | number | string | null;
  lot_shares: bigint | number | string | null;
  lot_cost: string | null;
  /** JSON text on SQLite, parsed JSON on PostgreSQL. */
  first_lots?: string | [string, string, string][] | null;
}

interface LockInput {
  portfolioId: string;
  symbol: string;
  postgres: boolean;
  /** A sale: the lock also returns the oldest lots of the symbol. */
  lots: boolean;
}

/**
 * The portfolio's row lock and the order's inputs, returned through subqueries.
 *
 * PostgreSQL: the lock is the version's increase (migration 011). A subquery reads the
 * statement's snapshot, taken before a lock it waited for: `seen_version` is the version in that
 * snapshot, and when it is not the locked version minus one, another writer of this portfolio
 * committed in between, so its lot totals (free shares included) are read again (every writer of them holds
 * this lock, db/transaction.ts). The price and the settings may be that moment older: the order
 * is priced as it arrived.
 *
 * SQLite runs one transaction at a time, so a read is as good as a lock and always current; the
 * version then increases with the order's cash move (moveLockedCash), so an order refused under
 * the lock writes nothing at all, and a refused order inside a group commit (db/group-commit.ts)
 * leaves no trace in the group.
 */
const lockStatement = statementByShape<LockInput>({
  shape: ({ lots }) => (lots ? 'lots' : ''),
  build: ({ portfolioId, symbol, postgres, lots }) => {
    // A sale's oldest lots, the page consumeLots would read first, as [id, shares, price] text.
    const page = literalLimit(FIRST_LOT_PAGE);
    const firstLots = !lots
      ? sql``
      : postgres
        ? sql`, (SELECT json_agg(json_build_array(l.id, l.shares::text, l.price::text) ORDER BY l.id)
            FROM (SELECT id, shares, price FROM lots WHERE portfolio_id = portfolios.id AND symbol = ${symbol}
            ORDER BY id LIMIT ${page}) AS l) AS first_lots`
        : sql`, (SELECT json_group_array(json_array(l.id, CAST(l.shares AS TEXT), CAST(l.price AS TEXT)))
            FROM (SELECT id, shares, price FROM lots WHERE portfolio_id = portfolios.id AND symbol = ${symbol}
            ORDER BY id LIMIT ${page}) AS l) AS first_lots`;
    const inputs = sql`(SELECT price FROM assets WHERE symbol = ${symbol}) AS price,
      (SELECT settings FROM users WHERE users.id = portfolios.user_id) AS settings,
      (SELECT free_shares FROM lot_totals WHERE portfolio_id = portfolios.id AND symbol = ${symbol}) AS free_shares,
      (SELECT shares FROM lot_totals WHERE portfolio_id = portfolios.id AND symbol = ${symbol}) AS lot_shares,
      (SELECT cost FROM lot_totals WHERE portfolio_id = portfolios.id AND symbol = ${symbol}) AS lot_cost${firstLots}`;
    return postgres
      ? sql`UPDATE portfolios SET version = version + 1 WHERE id = ${portfolioId}
        RETURNING id, user_id, epoch, cash_cents, contest_id, closed_at, version,
        (SELECT s.version FROM portfolios AS s WHERE s.id = portfolios.id) AS seen_version, ${inputs}`
      : sql`SELECT id, user_id, epoch, cash_cents, contest_id, closed_at, version + 1 AS version, ${inputs}
        FROM portfolios WHERE id = ${portfolioId}`;
  },
  parameters: ({ portfolioId, symbol, postgres, lots }) => {
    const symbols = lots
      ? [symbol, symbol, symbol, symbol, symbol]
      : [symbol, symbol, symbol, symbol];
    return postgres ? [portfolioId, ...symbols] : [...symbols, portfolioId];
  },
});

const heldStatement = compiledOnce<{ portfolioId: string; symbol: string }>(
  ({ portfolioId, symbol }) =>
    sql`SELECT (SELECT free_shares FROM lot_totals WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol}) AS free_shares,
      (SELECT shares FROM lot_totals WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol}) AS lot_shares,
      (SELECT cost FROM lot_totals WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol}) AS lot_cost`,
  ({ portfolioId, symbol }) => [portfolioId, symbol, portfolioId, symbol, portfolioId, symbol],
);

const big = (value: bigint | number | string | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);

/**
 * A market order's lock: what lockPortfolio (db/transaction.ts) does, refusing a missing or
 * closed portfolio, plus the price, the owner's settings and the symbol's lot totals, in one
 * statement (two on PostgreSQL when another order of the portfolio committed while it waited).
 */
export async function lockForOrder(
  trx: Trx,
  portfolioId: string,
  symbol: string,
  { lots = false }: { lots?: boolean } = {},
): Promise<OrderLock> {
  const postgres = isPostgres(trx);
  const [row] = (
    await trx.executeQuery<LockRow>(lockStatement<DB>(trx, { portfolioId, symbol, postgres, lots }))
  ).rows;
  if (!row) throw notFound('USER_NOT_FOUND', 'No such user');
  if (row.closed_at !== null) throw portfolioClosed();
  const version = big(row.version);
  let held: Pick<LockRow, 'free_shares' | 'lot_shares' | 'lot_cost' | 'first_lots'> = row;
  if (postgres && big(row.seen_version) + 1n !== version) {
    // Stale: the sale's lots are read by consumeLots itself.
    [held] = (await heldStatement<typeof held>(trx, { portfolioId, symbol })).rows as [typeof held];
  }
  return {
    id: row.id,
    userId: row.user_id,
    epoch: big(row.epoch),
    cashCents: big(row.cash_cents),
    contestId: row.contest_id,
    closedAt: null,
    version,
    price: row.price === null ? null : BigInt(row.price),
    settings: row.settings,
    freeShares: big(held.free_shares),
    lotTotals: { shares: big(held.lot_shares), cost: big(held.lot_cost) },
    firstLots:
      lots && held.first_lots !== undefined ? lotRows(portfolioId, held.first_lots) : undefined,
  };
}

function lotRows(portfolioId: string, value: string | [string, string, string][] | null): LotRow[] {
  const list =
    typeof value === 'string' ? (JSON.parse(value) as [string, string, string][]) : value;
  return (list ?? []).map(([id, shares, price]) => ({
    id,
    portfolio_id: portfolioId,
    shares: BigInt(shares),
    price: BigInt(price),
  }));
}

const moveCashStatement = compiledOnce<{ portfolioId: string; cents: Cents; postgres: boolean }>(
  ({ portfolioId, cents, postgres }) =>
    sql`UPDATE portfolios SET cash_cents = cash_cents + ${cents}${postgres ? sql`` : sql`, version = version + 1`}
      WHERE id = ${portfolioId} AND cash_cents + ${cents} >= 0`,
  ({ portfolioId, cents }) => [cents, portfolioId, cents],
);

/**
 * Adds `cents` (negative: takes them, zero: moves nothing) to the cash of a portfolio locked by
 * lockForOrder, whose balance the caller checked under the lock (its bounds and its funds); the
 * guard is a second check, not the first. On SQLite it is also the version's increase.
 */
export async function moveLockedCash(trx: Trx, portfolioId: string, cents: Cents): Promise<void> {
  const result = await moveCashStatement(trx, { portfolioId, cents, postgres: isPostgres(trx) });
  if (result.numAffectedRows === 0n)
    throw new Error(`cash of ${portfolioId} would go negative by ${cents}`);
}

const guardedCashStatement = compiledOnce<{
  portfolioId: string;
  cents: Cents;
  symbol: string;
  guard: OrderGuard;
}>(
  ({ portfolioId, cents, symbol, guard }) =>
    sql`UPDATE portfolios SET cash_cents = cash_cents + ${cents}, version = version + 1
      WHERE id = ${portfolioId} AND cash_cents + ${cents} >= 0 AND ${guardSql(guard, symbol, false)}`,
  ({ portfolioId, cents, symbol, guard }) => [
    cents,
    portfolioId,
    cents,
    ...guardParameters(guard, symbol),
  ],
);

/**
 * moveLockedCash for an order that took no lock (SQLite, where the cash move is the version's
 * increase): false, and nothing moved, when the guard finds the portfolio changed.
 */
async function moveGuardedCash(
  trx: Trx,
  portfolioId: string,
  cents: Cents,
  symbol: string,
  guard: OrderGuard,
): Promise<boolean> {
  const result = await guardedCashStatement(trx, { portfolioId, cents, symbol, guard });
  return result.numAffectedRows === 1n;
}

interface LotInput {
  id: string;
  portfolioId: string;
  symbol: string;
  shares: ShareUnits;
  price: PriceUnits;
  at: number;
}

const insertLotStatement = compiledOnce<LotInput>(
  (l) =>
    sql`INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (${l.id}, ${l.portfolioId}, ${l.symbol}, ${l.shares}, ${l.price}, ${l.at})`,
  (l) => [l.id, l.portfolioId, l.symbol, l.shares, l.price, l.at],
);

/** A buy's open lot; its lot totals are the caller's to move (setLotTotals). */
export async function insertOpenLot(trx: Trx, lot: LotInput): Promise<void> {
  await insertLotStatement(trx, lot);
}

const setTotalsStatement = compiledOnce<{
  portfolioId: string;
  symbol: string;
  shares: bigint;
  cost: string;
  free: bigint;
}>(
  ({ portfolioId, symbol, shares, cost, free }) =>
    sql`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost, free_shares) VALUES (${portfolioId}, ${symbol}, ${shares}, ${cost}, ${free})
      ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost,
        free_shares = lot_totals.free_shares + excluded.free_shares`,
  ({ portfolioId, symbol, shares, cost, free }) => [portfolioId, symbol, shares, cost, free],
);

/**
 * A buy's lot totals: their value read under the portfolio's lock (`before`) and the new lot
 * (`change`), with `free` of its shares added to the free shares, in one statement, no read.
 * `cost` stays exact decimal text. (A sale's go down through consumeLots.)
 */
export async function setLotTotals(
  trx: Trx,
  portfolioId: string,
  symbol: string,
  before: LotDelta,
  change: LotDelta,
  free = 0n,
): Promise<void> {
  const shares = before.shares + change.shares;
  const cost = before.cost + change.cost;
  // A buy's totals only grow; anything else means lots were moved that the totals never counted.
  if (shares <= 0n || cost <= 0n || free < 0n || free > change.shares)
    throw new Error(
      `lot totals of ${portfolioId} ${symbol} would be ${shares} shares, cost ${cost}, ${free} more free`,
    );
  await setTotalsStatement(trx, { portfolioId, symbol, shares, cost: cost.toString(), free });
}

export interface MarketTransaction {
  id: string;
  portfolio_id: string;
  epoch: bigint;
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  shares: bigint;
  total_cents: bigint;
  price: bigint;
  fee_cents: bigint;
  created_at: number;
  /** The trader's note (migration 023): one more value of the insert, no statement of its own. */
  note: string | null;
  /** A fill that walked the book (migration 024): its mid, levels and, filled in part, shares asked. */
  mid_price: bigint | null;
  levels: bigint | null;
  requested_shares: bigint | null;
}

/** A market fill's record as the values of transactions' columns (recordInsert), in order. */
const recordValues = (t: MarketTransaction) =>
  sql`${t.id}, ${t.portfolio_id}, ${t.epoch}, ${t.type}, 'MARKET', ${t.symbol}, ${t.shares}, ${t.total_cents}, ${t.price}, NULL, ${t.fee_cents}, ${t.created_at}, ${t.note}, ${t.mid_price}, ${t.levels}, ${t.requested_shares}`;
/** recordValues' parameters, in their order (statementByShape checks them against the text). */
const recordParameters = (t: MarketTransaction) => [
  t.id,
  t.portfolio_id,
  t.epoch,
  t.type,
  t.symbol,
  t.shares,
  t.total_cents,
  t.price,
  t.fee_cents,
  t.created_at,
  t.note,
  t.mid_price,
  t.levels,
  t.requested_shares,
];
const recordInsert = sql`INSERT INTO transactions (id, portfolio_id, epoch, type, method, symbol, shares, total_cents, price, position_id, fee_cents, created_at, note, mid_price, levels, requested_shares)`;

const insertTransactionStatement = compiledOnce<MarketTransaction>(
  (t) => sql`${recordInsert} VALUES (${recordValues(t)})`,
  recordParameters,
);

/** A market fill's transaction record (a market fill belongs to no working order). */
export async function insertMarketTransaction(trx: Trx, row: MarketTransaction): Promise<void> {
  await insertTransactionStatement(trx, row);
}

/** Everything a market buy writes, decided under its lock. */
export interface BuyWrites {
  portfolioId: string;
  symbol: string;
  /** Cash taken: the cost and the fee. */
  cents: Cents;
  /** Free shares before the buy, as the lock read them. */
  held: ShareUnits;
  lot: LotInput;
  /** The symbol's lot totals before the buy, as the lock read them. */
  totals: LotDelta;
  transaction: MarketTransaction;
}

interface BuyRow {
  cents: bigint;
  shares: bigint;
  totalShares: bigint;
  totalCost: string;
  lot: LotInput;
  t: MarketTransaction;
  portfolioId: string;
  symbol: string;
  guard?: OrderGuard;
}

/**
 * A buy's four writes as one statement on PostgreSQL, where each statement is a round trip to
 * another process: data-modifying CTEs. The rows are inserted from the cash move's row, so when
 * its guard finds no row (the funds, or a guarded order's portfolio changed) nothing is written
 * and the statement says so. Guarded, it is the order's only statement: a statement commits alone.
 */
const buyStatement = statementByShape<BuyRow>({
  shape: ({ guard }) => (guard ? 'guarded' : ''),
  build: (b) => sql`WITH cash AS (
      UPDATE portfolios SET cash_cents = cash_cents - ${b.cents}${b.guard ? sql`, version = version + 1` : sql``}
      WHERE id = ${b.portfolioId} AND cash_cents >= ${b.cents}${b.guard ? sql` AND ${guardSql(b.guard, b.symbol, true)}` : sql``} RETURNING id),
    lot AS (
      INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
      SELECT ${b.lot.id}, ${b.lot.portfolioId}, ${b.lot.symbol}, ${b.lot.shares}, ${b.lot.price}, ${b.lot.at} FROM cash RETURNING 1),
    totals AS (
      INSERT INTO lot_totals (portfolio_id, symbol, shares, cost, free_shares)
      SELECT ${b.portfolioId}, ${b.symbol}, ${b.totalShares}, ${b.totalCost}, ${b.shares} FROM cash
      ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost,
        free_shares = lot_totals.free_shares + excluded.free_shares RETURNING 1),
    record AS (
      ${recordInsert} SELECT ${recordValues(b.t)} FROM cash RETURNING 1)
    SELECT (SELECT count(*) FROM cash) AS cash, (SELECT count(*) FROM lot)
      + (SELECT count(*) FROM totals) + (SELECT count(*) FROM record) AS rows${b.guard ? guardSeenSql(b.portfolioId, b.symbol) : sql``}`,
  parameters: (b) => [
    b.cents,
    b.portfolioId,
    b.cents,
    ...(b.guard ? guardParameters(b.guard, b.symbol) : []),
    b.lot.id,
    b.lot.portfolioId,
    b.lot.symbol,
    b.lot.shares,
    b.lot.price,
    b.lot.at,
    b.portfolioId,
    b.symbol,
    b.totalShares,
    b.totalCost,
    b.shares,
    ...recordParameters(b.t),
    ...(b.guard ? [b.portfolioId, b.symbol] : []),
  ],
});

/**
 * A market buy's writes: the cash, the open lot, its lot totals with the free shares, and the
 * transaction record; four statements on SQLite, one on PostgreSQL (buyStatement). Returns the
 * symbol's lot totals as written. With `guard` (an order that read nothing under a lock), null
 * when the guard finds the portfolio changed: nothing was written. On PostgreSQL a guarded buy
 * runs on `db` itself, outside any transaction.
 */
export async function writeBuy(
  trx: Kysely<DB>,
  b: BuyWrites,
  guard?: OrderGuard,
): Promise<LotDelta | GuardMiss> {
  assertBuy(b);
  const totalShares = b.totals.shares + b.lot.shares;
  const totalCost = b.totals.cost + lotCost(b.lot.shares, b.lot.price);
  if (!isPostgres(trx)) {
    const sqlite = trx as Trx;
    if (guard) {
      if (!(await moveGuardedCash(sqlite, b.portfolioId, -b.cents, b.symbol, guard)))
        return { missed: true };
    } else await moveLockedCash(sqlite, b.portfolioId, -b.cents);
    await insertOpenLot(sqlite, b.lot);
    await setLotTotals(
      sqlite,
      b.portfolioId,
      b.symbol,
      b.totals,
      { shares: b.lot.shares, cost: lotCost(b.lot.shares, b.lot.price) },
      b.lot.shares,
    );
    await insertMarketTransaction(sqlite, b.transaction);
    return { shares: totalShares, cost: totalCost };
  }
  const input: BuyRow = {
    cents: b.cents,
    shares: b.lot.shares,
    totalShares,
    totalCost: totalCost.toString(),
    lot: b.lot,
    t: b.transaction,
    portfolioId: b.portfolioId,
    symbol: b.symbol,
    guard,
  };
  const [row] = (
    await trx.executeQuery<{ cash: string | number; rows: string | number } & SeenRow>(
      buyStatement<DB>(trx, input),
    )
  ).rows;
  if (guard && Number(row?.cash) === 0) return guardMiss(guard, row);
  ledgerAssert(
    Number(row?.cash) === 1 && Number(row?.rows) === 3,
    `the buy of ${b.symbol} wrote cash ${String(row?.cash)}, rows ${String(row?.rows)}`,
    [b.portfolioId],
  );
  return { shares: totalShares, cost: totalCost };
}

/**
 * A buy's figures agree before anything is written (decision 021): the cash taken is the
 * record's total and fee, the lot and the record hold the same shares, all positive.
 */
function assertBuy(b: BuyWrites): void {
  const t = b.transaction;
  const ids = [b.portfolioId];
  ledgerAssert(t.shares > 0n && t.total_cents > 0n && t.fee_cents >= 0n, 'a buy of nothing', ids);
  ledgerAssert(
    b.cents === t.total_cents + t.fee_cents,
    `a buy took ${b.cents} for ${t.total_cents} and fee ${t.fee_cents}`,
    ids,
  );
  ledgerAssert(
    b.lot.shares === t.shares && b.held >= 0n,
    `a buy's lot holds ${b.lot.shares} of ${t.shares} shares`,
    ids,
  );
}

/** A sale's figures agree before anything is written: proceeds less the fee, shares it holds. */
function assertSell(w: SellWrites): void {
  const t = w.transaction;
  const ids = [w.portfolioId];
  ledgerAssert(t.shares > 0n && t.total_cents > 0n && t.fee_cents >= 0n, 'a sale of nothing', ids);
  ledgerAssert(
    w.cents === t.total_cents - t.fee_cents,
    `a sale credits ${w.cents} for ${t.total_cents} and fee ${t.fee_cents}`,
    ids,
  );
  ledgerAssert(
    w.shares === t.shares && w.shares <= w.held,
    `a sale of ${w.shares} of ${w.held} free shares`,
    ids,
  );
}

/** What a market sell writes besides its lots, decided under its lock. */
export interface SellWrites {
  portfolioId: string;
  symbol: string;
  /** Cash added: the proceeds less the fee. */
  cents: Cents;
  /** Free shares before the sale, as the lock read them. */
  held: ShareUnits;
  shares: ShareUnits;
  transaction: MarketTransaction;
}

/**
 * A sale's cash, free shares and record as one statement on PostgreSQL, as buyStatement: the free
 * shares and the record are written only when the cash move (and its guard) found its row.
 */
const sellStatement = statementByShape<SellWrites & { guard?: OrderGuard }>({
  shape: ({ guard }) => (guard ? 'guarded' : ''),
  build: (w) => sql`WITH cash AS (
      UPDATE portfolios SET cash_cents = cash_cents + ${w.cents}${w.guard ? sql`, version = version + 1` : sql``}
      WHERE id = ${w.portfolioId} AND cash_cents + ${w.cents} >= 0${w.guard ? sql` AND ${guardSql(w.guard, w.symbol, true)}` : sql``} RETURNING 1),
    held AS (
      UPDATE lot_totals SET free_shares = free_shares - ${w.shares}
      WHERE portfolio_id = ${w.portfolioId} AND symbol = ${w.symbol} AND free_shares >= ${w.shares}
        AND EXISTS (SELECT 1 FROM cash) RETURNING 1),
    record AS (
      ${recordInsert} SELECT ${recordValues(w.transaction)} FROM cash RETURNING 1)
    SELECT (SELECT count(*) FROM cash) AS cash, (SELECT count(*) FROM held) + (SELECT count(*) FROM cash) + (SELECT count(*) FROM record) AS rows`,
  parameters: (w) => [
    w.cents,
    w.portfolioId,
    w.cents,
    ...(w.guard ? guardParameters(w.guard, w.symbol) : []),
    w.shares,
    w.portfolioId,
    w.symbol,
    w.shares,
    ...recordParameters(w.transaction),
  ],
});

/**
 * A market sell's writes besides its lots (consumeLots): the cash and the transaction record, and
 * on PostgreSQL the free shares too, all three in one statement (sellStatement). On SQLite the free
 * shares go with the sale's lot totals, one upsert for both (consumeLots' `freeTaken`): returns the
 * free shares the caller must take that way, 0 when they are taken here. With `guard`, null when
 * the guard finds the portfolio changed: nothing was written.
 */
export async function writeSell(
  trx: Trx,
  w: SellWrites,
  guard?: OrderGuard,
): Promise<ShareUnits | null> {
  assertSell(w);
  if (!isPostgres(trx)) {
    if (guard) {
      if (!(await moveGuardedCash(trx, w.portfolioId, w.cents, w.symbol, guard))) return null;
    } else await moveLockedCash(trx, w.portfolioId, w.cents);
    await insertMarketTransaction(trx, w.transaction);
    return w.shares;
  }
  const [row] = (
    await trx.executeQuery<{ cash: string | number; rows: string | number }>(
      sellStatement<DB>(trx, { ...w, guard }),
    )
  ).rows;
  if (guard && Number(row?.cash) === 0) return null;
  ledgerAssert(Number(row?.rows) === 3, `the sale of ${w.symbol} wrote rows ${String(row?.rows)}`, [
    w.portfolioId,
  ]);
  return 0n;
}

/** A sale's lot totals after it: never negative, and shares and cost empty together. */
function assertTotalsLeft(totals: LotDelta, ids: readonly string[]): void {
  ledgerAssert(
    totals.shares >= 0n && totals.cost >= 0n && (totals.shares === 0n) === (totals.cost === 0n),
    `a sale would leave lot totals of ${totals.shares} shares, cost ${totals.cost}`,
    ids,
  );
}

interface KeptSale extends SellWrites {
  guard: OrderGuard;
  lots: LotsTaken;
  /** The symbol's lot totals after the sale. */
  totals: LotDelta;
}

/**
 * A sale with kept inputs and kept oldest lots as one statement on PostgreSQL, outside any
 * transaction, as a guarded buy (buyStatement): the guarded cash move, then, only when it found
 * its row, the lot totals (set, or deleted with the last lot), the lots emptied and the one
 * shrunk, and the record.
 */
const keptSaleStatement = statementByShape<KeptSale>({
  shape: ({ totals, lots }) =>
    `${totals.shares === 0n ? 'gone' : 'kept'}${lots.shrunk ? '+shrunk' : ''}`,
  build: (w) => sql`WITH cash AS (
      UPDATE portfolios SET cash_cents = cash_cents + ${w.cents}, version = version + 1
      WHERE id = ${w.portfolioId} AND cash_cents + ${w.cents} >= 0 AND ${guardSql(w.guard, w.symbol, true)} RETURNING 1),
    totals AS (${
      w.totals.shares === 0n
        ? sql`DELETE FROM lot_totals WHERE portfolio_id = ${w.portfolioId} AND symbol = ${w.symbol}
            AND free_shares = ${w.shares} AND EXISTS (SELECT 1 FROM cash) RETURNING 1`
        : sql`UPDATE lot_totals SET shares = ${w.totals.shares}, cost = ${w.totals.cost.toString()}, free_shares = free_shares - ${w.shares}
            WHERE portfolio_id = ${w.portfolioId} AND symbol = ${w.symbol} AND free_shares >= ${w.shares}
            AND EXISTS (SELECT 1 FROM cash) RETURNING 1`
    }),
    gone AS (
      DELETE FROM lots WHERE id = ANY(${w.lots.emptied}::text[]) AND portfolio_id = ${w.portfolioId}
      AND EXISTS (SELECT 1 FROM cash) RETURNING 1),${
        w.lots.shrunk
          ? sql`
    shrunk AS (
      UPDATE lots SET shares = ${w.lots.shrunk.shares} WHERE id = ${w.lots.shrunk.id} AND portfolio_id = ${w.portfolioId}
      AND EXISTS (SELECT 1 FROM cash) RETURNING 1),`
          : sql``
      }
    record AS (
      ${recordInsert} SELECT ${recordValues(w.transaction)} FROM cash RETURNING 1)
    SELECT (SELECT count(*) FROM cash) AS cash, (SELECT count(*) FROM totals) AS totals,
      (SELECT count(*) FROM gone) AS gone, ${w.lots.shrunk ? sql`(SELECT count(*) FROM shrunk)` : sql`0`} AS shrunk,
      (SELECT count(*) FROM record) AS record${guardSeenSql(w.portfolioId, w.symbol)}`,
  parameters: (w) => [
    w.cents,
    w.portfolioId,
    w.cents,
    ...guardParameters(w.guard, w.symbol),
    ...(w.totals.shares === 0n
      ? [w.portfolioId, w.symbol, w.shares]
      : [w.totals.shares, w.totals.cost.toString(), w.shares, w.portfolioId, w.symbol, w.shares]),
    w.lots.emptied,
    w.portfolioId,
    ...(w.lots.shrunk ? [w.lots.shrunk.shares, w.lots.shrunk.id, w.portfolioId] : []),
    ...recordParameters(w.transaction),
    w.portfolioId,
    w.symbol,
  ],
});

/**
 * A market sale decided from kept inputs and kept oldest lots (ledger/order-inputs.ts) on
 * PostgreSQL, in one statement that commits alone: a miss, and nothing written, when the guard
 * finds the portfolio changed.
 */
export async function writeKeptSale(
  db: Kysely<DB>,
  w: SellWrites,
  guard: OrderGuard,
  lots: LotsTaken,
  totals: LotDelta,
): Promise<true | GuardMiss> {
  assertSell(w);
  const ids = [w.portfolioId];
  assertTotalsLeft(totals, ids);
  ledgerAssert(
    -lots.taken.shares === w.shares,
    `a sale of ${w.shares} takes ${-lots.taken.shares} from its lots`,
    ids,
  );
  const [row] = (
    await db.executeQuery<
      Record<'cash' | 'totals' | 'gone' | 'shrunk' | 'record', string | number> & SeenRow
    >(keptSaleStatement<DB>(db, { ...w, guard, lots, totals }))
  ).rows;
  if (Number(row?.cash) === 0) return guardMiss(guard, row);
  ledgerAssert(
    Number(row?.totals) === 1 &&
      Number(row?.gone) === lots.emptied.length &&
      Number(row?.shrunk) === (lots.shrunk ? 1 : 0) &&
      Number(row?.record) === 1,
    `the sale of ${w.symbol} wrote ${Object.entries(row ?? {})
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}`,
    ids,
  );
  return true;
}

const deleteLotsStatement = compiledOnce<{ portfolioId: string; ids: string }>(
  ({ portfolioId, ids }) =>
    sql`DELETE FROM lots WHERE portfolio_id = ${portfolioId} AND id IN (SELECT value FROM json_each(${ids}))`,
  ({ portfolioId, ids }) => [portfolioId, ids],
);

const shrinkLotStatement = compiledOnce<{ portfolioId: string; id: string; shares: ShareUnits }>(
  ({ portfolioId, id, shares }) =>
    sql`UPDATE lots SET shares = ${shares} WHERE id = ${id} AND portfolio_id = ${portfolioId}`,
  ({ portfolioId, id, shares }) => [shares, id, portfolioId],
);

const setSoldTotalsStatement = compiledOnce<{
  portfolioId: string;
  symbol: string;
  shares: ShareUnits;
  cost: string;
  free: ShareUnits;
}>(
  ({ portfolioId, symbol, shares, cost, free }) =>
    sql`UPDATE lot_totals SET shares = ${shares}, cost = ${cost}, free_shares = ${free}
      WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol}`,
  ({ portfolioId, symbol, shares, cost, free }) => [shares, cost, free, portfolioId, symbol],
);

const dropSoldTotalsStatement = compiledOnce<{
  portfolioId: string;
  symbol: string;
  sold: ShareUnits;
}>(
  ({ portfolioId, symbol, sold }) =>
    sql`DELETE FROM lot_totals WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol} AND free_shares = ${sold}`,
  ({ portfolioId, symbol, sold }) => [portfolioId, symbol, sold],
);

/**
 * A SQLite sale's lots and lot totals when its oldest lots were known (kept or read under its
 * lock) and enough: what consumeLots would write, as planSale decided it, in statements compiled
 * once (consumeLots builds its batch statements on every call). The free shares go with the lot
 * totals, as consumeLots' `freeTaken` does. Each statement's row count is asserted.
 */
export async function writeSoldLots(
  trx: Trx,
  w: Pick<SellWrites, 'portfolioId' | 'symbol' | 'shares'>,
  lots: LotsTaken,
  totals: LotDelta,
  freeBefore: ShareUnits,
): Promise<void> {
  const { portfolioId, symbol } = w;
  const ids = [portfolioId];
  assertTotalsLeft(totals, ids);
  if (lots.emptied.length) {
    const gone = await deleteLotsStatement(trx, {
      portfolioId,
      ids: JSON.stringify(lots.emptied),
    });
    ledgerAssert(
      gone.numAffectedRows === BigInt(lots.emptied.length),
      `a sale emptied ${gone.numAffectedRows} of ${lots.emptied.length} lots`,
      ids,
    );
  }
  if (lots.shrunk) {
    const { id, shares } = lots.shrunk;
    const shrunk = await shrinkLotStatement(trx, { portfolioId, id, shares });
    ledgerAssert(shrunk.numAffectedRows === 1n, `a sale found no lot ${id} to shrink`, ids);
  }
  const written =
    totals.shares === 0n
      ? await dropSoldTotalsStatement(trx, { portfolioId, symbol, sold: w.shares })
      : await setSoldTotalsStatement(trx, {
          portfolioId,
          symbol,
          shares: totals.shares,
          cost: totals.cost.toString(),
          free: freeBefore - w.shares,
        });
  ledgerAssert(
    written.numAffectedRows === 1n,
    `a sale of ${symbol} found no lot totals to write`,
    ids,
  );
}
