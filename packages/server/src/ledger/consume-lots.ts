import type { ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import { batchIds, batchRows } from '../db/batch-rows.ts';
import { literalLimit } from '../db/literal-limit.ts';
import { isPostgres, type Trx } from '../db/transaction.ts';
import { addDelta, adjustLotTotals, lotCost, type LotDelta } from './lot-totals.ts';

export interface LotRow {
  id: string;
  portfolio_id: string;
  shares: bigint;
  price: bigint;
}

/** First page size: a sale usually ends in its first lot or two; later pages grow fourfold. */
export const FIRST_LOT_PAGE = 4;
const FIRST_PAGE = FIRST_LOT_PAGE;
const LARGEST_PAGE = 1_000;

/**
 * Each portfolio's oldest `page` lots of `symbol` after the last one already read: one index seek per
 * portfolio in lots_portfolio_symbol (portfolio_id, symbol, id), in id order, so a sale reads the lots
 * it consumes and a few more, never all of the portfolio's lots. One statement for the whole batch,
 * whose text does not depend on its size: a LATERAL join on PostgreSQL, and on SQLite (which has
 * no LATERAL) a correlated IN list of rowids. It replaced a UNION ALL of one arm per portfolio, which
 * took 2.5 times as long for 500 portfolios and was prepared again for every other count of portfolios.
 */
async function oldestLots(
  trx: Trx,
  symbol: string,
  after: ReadonlyMap<string, string>,
  page: number,
): Promise<LotRow[]> {
  const users = batchRows(trx, { portfolio_id: 'text', last_id: 'text' }, [...after]);
  const { rows } = isPostgres(trx)
    ? await sql<LotRow>`SELECT l.id, l.portfolio_id, l.shares, l.price FROM ${users} AS u
        CROSS JOIN LATERAL (SELECT id, portfolio_id, shares, price FROM lots
          WHERE portfolio_id = u.portfolio_id AND symbol = ${symbol} AND id > u.last_id ORDER BY id LIMIT ${literalLimit(page)}) AS l`.execute(
        trx,
      )
    : await sql<LotRow>`SELECT l.id, l.portfolio_id, l.shares, l.price FROM ${users} AS u
        JOIN lots AS l ON l.rowid IN (SELECT rowid FROM lots
          WHERE portfolio_id = u.portfolio_id AND symbol = ${symbol} AND id > u.last_id ORDER BY id LIMIT ${literalLimit(page)})`.execute(
        trx,
      );
  return rows;
}

/** What a sale of `shares` takes from these oldest lots, as consumeLots would take it. */
export interface LotsTaken {
  /** The ids of the lots emptied. */
  emptied: string[];
  /** The lot left shrunk, with its shares after. */
  shrunk: { id: string; shares: ShareUnits } | null;
  /** The change to the lot totals (negative). */
  taken: LotDelta;
}

/**
 * consumeLots' own walk for one portfolio whose oldest lots are known: oldest first, whole lots
 * emptied, the last one shrunk. Null when the lots hold too few shares.
 */
export function planSale(lots: readonly LotRow[], shares: ShareUnits): LotsTaken | null {
  let left = shares;
  const emptied: string[] = [];
  let shrunk: LotsTaken['shrunk'] = null;
  const taken = { shares: 0n, cost: 0n };
  for (const lot of [...lots].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (left === 0n) break;
    const size = BigInt(lot.shares);
    const used = size <= left ? size : left;
    if (used === size) emptied.push(lot.id);
    else shrunk = { id: lot.id, shares: size - used };
    taken.shares -= used;
    taken.cost -= lotCost(used, BigInt(lot.price));
    left -= used;
  }
  return left === 0n ? { emptied, shrunk, taken } : null;
}

/** What consumeLots did, for a caller that answers from its writes (users/money-record.ts). */
export interface ConsumedLots {
  /** The ids of the lots emptied and deleted. */
  emptied: string[];
  /** Each portfolio's change to its lot totals (negative). */
  taken: Map<string, LotDelta>;
  /** The first page of oldest lots read for a portfolio, as read, before the sale consumed them. */
  firstPages?: Map<string, LotRow[]>;
}

/** A market sale's part in consumeLots (ledger/market-moves.ts writeSell). */
export interface SaleOfLots {
  /** Free shares to take with each portfolio's lot totals, in the same upsert: its free shares as
   * read under its lock and those it sells. */
  freeTaken?: ReadonlyMap<string, { before: ShareUnits; taken: ShareUnits }>;
  /** Filled with what was consumed. */
  report?: ConsumedLots;
}

/**
 * Sells shares out of open lots, oldest first, for one or many portfolios of one symbol: whole lots
 * are deleted, each portfolio's last lot shrinks, and their lot totals drop by what was taken.
 * Returns the shares that found no lot (0 unless the ledger is inconsistent). `knownTotals`: the
 * portfolios' lot totals of `symbol` as read under their locks, which spares reading them again;
 * `firstPages`, their oldest FIRST_LOT_PAGE lots (or all, when fewer) read under the same locks.
 */
export async function consumeLots(
  trx: Trx,
  symbol: string,
  wanted: ReadonlyMap<string, ShareUnits>,
  knownTotals?: ReadonlyMap<string, LotDelta>,
  firstPages?: ReadonlyMap<string, readonly LotRow[]>,
  sale?: SaleOfLots,
): Promise<ShareUnits> {
  const need = new Map([...wanted].filter(([, shares]) => shares > 0n));
  const after = new Map([...need.keys()].map((id) => [id, '']));
  const emptied: string[] = [];
  const shrunk: [string, bigint][] = [];
  const taken = new Map<string, LotDelta>();
  let unmatched = 0n;
  for (let page = FIRST_PAGE; after.size > 0; page = Math.min(page * 4, LARGEST_PAGE)) {
    const byPortfolio = new Map<string, LotRow[]>();
    // The first page of a portfolio whose lock returned it (market-moves.ts) is not read again.
    const given = page === FIRST_PAGE ? firstPages : undefined;
    const unread = new Map([...after].filter(([id]) => !given?.has(id)));
    for (const [id, lots] of given ?? []) if (after.has(id)) byPortfolio.set(id, [...lots]);
    for (const lot of unread.size ? await oldestLots(trx, symbol, unread, page) : [])
      byPortfolio.set(lot.portfolio_id, [...(byPortfolio.get(lot.portfolio_id) ?? []), lot]);
    if (page === FIRST_PAGE && sale?.report?.firstPages)
      for (const id of unread.keys())
        sale.report.firstPages.set(
          id,
          (byPortfolio.get(id) ?? []).map((l) => ({
            ...l,
            shares: BigInt(l.shares),
            price: BigInt(l.price),
          })),
        );
    for (const portfolioId of [...after.keys()]) {
      const lots = (byPortfolio.get(portfolioId) ?? []).sort((a, b) => (a.id < b.id ? -1 : 1));
      let left = need.get(portfolioId) ?? 0n;
      for (const lot of lots) {
        if (left === 0n) break;
        const size = BigInt(lot.shares);
        const used = size <= left ? size : left;
        if (used === size) emptied.push(lot.id);
        else shrunk.push([lot.id, size - used]);
        addDelta(taken, portfolioId, -used, -lotCost(used, BigInt(lot.price)));
        left -= used;
      }
      need.set(portfolioId, left);
      const last = lots.at(-1);
      if (left > 0n && last && lots.length === page) after.set(portfolioId, last.id);
      else {
        unmatched += left;
        after.delete(portfolioId);
      }
    }
  }
  if (emptied.length) {
    const gone = batchIds(trx, emptied);
    await sql`DELETE FROM lots WHERE id IN (SELECT id FROM ${gone} AS g)`.execute(trx);
  }
  if (shrunk.length) {
    // One row per lot: a lot is either emptied or shrunk, once.
    const rows = batchRows(trx, { id: 'text', shares: 'bigint' }, shrunk);
    await sql`UPDATE lots SET shares = c.shares FROM ${rows} AS c WHERE lots.id = c.id`.execute(
      trx,
    );
  }
  const report = sale?.report;
  if (report) {
    report.emptied.push(...emptied);
    for (const [id, delta] of taken) report.taken.set(id, delta);
  }
  const freeSet = sale?.freeTaken && new Map<string, bigint>();
  for (const [id, free] of sale?.freeTaken ?? []) {
    const delta = taken.get(id) ?? { shares: 0n, cost: 0n };
    taken.set(id, { ...delta, free: (delta.free ?? 0n) - free.taken });
    freeSet?.set(id, free.before - free.taken);
  }
  await adjustLotTotals(trx, symbol, taken, knownTotals, freeSet);
  return unmatched;
}
