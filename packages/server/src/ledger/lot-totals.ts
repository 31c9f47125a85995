import { sql } from 'kysely';
import { batchIds, batchRows } from '../db/batch-rows.ts';
import type { Trx } from '../db/transaction.ts';

/**
 * The running totals of each holding's open lots (lot_totals, decision 006): what an average cost
 * is computed from, so no reader has to add up every open lot. Every lot the ledger adds or
 * consumes moves them in the same transaction. `cost` is exact decimal text (it outgrows 64
 * bits), so it is read, added in bigint and written back; that is safe because every caller
 * holds the portfolios' row locks (db/transaction.ts), so no other writer moves the same row meanwhile.
 */

/** A change to one portfolio's totals: shares and sum(shares x price), both negative for a sale. */
export interface LotDelta {
  shares: bigint;
  cost: bigint;
}

async function readLotTotals(
  trx: Trx,
  symbol: string,
  portfolioIds: string[],
): Promise<Map<string, LotDelta>> {
  const ids = batchIds(trx, portfolioIds);
  const { rows } = await sql<{
    portfolio_id: string;
    shares: bigint;
    cost: string;
  }>`SELECT portfolio_id, shares, cost FROM lot_totals
    WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${ids} AS u)`.execute(trx);
  return new Map(
    rows.map((r) => [r.portfolio_id, { shares: BigInt(r.shares), cost: BigInt(r.cost) }]),
  );
}

export const lotCost = (shares: bigint, price: bigint): bigint => shares * price;

export function addDelta(
  map: Map<string, LotDelta>,
  portfolioId: string,
  shares: bigint,
  cost: bigint,
): void {
  const d = map.get(portfolioId) ?? { shares: 0n, cost: 0n };
  map.set(portfolioId, { shares: d.shares + shares, cost: d.cost + cost });
}

/**
 * Applies each portfolio's change to its totals of `symbol`: three statements at most, whatever
 * the number of portfolios, two when the caller read the totals under their locks (`known`, as a
 * market order's lock does: ledger/market-moves.ts).
 */
export async function adjustLotTotals(
  trx: Trx,
  symbol: string,
  deltas: ReadonlyMap<string, LotDelta>,
  known?: ReadonlyMap<string, LotDelta>,
): Promise<void> {
  const changed = [...deltas].filter(([, d]) => d.shares !== 0n || d.cost !== 0n);
  if (!changed.length) return;
  const now = changed.every(([id]) => known?.has(id))
    ? new Map(known)
    : await readLotTotals(
        trx,
        symbol,
        changed.map(([id]) => id),
      );
  const emptied: string[] = [];
  const kept: [string, bigint, string][] = [];
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
    if (shares === 0n) emptied.push(portfolioId);
    else kept.push([portfolioId, shares, cost.toString()]);
  }
  if (emptied.length) {
    const gone = batchIds(trx, emptied);
    await sql`DELETE FROM lot_totals WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${gone} AS u)`.execute(
      trx,
    );
  }
  if (kept.length) {
    // cost stays decimal text all the way (it outgrows 64 bits); WHERE true as in batched-moves.ts.
    const totals = batchRows(trx, { portfolio_id: 'text', shares: 'bigint', cost: 'text' }, kept);
    await sql`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost) SELECT c.portfolio_id, ${symbol}, c.shares, c.cost FROM ${totals} AS c WHERE true
      ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost`.execute(
      trx,
    );
  }
}
