import {
  clampRecordedBalance,
  totalBalanceCents as computeTotal,
  valueOfShares,
  type Cents,
  type HoldingInput,
  type PriceUnits,
} from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
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
      .selectFrom('holdings')
      .select(['symbol', 'shares'])
      .where('portfolio_id', '=', portfolioId)
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

/**
 * The balance point at `at` of each user (the total of docs/product.md, in their current epoch), replacing any
 * point of theirs less than a minute older. Six statements per 500 users, whatever their number,
 * in one transaction per 500 (the caller's, when `db` is one).
 */
export async function recordBalanceSnapshots(
  db: Db,
  portfolioIds: readonly string[],
  at: number,
): Promise<void> {
  for (const ids of chunks([...new Set(portfolioIds)])) {
    await inTransaction(db, (trx) => writeSnapshots(trx, ids, at));
  }
}

/**
 * The total balance (docs/product.md) of each of these portfolios (at most a few hundred: callers chunk), in five
 * statements whatever their number. `lock` takes KEY SHARE on PostgreSQL: a portfolio deleted
 * meanwhile waits for the caller's inserts instead of failing them.
 */
export async function loadPortfolioTotals(
  trx: Transaction<DB>,
  ids: readonly string[],
  lock = false,
): Promise<Map<string, { epoch: bigint; totalCents: Cents }>> {
  const totals = new Map<string, { epoch: bigint; totalCents: Cents }>();
  if (!ids.length) return totals;
  const portfolios = await trx
    .selectFrom('portfolios')
    .select(['id', 'epoch', 'cash_cents'])
    .where('id', 'in', ids)
    .$if(lock && isPostgres(trx), (q) => q.forKeyShare())
    .execute();
  if (!portfolios.length) return totals;
  const holdings = await trx
    .selectFrom('holdings')
    .select(['portfolio_id', 'symbol', 'shares'])
    .where('portfolio_id', 'in', ids)
    .execute();
  // Working orders summed in SQL through the covering partial index: reserved cash per portfolio,
  // and reserved shares per portfolio, symbol and order size, so each SELL is still valued on its
  // own as totalBalanceCents values it (rounded down per order).
  const purchases = await trx
    .selectFrom('limit_orders')
    .select((eb) => ['portfolio_id', eb.fn.sum<bigint>('purchase_cents').as('cents')])
    .where('portfolio_id', 'in', ids)
    .where('status', '=', WORKING)
    .where('type', '=', 'PURCHASE')
    .groupBy('portfolio_id')
    .execute();
  const sells = await trx
    .selectFrom('limit_orders')
    .select((eb) => ['portfolio_id', 'symbol', 'sell_shares', eb.fn.countAll<bigint>().as('n')])
    .where('portfolio_id', 'in', ids)
    .where('status', '=', WORKING)
    .where('type', '=', 'SELL')
    .where(holdsReservation)
    .groupBy(['portfolio_id', 'symbol', 'sell_shares'])
    .execute();
  const prices = await currentPrices(trx);

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
  const rows = [...totals].map(([id, t]) => ({
    portfolio_id: id,
    epoch: t.epoch,
    ts: at,
    balance_cents: clampRecordedBalance(t.totalCents),
  }));
  if (!rows.length) return;
  for (const epoch of new Set(rows.map((r) => r.epoch))) {
    await trx
      .deleteFrom('balance_snapshots')
      .where(
        'portfolio_id',
        'in',
        rows.filter((r) => r.epoch === epoch).map((r) => r.portfolio_id),
      )
      .where('epoch', '=', epoch)
      .where('ts', '>', BigInt(at - SNAPSHOT_MERGE_MS))
      .execute();
  }
  for (const part of chunks(rows, 200))
    await trx.insertInto('balance_snapshots').values(part).execute();
}
