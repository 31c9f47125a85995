import { sql } from 'kysely';
import { batchIds, batchRows } from '../db/batch-rows.ts';
import type { Trx } from '../db/transaction.ts';
import { ledgerAssert } from './ledger-assertions.ts';

/**
 * The running totals of each holding's open lots (lot_totals, decision 006): what an average cost
 * is computed from, so no reader has to add up every open lot; the same row keeps the holding's
 * free shares (docs/decisions/024-holdings-in-lot-totals.md). Every lot the ledger adds or
 * consumes moves them in the same transaction. `cost` is exact decimal text (it outgrows 64
 * bits), so it is read, added in bigint and written back; that is safe because every caller
 * holds the portfolios' row locks (db/transaction.ts), so no other writer moves the same row meanwhile.
 */

/**
 * A change to one portfolio's totals: shares and sum(shares x price), both negative for a sale,
 * and `free`, the change to its free shares (lot_totals.free_shares, migration 013) that goes
 * with it: a buy's shares not reserved by a bracket's legs; 0 (absent) for a sale of reserved shares.
 */
export interface LotDelta {
  shares: bigint;
  cost: bigint;
  free?: bigint;
}

/** One portfolio's lot totals of a symbol as stored: the open lots' shares and cost, and the free shares. */
export interface LotTotals {
  shares: bigint;
  cost: bigint;
  free: bigint;
}

/** The lot totals of `symbol` of these portfolios (absent: no open lot), in one statement. */
export async function readLotTotals(
  trx: Trx,
  symbol: string,
  portfolioIds: Iterable<string>,
): Promise<Map<string, LotTotals>> {
  const ids = batchIds(trx, portfolioIds);
  const { rows } = await sql<{
    portfolio_id: string;
    shares: bigint;
    cost: string;
    free_shares: bigint;
  }>`SELECT portfolio_id, shares, cost, free_shares FROM lot_totals
    WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${ids} AS u)`.execute(trx);
  return new Map(
    rows.map((r) => [
      r.portfolio_id,
      { shares: BigInt(r.shares), cost: BigInt(r.cost), free: BigInt(r.free_shares) },
    ]),
  );
}

export const lotCost = (shares: bigint, price: bigint): bigint => shares * price;

export function addDelta(
  map: Map<string, LotDelta>,
  portfolioId: string,
  shares: bigint,
  cost: bigint,
  free = 0n,
): void {
  const d = map.get(portfolioId) ?? { shares: 0n, cost: 0n };
  map.set(portfolioId, {
    shares: d.shares + shares,
    cost: d.cost + cost,
    free: (d.free ?? 0n) + free,
  });
}

/**
 * Applies each portfolio's change to its totals of `symbol`: three statements at most, whatever
 * the number of portfolios, two when the caller read the totals under their locks (`known`, as a
 * market order's lock does: ledger/market-moves.ts). A row whose open lots are all gone goes only
 * when it has no free share left (its lots held every share). Answers each kept row's free shares
 * after the change (the upsert's RETURNING), for the assertions.
 */
export async function adjustLotTotals(
  trx: Trx,
  symbol: string,
  deltas: ReadonlyMap<string, LotDelta>,
  known?: ReadonlyMap<string, LotDelta>,
  freeSet?: ReadonlyMap<string, bigint>,
): Promise<Map<string, bigint>> {
  const changed = [...deltas].filter(
    ([, d]) => d.shares !== 0n || d.cost !== 0n || (d.free ?? 0n) !== 0n,
  );
  if (!changed.length) return new Map();
  const now: ReadonlyMap<string, LotDelta> = changed.every(([id]) => known?.has(id))
    ? (known ?? new Map())
    : await readLotTotals(
        trx,
        symbol,
        changed.map(([id]) => id),
      );
  const emptied: [string, bigint][] = [];
  const kept: [string, bigint, string, bigint][] = [];
  for (const [portfolioId, d] of changed) {
    const before = now.get(portfolioId) ?? { shares: 0n, cost: 0n };
    const shares = before.shares + d.shares;
    const cost = before.cost + d.cost;
    // A total going negative means lots were consumed that the totals never counted.
    if (shares < 0n || cost < 0n || (shares === 0n) !== (cost === 0n)) {
      throw new Error(
        `lot totals of ${portfolioId} ${symbol} would be ${shares} shares, cost ${cost}`,
      );
    }
    // An emptied row goes only with its last free shares: those a sale takes in this statement.
    if (shares === 0n) emptied.push([portfolioId, -(d.free ?? 0n)]);
    else
      kept.push([portfolioId, shares, cost.toString(), freeSet?.get(portfolioId) ?? d.free ?? 0n]);
  }
  if (emptied.length) {
    const ids = emptied.map(([id]) => id);
    const { rows } = emptied.every(([, free]) => free === 0n)
      ? await sql<{ portfolio_id: string }>`DELETE FROM lot_totals
          WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${batchIds(trx, ids)} AS u)
          AND free_shares = 0 RETURNING portfolio_id`.execute(trx)
      : await sql<{ portfolio_id: string }>`DELETE FROM lot_totals
          WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${batchIds(trx, ids)} AS u)
          AND free_shares = (SELECT g.free FROM ${batchRows(trx, { portfolio_id: 'text', free: 'bigint' }, emptied)} AS g
            WHERE g.portfolio_id = lot_totals.portfolio_id)
          RETURNING portfolio_id`.execute(trx);
    ledgerAssert(
      rows.length === emptied.length,
      `${symbol}: ${emptied.length} lot totals emptied, ${rows.length} without free shares`,
      emptied.map(([id]) => id),
    );
  }
  if (!kept.length) return new Map();
  // cost stays decimal text all the way (it outgrows 64 bits); WHERE true as in batched-moves.ts.
  const totals = batchRows(
    trx,
    { portfolio_id: 'text', shares: 'bigint', cost: 'text', free: 'bigint' },
    kept,
  );
  // Free shares are a change to add, or with `freeSet` (a market sale, which read them under its
  // lock) the value to set: a negative change cannot be inserted, even as a conflict's candidate,
  // since SQLite checks the row's constraints before it finds the conflict.
  ledgerAssert(
    !freeSet || kept.every(([id]) => freeSet.has(id)),
    `${symbol}: free shares set for some lot totals and moved for others`,
    kept.map(([id]) => id),
  );
  const free = freeSet
    ? sql`free_shares = excluded.free_shares`
    : sql`free_shares = lot_totals.free_shares + excluded.free_shares`;
  const { rows } = await sql<{
    portfolio_id: string;
    free_shares: bigint | number;
  }>`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost, free_shares)
    SELECT c.portfolio_id, ${symbol}, c.shares, c.cost, c.free FROM ${totals} AS c WHERE true
    ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost,
      ${free}
    RETURNING portfolio_id, free_shares`.execute(trx);
  return new Map(rows.map((r) => [r.portfolio_id, BigInt(r.free_shares)]));
}
