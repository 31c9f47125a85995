import type { NotificationUpdates } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { inUserTransaction, type Trx } from '../../db/transaction.ts';

/** Read and delete touch only the caller's own notifications; other ids are silently ignored. */
export async function updateNotifications(
  db: Kysely<DB>,
  userId: string,
  updates: z.infer<typeof NotificationUpdates>,
) {
  await inUserTransaction(db, userId, (trx) => apply(trx, userId, updates));
}

async function apply(db: Trx, userId: string, updates: z.infer<typeof NotificationUpdates>) {
  if ('markAllRead' in updates) {
    await db
      .updateTable('notifications')
      .set({ read: 1 })
      .where('user_id', '=', userId)
      .where('read', '=', 0n)
      .execute();
  } else if ('markRead' in updates) {
    if (!updates.markRead.length) return;
    await db
      .updateTable('notifications')
      .set({ read: 1 })
      .where('user_id', '=', userId)
      .where('id', 'in', updates.markRead)
      .execute();
  } else if (updates.delete.length) {
    await db
      .deleteFrom('notifications')
      .where('user_id', '=', userId)
      .where('id', 'in', updates.delete)
      .execute();
  }
}
