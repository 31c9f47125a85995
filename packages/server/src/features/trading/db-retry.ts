import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type Trx = Transaction<DB>;

/**
 * PostgreSQL aborts one side of a deadlock (40P01) or of a serialization conflict (40001); the
 * work is then safe to run again from the start. Every money move takes the user's row lock
 * first, so these are rare, but a batch of fills touches many users at once.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** One database transaction, run again if PostgreSQL aborted it for a lock conflict. */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
