import type { Notification } from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { batchRows } from '../db/batch-rows.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../db/new-id.ts';

export interface NewNotification {
  userId: string;
  type: Notification['type'];
  text: string;
  url: string;
}

/** Adds a notification (unread). Callers publish user-changed once their transaction commits. */
export async function notify(
  db: Kysely<DB> | Transaction<DB>,
  n: NewNotification,
  now = Date.now(),
): Promise<string> {
  const [id] = await notifyMany(db, [n], now);
  return id as string;
}

/**
 * Adds many notifications (unread) at `now`, ids in the order given, in one statement whatever
 * their number (the rows bound as a fixed number of parameters, db/batch-rows.ts): a whole batch
 * of fills is one insert instead of one per order. Returns the ids.
 */
export async function notifyMany(
  db: Kysely<DB> | Transaction<DB>,
  list: readonly NewNotification[],
  now = Date.now(),
): Promise<string[]> {
  const ids = list.map(() => newId(now));
  if (!list.length) return ids;
  const columns = { id: 'text', user_id: 'text', type: 'text', text: 'text', url: 'text' } as const;
  const rows = batchRows(
    db,
    columns,
    list.map((n, i) => [ids[i] as string, n.userId, n.type, n.text, n.url]),
  );
  await sql`INSERT INTO notifications (id, user_id, "type", "text", url, read, created_at)
    SELECT c.id, c.user_id, c."type", c."text", c.url, 0, CAST(${now} AS bigint) FROM ${rows} AS c`.execute(
    db,
  );
  return ids;
}
