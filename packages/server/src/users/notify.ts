import type { Notification } from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/new-id.ts';
import { chunks } from './chunks.ts';

export interface NewNotification {
  userId: string;
  type: Notification['type'];
  text: string;
  url: string;
}

/** Adds a notification (unread). Callers publish user-changed once their transaction commits. */
export async function notify(db: Kysely<DB> | Transaction<DB>, n: NewNotification, now = Date.now()): Promise<string> {
  const [id] = await notifyMany(db, [n], now);
  return id as string;
}

/**
 * Adds many notifications (unread) at `now`, ids in the order given, in multi-row inserts of
 * 200 rows: one statement for a whole batch of fills instead of one per order. Returns the ids.
 */
export async function notifyMany(db: Kysely<DB> | Transaction<DB>, list: readonly NewNotification[], now = Date.now()): Promise<string[]> {
  const rows = list.map((n) => ({ id: newId(now), user_id: n.userId, type: n.type, text: n.text, url: n.url, read: 0, created_at: now }));
  for (const part of chunks(rows, 200)) await db.insertInto('notifications').values(part).execute();
  return rows.map((r) => r.id);
}
