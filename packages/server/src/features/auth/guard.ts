import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../http/app-error.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user, or null for a visitor. Never taken from the body. */
    user: SessionUser | null;
    /** True when the session came from the cookie (the case CSRF checks matter for). */
    viaCookie: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Resolves the session on every request; routes then ask for it with requireUser. */
export function registerSessionResolver(app: FastifyInstance, db: Kysely<DB>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('viaCookie', false);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token || token.length > 200) return;
    request.user = await findSessionUser(db, token);
    request.viaCookie = !bearer && !!request.user;
  });
}

function originMatchesHost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) {
    // Browsers send Sec-Fetch-Site on every request; "cross-site" is the forgery case.
    return request.headers['sec-fetch-site'] !== 'cross-site';
  }
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The Wallet header and any walletAddress in the body must be the session's own wallet
 * (CONTRACT.md): a mismatch is 403 WALLET_MISMATCH, whatever the rest of the request says.
 */
export function assertOwnWallet(request: FastifyRequest, user: SessionUser): void {
  const header = request.headers.wallet;
  const headerWallet = Array.isArray(header) ? header[0] : header;
  const body = request.body as { walletAddress?: unknown } | undefined;
  const candidates = [headerWallet, body && typeof body === 'object' ? body.walletAddress : undefined];
  for (const wallet of candidates) {
    if (wallet !== undefined && (typeof wallet !== 'string' || wallet.toLowerCase() !== user.walletAddress.toLowerCase())) {
      throw forbidden('WALLET_MISMATCH', 'That wallet address is not yours');
    }
  }
}

/** preHandler for signed-in routes: 401 without a session, 403 on CSRF or another wallet. */
export function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  // Returning a promise tells Fastify not to wait for a done callback; a throw inside rejects it.
  return new Promise((resolve) => {
    const user = request.user;
    if (!user) throw unauthorized();
    if (request.viaCookie && !SAFE_METHODS.has(request.method) && !originMatchesHost(request)) {
      throw forbidden('CSRF', 'Cross-site request refused');
    }
    assertOwnWallet(request, user);
    resolve();
  });
}

/** The signed-in user of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * preHandler for signed-in routes whose body walletAddress names another user (POST/DELETE
 * /follow): like requireUser, but only the Wallet header must be the session's own.
 */
export function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const user = request.user;
    if (!user) throw unauthorized();
    if (request.viaCookie && !SAFE_METHODS.has(request.method) && !originMatchesHost(request)) {
      throw forbidden('CSRF', 'Cross-site request refused');
    }
    const header = request.headers.wallet;
    const headerWallet = Array.isArray(header) ? header[0] : header;
    if (headerWallet !== undefined && headerWallet.toLowerCase() !== user.walletAddress.toLowerCase()) {
      throw forbidden('WALLET_MISMATCH', 'That wallet address is not yours');
    }
    resolve();
  });
}
