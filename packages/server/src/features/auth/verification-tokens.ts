import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = 'verify-email' | 'reset-password';
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

type Db = Kysely<DB> | Transaction<DB>;

/** A one-time token for a mailed link; only its hash is stored. */
export async function issueToken(
  db: Db,
  t: { userId: string; purpose: TokenPurpose; email: string },
  now = Date.now(),
): Promise<string> {
  await db
    .deleteFrom('verification_tokens')
    .where('user_id', '=', t.userId)
    .where('expires_at', '<=', BigInt(now))
    .execute();
  const { token, hash } = newToken();
  await db
    .insertInto('verification_tokens')
    .values({
      token_hash: hash,
      user_id: t.userId,
      purpose: t.purpose,
      email: t.email,
      expires_at: now + TOKEN_TTL_MS[t.purpose],
    })
    .execute();
  return token;
}

/**
 * Uses up a token inside the caller's transaction. The delete is the guard: of two requests with
 * the same token only one deletes the row, so a link works exactly once. A token also dies when
 * the account's e-mail changed after it was sent.
 */
export async function consumeToken(
  trx: Transaction<DB>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ userId: string; email: string } | null> {
  const tokenHash = hashToken(token);
  const row = await trx
    .selectFrom('verification_tokens')
    .innerJoin('users', 'users.id', 'verification_tokens.user_id')
    .select([
      'verification_tokens.user_id',
      'verification_tokens.email',
      'verification_tokens.expires_at',
      'users.email as current_email',
    ])
    .where('verification_tokens.token_hash', '=', tokenHash)
    .where('verification_tokens.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await trx
    .deleteFrom('verification_tokens')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (deleted.numDeletedRows !== 1n) return null;
  if (BigInt(row.expires_at) <= BigInt(now) || row.email !== row.current_email) return null;
  return { userId: row.user_id, email: row.email };
}
