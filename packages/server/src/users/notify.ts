import type { Notification } from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/new-id.ts';

export interface NewNotification {
  userId: string;
  type: Notification['type'];
  text: string;
  url: string;
}

/** Adds a notification (unread). Callers publish user-changed once their transaction commits. */
export async function notify(db: Kysely<DB> | Transaction<DB>, n: NewNotification, now = Date.now()): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('notifications')
    .values({ id, user_id: n.userId, type: n.type, text: n.text, url: n.url, read: 0, created_at: now })
    .execute();
  return id;
}
