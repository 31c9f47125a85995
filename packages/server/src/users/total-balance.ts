import {
  clampRecordedBalance,
  totalBalanceCents as computeTotal,
  type Cents,
  type HoldingInput,
  type PriceUnits,
} from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { batchRows, idIn } from '../db/batch-rows.ts';
import type { DB } from '../db/schema.ts';
import { inTransaction, isPostgres } from '../db/transaction.ts';
import { chunks } from './chunks.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Working orders named by a literal, not a parameter: SQLite uses the partial index
 * limit_orders_portfolio_working only when the query's WHERE visibly implies the index's WHERE.
 */
export const WORKING = sql.lit('WORKING');

export async function currentPrices(db: Db): Promise<Map<string, PriceUnits>> {
  const rows = await db.selectFrom('assets').select(['symbol', 'price']).execute();
  return new Map(rows.map((r) => [r.symbol, BigInt(r.price)]));
}

/**
 * docs/product.md, Total balance: cash + the open lots' shares (free and reserved, decision 041)
 * at current prices + the cash reserved by working PURCHASE orders.
 */
export async function totalBalanceCents(
  db: Db,
  portfolioId: string,
  prices?: ReadonlyMap<string, PriceUnits>,
): Promise<Cents> {
  const [user, holdings, reserved, priceMap] = await Promise.all([
    db
      .selectFrom('portfolios')
      .select(['cash_cents'])
      .where('id', '=', portfolioId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lot_totals')
      .select(['symbol', 'shares'])
      .where('portfolio_id', '=', portfolioId)
      .where('shares', '>', 0n)
      .execute(),
    db
      .selectFrom('limit_orders')
      .select((eb) => eb.fn.sum<Amount | null>('purchase_cents').as('cents'))
      .where('portfolio_id', '=', portfolioId)
      .where('status', '=', WORKING)
      .where('type', '=', sql.lit('PURCHASE'))
      .executeTakeFirst(),
    prices ? Promise.resolve(prices) : currentPrices(db),
  ]);
  return computeTotal({
    cashCents: BigInt(user.cash_cents) + BigInt(reserved?.cents ?? 0n),
    holdings: holdings.map((h) => ({ symbol: h.symbol, shares: BigInt(h.shares) })),
    workingOrders: [],
    prices: priceMap,
  });
}

/** Snapshots closer together than this replace each other, so a burst of trades is one point. */
export const SNAPSHOT_MERGE_MS = 60_000;

/** A balance point of one user at `now` (see recordBalanceSnapshots). */
export function recordBalanceSnapshot(
  db: Db,
  portfolioId: string,
  now = Date.now(),
): Promise<void> {
  return recordBalanceSnapshots(db, [portfolioId], now);
}

/** Portfolios whose balance points are written in one transaction: a tick's fills touch about 1,000. */
const POINTS_PER_TRANSACTION = 2_000;

/**
 * The balance point at `at` of each portfolio (the total of docs/product.md, in its current epoch),
 * replacing any point of its less than a minute older: six statements whatever their number
 * (one per table read, one delete, one insert; the ids bound as one parameter, db/batch-rows.ts),
 * in one transaction per POINTS_PER_TRANSACTION (the caller's, when `db` is one).
 */
export async function recordBalanceSnapshots(
  db: Db,
  portfolioIds: readonly string[],
  at: number,
): Promise<void> {
  for (const ids of chunks([...new Set(portfolioIds)], POINTS_PER_TRANSACTION)) {
    await inTransaction(db, (trx) => writeSnapshots(trx, ids, at));
  }
}

type Amount = bigint | number | string;

/**
 * The total balance (docs/product.md) of each of these portfolios, in four statements whatever
 * their number (the ids bound as one parameter). `lock` takes KEY SHARE on PostgreSQL: a portfolio
 * deleted meanwhile waits for the caller's inserts instead of failing them.
 */
export async function loadPortfolioTotals(
  trx: Transaction<DB>,
  ids: readonly string[],
  lock = false,
  /** Prices to value at instead of the market's (a replay contest's, contests/replay-price.ts). */
  at?: ReadonlyMap<string, PriceUnits>,
): Promise<Map<string, { epoch: bigint; totalCents: Cents }>> {
  const totals = new Map<string, { epoch: bigint; totalCents: Cents }>();
  if (!ids.length) return totals;
  const of = (column: string) => idIn(trx, column, ids);
  const { rows: portfolios } = await sql<{ id: string; epoch: Amount; cash_cents: Amount }>`
    SELECT id, epoch, cash_cents FROM portfolios WHERE ${of('id')}${lock && isPostgres(trx) ? sql` FOR KEY SHARE` : sql``}`.execute(
    trx,
  );
  if (!portfolios.length) return totals;
  // A symbol's free and reserved shares are valued together (docs/decisions/041), so the open
  // lots' total, free plus reserved, stands for the working sells: no sell order is read.
  const { rows: holdings } = await sql<{ portfolio_id: string; symbol: string; shares: Amount }>`
    SELECT portfolio_id, symbol, shares FROM lot_totals WHERE ${of('portfolio_id')} AND shares > 0`.execute(
    trx,
  );
  // Reserved cash per portfolio, summed in SQL through the partial index
  // limit_orders_portfolio_working (the literal lets SQLite see that it applies).
  const { rows: purchases } = await sql<{ portfolio_id: string; cents: Amount | null }>`
    SELECT portfolio_id, SUM(purchase_cents) AS cents FROM limit_orders
    WHERE ${of('portfolio_id')} AND status = ${WORKING} AND type = 'PURCHASE' GROUP BY portfolio_id`.execute(
    trx,
  );
  const prices = at ?? (await currentPrices(trx));

  const held = new Map<string, HoldingInput[]>();
  for (const h of holdings) {
    let list = held.get(h.portfolio_id);
    if (!list) held.set(h.portfolio_id, (list = []));
    list.push({ symbol: h.symbol, shares: BigInt(h.shares) });
  }
  // One row per portfolio (grouped): the cash its working buys reserve.
  const reserved = new Map(purchases.map((p) => [p.portfolio_id, BigInt(p.cents ?? 0n)]));
  for (const u of portfolios) {
    totals.set(u.id, {
      epoch: BigInt(u.epoch),
      totalCents: computeTotal({
        cashCents: BigInt(u.cash_cents) + (reserved.get(u.id) ?? 0n),
        holdings: held.get(u.id) ?? [],
        workingOrders: [],
        prices,
      }),
    });
  }
  return totals;
}

async function writeSnapshots(trx: Transaction<DB>, ids: string[], at: number): Promise<void> {
  const totals = await loadPortfolioTotals(trx, ids, true);
  if (!totals.size) return;
  const points = batchRows(
    trx,
    { id: 'text', epoch: 'bigint', balance: 'bigint' },
    [...totals].map(([id, t]) => [id, t.epoch, clampRecordedBalance(t.totalCents)]),
  );
  await sql`DELETE FROM balance_snapshots
    WHERE (portfolio_id, epoch) IN (SELECT id, epoch FROM ${points} AS p) AND ts > ${BigInt(at - SNAPSHOT_MERGE_MS)}`.execute(
    trx,
  );
  await sql`INSERT INTO balance_snapshots (portfolio_id, epoch, ts, balance_cents)
    SELECT p.id, p.epoch, CAST(${at} AS bigint), p.balance FROM ${points} AS p`.execute(trx);
}
