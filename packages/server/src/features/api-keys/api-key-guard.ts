import { timingSafeEqual } from 'node:crypto';
import type { ApiKeyScope } from '@papertrade/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import type { RequestPortfolio } from '../auth/guard.ts';
import { hashToken, takeWindowSlot } from '../auth/public.ts';
import { parseScopes } from './api-keys.ts';

/**
 * Authentication by API key (docs/decisions/030-api-keys.md), with Alpaca's headers. Only routes
 * that opt in with `apiKeyRoute(ctx)` accept a key; every other route refuses a request carrying
 * one, so a key never opens a session, the account or the key routes themselves.
 */
export const KEY_ID_HEADER = 'apca-api-key-id';
export const SECRET_HEADER = 'apca-api-secret-key';

/** What a key-authenticated request acts as. */
export interface RequestApiKey {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API key guard; null on every other request. */
    apiKey: RequestApiKey | null;
  }
  interface FastifyContextConfig {
    /** The route accepts API keys (set through apiKeyRoute). */
    apiKey?: boolean;
  }
}

/** Keys are not checked again for their last use within this: one write a minute per busy key. */
export const LAST_USED_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

const invalidKey = () => new AppError(401, 'API_KEY_INVALID', 'Unknown API key or wrong secret');

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Refuses API keys on every route that did not opt in (registered once, on the root). */
export function registerApiKeyBoundary(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.apiKey) return;
    if (
      header(request, KEY_ID_HEADER) === undefined &&
      header(request, SECRET_HEADER) === undefined
    )
      return;
    // An unknown URL answers its 404 as usual.
    if (request.routeOptions.url === undefined) return;
    throw forbidden(
      'API_KEY_NOT_ALLOWED',
      'API keys work only on the interface for programs; sign in to use this',
    );
  });
}

interface KeyRow {
  id: string;
  secret_hash: string;
  user_id: string;
  scopes: string;
  last_used_at: string | number | bigint | null;
  portfolio_id: string;
  kind: string;
  contest_id: string | null;
  wallet_address: string;
  closed_at: string | number | bigint | null;
}

/**
 * The guard: 401 without a valid key, 429 past the key's rate (counted in the shared rate_limits
 * table, so across instances), 403 without the scope the method needs (read for GET, trade for
 * the rest). Sets request.apiKey and request.portfolio. Nothing about a key is cached, so a
 * revoked key is refused by the next request on every instance.
 */
export function apiKeyGuard(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db, config } = ctx;
  return async function requireApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const keyId = header(request, KEY_ID_HEADER);
    const secret = header(request, SECRET_HEADER);
    if (!keyId || !secret || keyId.length > 64 || secret.length > 200) throw invalidKey();
    // One primary-key lookup joined with the key's portfolio, written as SQL text like the session check.
    const { rows } = await sql<KeyRow>`
      SELECT api_keys.id, api_keys.secret_hash, api_keys.user_id, api_keys.scopes,
        api_keys.last_used_at, portfolios.id AS portfolio_id, portfolios.kind,
        portfolios.contest_id, portfolios.wallet_address, portfolios.closed_at
      FROM api_keys JOIN portfolios ON portfolios.id = api_keys.portfolio_id
      WHERE api_keys.key_id = ${keyId}`.execute(db);
    const row = rows[0];
    if (!row || !sameHash(row.secret_hash, hashToken(secret))) throw invalidKey();

    const now = Date.now();
    const max = config.apiKeyRatePerMin;
    const slot = await takeWindowSlot(
      db,
      `api-key:${row.id}`,
      { max, windowMs: RATE_WINDOW_MS },
      now,
    );
    const resetAt = slot.ok ? (slot.resetAt ?? now) : now + slot.retryAfterSeconds * 1000;
    reply.header('x-ratelimit-limit', String(max));
    reply.header('x-ratelimit-remaining', String(slot.ok ? Math.max(0, max - slot.count) : 0));
    reply.header('x-ratelimit-reset', String(Math.ceil(resetAt / 1000)));
    if (!slot.ok) {
      reply.header('retry-after', String(slot.retryAfterSeconds));
      throw new AppError(429, 'RATE_LIMITED', `This key may make ${max} requests a minute`);
    }

    if (row.closed_at !== null)
      throw forbidden('PORTFOLIO_CLOSED', "This key's portfolio is closed");
    const scopes = parseScopes(row.scopes);
    const needed: ApiKeyScope =
      request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'trade';
    if (!scopes.includes(needed))
      throw forbidden('API_KEY_SCOPE', `This key has no ${needed} scope`);

    const lastUsed = row.last_used_at === null ? null : Number(row.last_used_at);
    if (lastUsed === null || lastUsed <= now - LAST_USED_EVERY_MS) {
      // Guarded the same way, so two instances seeing the same stale time write it once.
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', row.id)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<=', BigInt(now - LAST_USED_EVERY_MS)),
          ]),
        )
        .execute();
    }

    request.apiKey = { id: row.id, userId: row.user_id, scopes };
    const portfolio: RequestPortfolio = {
      id: row.portfolio_id,
      userId: row.user_id,
      kind: row.kind === 'CONTEST' ? 'CONTEST' : 'MAIN',
      contestId: row.contest_id,
      walletAddress: row.wallet_address,
    };
    request.portfolio = portfolio;
  };
}

/** Options of a route for programs: accepts API keys and requires one (spread into the route). */
export function apiKeyRoute(ctx: Pick<AppContext, 'db' | 'config'>) {
  return { config: { apiKey: true }, preHandler: apiKeyGuard(ctx) };
}
