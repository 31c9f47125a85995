import { sql } from 'kysely';
import type { Trx } from '../db/transaction.ts';
import { chunks } from '../users/chunks.ts';

/**
 * The running totals of each holding's open lots (lot_totals, decision 006): what an average cost
 * is computed from, so no reader has to add up every open lot. Every lot the ledger adds or
 * consumes moves them in the same transaction. `cost` is exact decimal text (it outgrows 64
 * bits), so it is read, added in bigint and written back; that is safe because every caller
 * holds the users' row locks (db/transaction.ts), so no other writer moves the same row meanwhile.
 */

/** A change to one user's totals: shares and sum(shares x price), both negative for a sale. */
export interface LotDelta {
  shares: bigint;
  cost: bigint;
}

export const lotCost = (shares: bigint, price: bigint): bigint => shares * price;

export function addDelta(map: Map<string, LotDelta>, userId: string, shares: bigint, cost: bigint): void {
  const d = map.get(userId) ?? { shares: 0n, cost: 0n };
  map.set(userId, { shares: d.shares + shares, cost: d.cost + cost });
}

/** Applies each user's change to their totals of `symbol`: two statements per 500 users. */
export async function adjustLotTotals(trx: Trx, symbol: string, deltas: ReadonlyMap<string, LotDelta>): Promise<void> {
  const changed = [...deltas].filter(([, d]) => d.shares !== 0n || d.cost !== 0n);
  for (const part of chunks(changed)) {
    const rows = await trx
      .selectFrom('lot_totals')
      .select(['user_id', 'shares', 'cost'])
      .where('symbol', '=', symbol)
      .where('user_id', 'in', part.map(([id]) => id))
      .execute();
    const now = new Map(rows.map((r) => [r.user_id, { shares: BigInt(r.shares), cost: BigInt(r.cost) }]));
    const emptied: string[] = [];
    const kept: { user_id: string; symbol: string; shares: bigint; cost: string }[] = [];
    for (const [userId, d] of part) {
      const before = now.get(userId) ?? { shares: 0n, cost: 0n };
      const shares = before.shares + d.shares;
      const cost = before.cost + d.cost;
      // A total going negative means lots were consumed that the totals never counted.
      if (shares < 0n || cost < 0n || (shares === 0n) !== (cost === 0n)) {
        throw new Error(`lot totals of ${userId} ${symbol} would be ${shares} shares, cost ${cost}`);
      }
      if (shares === 0n) emptied.push(userId);
      else kept.push({ user_id: userId, symbol, shares, cost: cost.toString() });
    }
    if (emptied.length) {
      await trx.deleteFrom('lot_totals').where('symbol', '=', symbol).where('user_id', 'in', emptied).execute();
    }
    if (kept.length) {
      await trx
        .insertInto('lot_totals')
        .values(kept)
        .onConflict((oc) =>
          oc.columns(['user_id', 'symbol']).doUpdateSet({ shares: sql<bigint>`excluded.shares`, cost: sql<string>`excluded.cost` }),
        )
        .execute();
    }
  }
}
