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
 * at current prices + the cash reserved by working PURCHASE orders. One portfolio's figure is the
 * batch's (loadPortfolioTotals) for a batch of one, so the boards and the points never differ.
 */
export async function totalBalanceCents(
  db: Db,
  portfolioId: string,
  prices?: ReadonlyMap<string, PriceUnits>,
): Promise<Cents> {
  const total = (await loadPortfolioTotals(db, [portfolioId], false, prices)).get(portfolioId);
  if (!total) throw new Error(`no portfolio ${portfolioId}`);
  return total.totalCents;
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
 * replacing any point of its less than a minute older: four statements whatever their number
 * (the totals, the prices, one delete, one insert; the ids bound as one parameter, db/batch-rows.ts),
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
 * The total balance (docs/product.md) of each of these portfolios, in two statements whatever
 * their number (the ids bound as one parameter): the prices, and one row per portfolio with its
 * cash, the cash its working buys reserve and its holdings. `lock` takes KEY SHARE on PostgreSQL:
 * a portfolio deleted meanwhile waits for the caller's inserts instead of failing them.
 *
 * The holdings come as one text per portfolio ("BTC 1200,ETH 35"), not a row per symbol: a
 * tick's fills touch about 1,000 portfolios of about 18 symbols each, and building 18,000 row
 * objects cost three times what SQLite took to find them (docs/performance.md).
 */
export async function loadPortfolioTotals(
  trx: Db,
  ids: readonly string[],
  lock = false,
  /** Prices to value at instead of the market's (a replay contest's, contests/replay-price.ts). */
  at?: ReadonlyMap<string, PriceUnits>,
): Promise<Map<string, { epoch: bigint; totalCents: Cents }>> {
  const totals = new Map<string, { epoch: bigint; totalCents: Cents }>();
  if (!ids.length) return totals;
  const pg = isPostgres(trx);
  const holdingsText = pg
    ? sql`string_agg(symbol || ' ' || CAST(shares AS text), ',')`
    : sql`group_concat(symbol || ' ' || shares, ',')`;
  // A symbol's free and reserved shares are valued together (docs/decisions/041), so the open
  // lots' total, free plus reserved, stands for the working sells: no sell order is read. The
  // reserved cash is summed through the partial index limit_orders_portfolio_working (the
  // literal lets SQLite see that it applies).
  const { rows } = await sql<{
    id: string;
    epoch: Amount;
    cash_cents: Amount;
    reserved: Amount | null;
    holdings: string | null;
  }>`SELECT p.id, p.epoch, p.cash_cents,
      (SELECT SUM(o.purchase_cents) FROM limit_orders o
        WHERE o.portfolio_id = p.id AND o.status = ${WORKING} AND o.type = 'PURCHASE') AS reserved,
      (SELECT ${holdingsText} FROM lot_totals WHERE portfolio_id = p.id AND shares > 0) AS holdings
    FROM portfolios p WHERE ${idIn(trx, 'p.id', ids)}${lock && pg ? sql` FOR KEY SHARE OF p` : sql``}`.execute(
    trx,
  );
  if (!rows.length) return totals;
  const prices = at ?? (await currentPrices(trx));
  for (const p of rows) {
    totals.set(p.id, {
      epoch: BigInt(p.epoch),
      totalCents: computeTotal({
        cashCents: BigInt(p.cash_cents) + BigInt(p.reserved ?? 0n),
        holdings: parseHoldings(p.holdings),
        workingOrders: [],
        prices,
      }),
    });
  }
  return totals;
}

/** "BTC 1200,ETH 35" (symbol, a space, shares; asset symbols hold neither) as holdings. */
export function parseHoldings(text: string | null): HoldingInput[] {
  if (!text) return [];
  return text.split(',').map((entry) => {
    const space = entry.indexOf(' ');
    return { symbol: entry.slice(0, space), shares: BigInt(entry.slice(space + 1)) };
  });
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
