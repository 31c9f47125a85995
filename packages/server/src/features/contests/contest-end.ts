import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { releaseOrders } from '../../ledger/release-orders.ts';
import { chunks } from '../../users/chunks.ts';
import { loadPortfolioTotals } from '../../users/total-balance.ts';
import { replayValuation } from './replay-price.ts';

export interface EndedContest {
  contestId: string;
  /** Portfolio id -> owner, for the pushes after commit. */
  members: Map<string, string>;
}

/**
 * Carries out one contest's end, once (the `closed_at IS NULL` guard on the first write): its
 * members' portfolios are locked (the lock order), their working orders cancelled with the
 * reservations released, and each one's total at this moment's prices stored as its final
 * figure, which is what the frozen board shows from then on. Null when another instance or an
 * earlier tick already ended it.
 */
export async function endContest(
  db: Kysely<DB>,
  contestId: string,
  now: number,
): Promise<EndedContest | null> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('contests')
      .set({ closed_at: now })
      .where('id', '=', contestId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return null;
    const rows = await trx
      .selectFrom('portfolios')
      .select(['id'])
      .where('contest_id', '=', contestId)
      .where('closed_at', 'is', null)
      .execute();
    const members = new Map<string, string>();
    // A replay's final figures are at the replay's last prices, not the live market's.
    const prices = await replayValuation(trx, contestId, now);
    for (const ids of chunks(rows.map((r) => r.id))) {
      const locked = await lockPortfolios(trx, ids);
      for (const p of locked) members.set(p.id, p.userId);
      await releaseOrders(trx, { portfolios: locked, at: now });
      for (const [id, total] of await loadPortfolioTotals(trx, ids, false, prices)) {
        await trx
          .updateTable('portfolios')
          .set({ final_balance_cents: total.totalCents })
          .where('id', '=', id)
          .execute();
      }
    }
    return { contestId, members };
  });
}

/** The contests whose end has come and that are not closed yet (the partial index contests_to_close). */
export async function dueContests(db: Kysely<DB>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contests')
    .select('id')
    .where('closed_at', 'is', null)
    .where('ends_at', '<=', BigInt(now))
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}
