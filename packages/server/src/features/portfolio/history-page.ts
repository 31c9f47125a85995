import type { HistoryEntry } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toLimitPosition, toTransaction } from '../../users/row-mappers.ts';
import { encodeCursor, type CursorKey } from './page-cursor.ts';

export interface HistoryPageQuery {
  userId: string;
  limit: number;
  cursor?: CursorKey;
  type?: 'PURCHASE' | 'SELL' | 'WORKING';
  symbol?: string;
  /** true: the epochs before the last reset; false: the current epoch. */
  archived: boolean;
}

interface Keyed {
  createdAt: number;
  id: string;
  entry: HistoryEntry;
}

/** Newest first, ties broken by id: the same order as the (user_id, created_at, id) index. */
const newestFirst = (a: Keyed, b: Keyed) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * One page of history: transactions and working limit orders (the spec's WORKING entries), merged
 * newest first. Each table is read by keyset (created_at, id) after the cursor, limit + 1 rows, so
 * pages never skip or repeat an entry however many are added meanwhile, and no query scans the
 * whole history. The extra row tells whether another page follows.
 */
export async function loadHistoryPage(db: Kysely<DB>, q: HistoryPageQuery): Promise<{ entries: HistoryEntry[]; nextCursor?: string }> {
  const user = await db.selectFrom('users').select('epoch').where('id', '=', q.userId).executeTakeFirstOrThrow();
  const epoch = BigInt(user.epoch);
  const epochOp = q.archived ? '<' : '=';
  const take = q.limit + 1;
  const { cursor } = q;

  const wantTransactions = q.type !== 'WORKING';
  const wantOrders = q.type === undefined || q.type === 'WORKING';

  const [transactions, orders] = await Promise.all([
    wantTransactions
      ? db
          .selectFrom('transactions')
          .selectAll()
          .where('user_id', '=', q.userId)
          .where('epoch', epochOp, epoch)
          .$if(q.type !== undefined, (qb) => qb.where('type', '=', q.type as string))
          .$if(q.symbol !== undefined, (qb) => qb.where('symbol', '=', q.symbol as string))
          .$if(cursor !== undefined, (qb) =>
            qb.where((eb) => {
              const { createdAt, id } = cursor as CursorKey;
              return eb.or([eb('created_at', '<', BigInt(createdAt)), eb.and([eb('created_at', '=', BigInt(createdAt)), eb('id', '<', id)])]);
            }),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(take)
          .execute()
      : Promise.resolve([]),
    wantOrders
      ? db
          .selectFrom('limit_orders')
          .selectAll()
          .where('user_id', '=', q.userId)
          .where('status', '=', 'WORKING')
          .where('epoch', epochOp, epoch)
          .$if(q.symbol !== undefined, (qb) => qb.where('symbol', '=', q.symbol as string))
          .$if(cursor !== undefined, (qb) =>
            qb.where((eb) => {
              const { createdAt, id } = cursor as CursorKey;
              return eb.or([eb('created_at', '<', BigInt(createdAt)), eb.and([eb('created_at', '=', BigInt(createdAt)), eb('id', '<', id)])]);
            }),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(take)
          .execute()
      : Promise.resolve([]),
  ]);

  const merged: Keyed[] = [
    ...transactions.map((t) => ({ createdAt: Number(t.created_at), id: t.id, entry: toTransaction(t, epoch) })),
    ...orders.map((o) => ({ createdAt: Number(o.created_at), id: o.id, entry: toLimitPosition(o) })),
  ].sort(newestFirst);

  const page = merged.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((k) => k.entry),
    ...(merged.length > q.limit && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}),
  };
}
