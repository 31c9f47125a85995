import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction, type Trx } from '../../db/transaction.ts';
import { newToken } from './tokens.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  walletAddress: string;
  email: string;
  tokenHash: string;
}

export async function createSession(
  db: Kysely<DB> | Trx,
  userId: string,
  now = Date.now(),
): Promise<string> {
  const { token, hash } = newToken();
  await inTransaction(db, async (trx) => {
    // Expired sessions are otherwise never read again; each new one sweeps its user's old ones.
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', BigInt(now))
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        token_hash: hash,
        user_id: userId,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
      })
      .execute();
  });
  return token;
}

/** A session as its check reads it: the user it opens, and when it ends. */
export interface StoredSession {
  user: SessionUser;
  /** ms since the epoch; the session opens nothing from then on. */
  expiresAt: bigint;
}

/**
 * The session check's one statement: a primary-key lookup and a join on the users primary key.
 * Written as SQL text rather than with the query builder, which costs several times more to
 * build than this query takes to run. Signed-in requests reach it through session-cache.ts.
 */
export async function readSession(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<StoredSession | null> {
  const { rows } = await sql<{
    id: string;
    wallet_address: string;
    email: string;
    expires_at: bigint;
  }>`
    SELECT users.id, users.wallet_address, users.email, sessions.expires_at
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = ${tokenHash}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    user: { id: row.id, walletAddress: row.wallet_address, email: row.email, tokenHash },
    expiresAt: BigInt(row.expires_at),
  };
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function deleteOtherSessions(
  db: Kysely<DB> | Trx,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
