import {
  clampRecordedBalance,
  totalBalanceCents as computeTotal,
  valueOfShares,
  type Cents,
  type HoldingInput,
  type PriceUnits,
} from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { batchRows, idIn } from '../db/batch-rows.ts';
import type { DB } from '../db/schema.ts';
import { inTransaction, isPostgres } from '../db/transaction.ts';
import { chunks } from './chunks.ts';
import { holdsReservation } from '../ledger/reserved-orders.ts';

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

/** docs/product.md, Total balance: cash + holdings at current prices + working orders (PURCHASE at purchaseAsk, SELL at sellAsk x price). */
export async function totalBalanceCents(
  db: Db,
  portfolioId: string,
  prices?: ReadonlyMap<string, PriceUnits>,
): Promise<Cents> {
  const [user, holdings, orders, priceMap] = await Promise.all([
    db
      .selectFrom('portfolios')
      .select(['cash_cents'])
      .where('id', '=', portfolioId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lot_totals')
      .select(['symbol', 'free_shares as shares'])
      .where('portfolio_id', '=', portfolioId)
      .where('free_shares', '>', 0n)
      .execute(),
    db
      .selectFrom('limit_orders')
      .select(['type', 'symbol', 'purchase_cents', 'sell_shares'])
      .where('portfolio_id', '=', portfolioId)
      .where('status', '=', WORKING)
      .where(holdsReservation)
      .execute(),
    prices ? Promise.resolve(prices) : currentPrices(db),
  ]);
  return computeTotal({
    cashCents: BigInt(user.cash_cents),
    holdings: holdings.map((h) => ({ symbol: h.symbol, shares: BigInt(h.shares) })),
    workingOrders: orders.map((o) => ({
      type: o.type as 'PURCHASE' | 'SELL',
      symbol: o.symbol,
      ...(o.purchase_cents !== null ? { purchaseCents: BigInt(o.purchase_cents) } : {}),
      ...(o.sell_shares !== null ? { sellShares: BigInt(o.sell_shares) } : {}),
    })),
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
 * replacing any point of its less than a minute older: seven statements whatever their number
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
 * The total balance (docs/product.md) of each of these portfolios, in five statements whatever
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
  const { rows: holdings } = await sql<{ portfolio_id: string; symbol: string; shares: Amount }>`
    SELECT portfolio_id, symbol, free_shares AS shares FROM lot_totals WHERE ${of('portfolio_id')} AND free_shares > 0`.execute(
    trx,
  );
  // Working orders summed in SQL through partial indexes, literals so SQLite sees they apply:
  // reserved cash per portfolio (limit_orders_portfolio_working), and reserved shares per
  // portfolio, symbol and order size (limit_orders_reserved_sells, migration 012), so each SELL
  // is still valued on its own as totalBalanceCents values it (rounded down per order).
  const { rows: purchases } = await sql<{ portfolio_id: string; cents: Amount | null }>`
    SELECT portfolio_id, SUM(purchase_cents) AS cents FROM limit_orders
    WHERE ${of('portfolio_id')} AND status = ${WORKING} AND type = 'PURCHASE' GROUP BY portfolio_id`.execute(
    trx,
  );
  const { rows: sells } = await sql<{
    portfolio_id: string;
    symbol: string;
    sell_shares: Amount | null;
    n: Amount;
  }>`
    SELECT portfolio_id, symbol, sell_shares, COUNT(*) AS n FROM limit_orders
    WHERE ${of('portfolio_id')} AND status = ${WORKING} AND type = 'SELL' AND (oco_group_id IS NULL OR oco_group_id = id)
    GROUP BY portfolio_id, symbol, sell_shares`.execute(trx);
  const prices = at ?? (await currentPrices(trx));

  const held = new Map<string, HoldingInput[]>();
  for (const h of holdings) {
    let list = held.get(h.portfolio_id);
    if (!list) held.set(h.portfolio_id, (list = []));
    list.push({ symbol: h.symbol, shares: BigInt(h.shares) });
  }
  const extra = new Map<string, bigint>();
  const addTo = (portfolioId: string, cents: bigint) =>
    extra.set(portfolioId, (extra.get(portfolioId) ?? 0n) + cents);
  for (const p of purchases) addTo(p.portfolio_id, BigInt(p.cents ?? 0n));
  for (const o of sells) {
    const price = prices.get(o.symbol);
    if (price && price > 0n)
      addTo(o.portfolio_id, valueOfShares(BigInt(o.sell_shares ?? 0n), price) * BigInt(o.n));
  }
  for (const u of portfolios) {
    const cashAndHoldings = computeTotal({
      cashCents: BigInt(u.cash_cents),
      holdings: held.get(u.id) ?? [],
      workingOrders: [],
      prices,
    });
    totals.set(u.id, {
      epoch: BigInt(u.epoch),
      totalCents: cashAndHoldings + (extra.get(u.id) ?? 0n),
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
