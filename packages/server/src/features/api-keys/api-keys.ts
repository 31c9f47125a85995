import { randomBytes } from 'node:crypto';
import {
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../db/new-id.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { RequestPortfolio } from '../auth/guard.ts';
import { newToken } from '../auth/public.ts';

/**
 * API keys for programs (docs/decisions/030-api-keys.md): the key id is public, the secret is a
 * session-strength random token of which only the SHA-256 is stored (features/auth/tokens.ts).
 */

const KEY_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters like Alpaca's key ids ("PK" and 18 random ones), easy to read aloud and paste. */
function newKeyId(): string {
  const bytes = randomBytes(18);
  let id = 'PK';
  for (const byte of bytes) id += KEY_ID_ALPHABET[byte % KEY_ID_ALPHABET.length];
  return id;
}

export const parseScopes = (scopes: string): ApiKeyScope[] =>
  scopes.split(',').filter((s): s is ApiKeyScope => s === 'read' || s === 'trade');

/** Scopes stored in one order, whatever order the request listed them in. */
const storedScopes = (scopes: readonly ApiKeyScope[]) =>
  (['read', 'trade'] as const).filter((s) => scopes.includes(s)).join(',');

export async function createApiKey(
  db: Kysely<DB>,
  userId: string,
  portfolio: RequestPortfolio,
  body: CreateApiKeyBody,
  now = Date.now(),
): Promise<CreatedApiKey> {
  const { token: secret, hash } = newToken();
  const row = {
    id: newId(now),
    key_id: newKeyId(),
    secret_hash: hash,
    user_id: userId,
    portfolio_id: portfolio.id,
    name: body.name,
    scopes: storedScopes(body.scopes),
    created_at: now,
  };
  // The user's row lock queues two creations of the same user, so the count below is exact.
  await inUserTransaction(db, userId, async (trx) => {
    const { count } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= API_KEYS_MAX)
      throw conflict('TOO_MANY_API_KEYS', `You have ${API_KEYS_MAX} keys: revoke one first`);
    await trx.insertInto('api_keys').values(row).execute();
  });
  return {
    id: row.id,
    keyId: row.key_id,
    secret,
    name: row.name,
    scopes: parseScopes(row.scopes),
    walletAddress: portfolio.walletAddress,
    createdAt: now,
  };
}

export async function listApiKeys(db: Kysely<DB>, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('portfolios', 'portfolios.id', 'api_keys.portfolio_id')
    .select([
      'api_keys.id',
      'api_keys.key_id',
      'api_keys.name',
      'api_keys.scopes',
      'api_keys.created_at',
      'api_keys.last_used_at',
      'portfolios.wallet_address',
    ])
    .where('api_keys.user_id', '=', userId)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    keyId: row.key_id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    walletAddress: row.wallet_address,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  }));
}

/** Deletes one of the user's keys; another user's key is as unknown as a missing one (404). */
export async function deleteApiKey(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('API_KEY_NOT_FOUND', 'No such API key');
}
