import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashToken } from '../auth/public.ts';
import { parseScopes } from '../api-keys/public.ts';

export interface StreamKey {
  userId: string;
  portfolioId: string;
}

/**
 * A stream's credential, sent in its auth message rather than headers (Alpaca's protocol): the
 * same lookup and constant-time comparison as the REST guard (features/api-keys/api-key-guard.ts)
 * and the read scope. Streams take no rate-limit slot: a socket authenticates once.
 */
export async function findStreamKey(
  db: Kysely<DB>,
  keyId: unknown,
  secret: unknown,
): Promise<StreamKey | null> {
  if (typeof keyId !== 'string' || typeof secret !== 'string') return null;
  if (keyId.length === 0 || keyId.length > 64 || secret.length === 0 || secret.length > 200)
    return null;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('portfolios', 'portfolios.id', 'api_keys.portfolio_id')
    .select([
      'api_keys.secret_hash',
      'api_keys.user_id',
      'api_keys.scopes',
      'api_keys.portfolio_id',
      'portfolios.closed_at',
    ])
    .where('api_keys.key_id', '=', keyId)
    .executeTakeFirst();
  if (!row) return null;
  const a = Buffer.from(row.secret_hash);
  const b = Buffer.from(hashToken(secret));
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  if (row.closed_at !== null || !parseScopes(row.scopes).includes('read')) return null;
  return { userId: row.user_id, portfolioId: row.portfolio_id };
}
