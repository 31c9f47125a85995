import type { User } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';

/**
 * Builds the contract's User for its owner from the database: the one place that knows how
 * rows become the wire shape. (Placeholder until the trading core fills it in.)
 */
export async function loadUserRecord(db: Kysely<DB>, userId: string): Promise<User> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('USER_NOT_FOUND', 'No such user');
  throw new Error('loadUserRecord: not implemented yet');
}
