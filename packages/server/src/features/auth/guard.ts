import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../http/app-error.ts';
import { SESSION_COOKIE, type SessionUser } from './sessions.ts';

/** The portfolio a signed-in request acts on: the one its wallet names (decision 010). */
export interface RequestPortfolio {
  id: string;
  userId: string;
  kind: 'MAIN' | 'CONTEST';
  contestId: string | null;
  walletAddress: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user, or null for a visitor. Never taken from the body. */
    user: SessionUser | null;
    /** Set by requireUser: the session user's portfolio the Wallet header or body names (main by default). */
    portfolio: RequestPortfolio | null;
    /** The database the session was found in, for requireUser's portfolio lookup. */
    sessionDb: Kysely<DB> | null;
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

/**
 * Resolves the session on every request, usually from the app's session cache (no statement);
 * routes then ask for it with requireUser.
 */
export function registerSessionResolver(
  app: FastifyInstance,
  { db, sessionCache }: Pick<AppContext, 'db' | 'sessionCache'>,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('portfolio', null);
  app.decorateRequest('sessionDb', null);
  app.decorateRequest('viaCookie', false);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token || token.length > 200) return;
    request.user = await sessionCache.find(db, token);
    request.sessionDb = db;
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

const walletMismatch = () => forbidden('WALLET_MISMATCH', 'That wallet address is not yours');

/**
 * The wallets a request names: the Wallet header, the body's walletAddress, and for a GET the
 * query's (a download link cannot send a header).
 */
function namedWallets(request: FastifyRequest): unknown[] {
  const header = request.headers.wallet;
  const headerWallet = Array.isArray(header) ? header[0] : header;
  const body = request.body as { walletAddress?: unknown } | undefined;
  const query =
    request.method === 'GET'
      ? (request.query as { walletAddress?: unknown } | undefined)
      : undefined;
  return [
    headerWallet,
    body && typeof body === 'object' ? body.walletAddress : undefined,
    query?.walletAddress,
  ].filter((w) => w !== undefined);
}

const mainPortfolio = (user: SessionUser): RequestPortfolio => ({
  id: user.id,
  userId: user.id,
  kind: 'MAIN',
  contestId: null,
  walletAddress: user.walletAddress,
});

/**
 * The Wallet header and any walletAddress in the body must name one wallet, and it must be one of
 * the session user's open portfolios (docs/api.md, Auth): else 403 WALLET_MISMATCH, whatever the rest
 * of the request says. The main wallet needs no query; a contest wallet is one indexed lookup.
 */
export async function resolveOwnPortfolio(
  db: Kysely<DB>,
  request: FastifyRequest,
  user: SessionUser,
): Promise<RequestPortfolio> {
  const named = namedWallets(request);
  if (named.some((w) => typeof w !== 'string')) throw walletMismatch();
  const wallets = new Set((named as string[]).map((w) => w.toLowerCase()));
  if (wallets.size > 1) throw walletMismatch();
  const [wallet] = wallets;
  if (wallet === undefined || wallet === user.walletAddress.toLowerCase())
    return mainPortfolio(user);
  const row = await db
    .selectFrom('portfolios')
    .select(['id', 'kind', 'contest_id', 'wallet_address'])
    .where('wallet_address', '=', wallet)
    .where('user_id', '=', user.id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw walletMismatch();
  return {
    id: row.id,
    userId: user.id,
    kind: row.kind === 'CONTEST' ? 'CONTEST' : 'MAIN',
    contestId: row.contest_id,
    walletAddress: row.wallet_address,
  };
}

/**
 * preHandler for signed-in routes: 401 without a session, 403 on CSRF or a wallet that is not one
 * of the user's; sets request.portfolio to the portfolio the wallet names.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user || !request.sessionDb) throw unauthorized();
  if (request.viaCookie && !SAFE_METHODS.has(request.method) && !originMatchesHost(request)) {
    throw forbidden('CSRF', 'Cross-site request refused');
  }
  request.portfolio = await resolveOwnPortfolio(request.sessionDb, request, user);
}

/** The portfolio a route guarded by requireUser acts on. */
export function sessionPortfolio(request: FastifyRequest): RequestPortfolio {
  if (!request.portfolio) throw unauthorized();
  return request.portfolio;
}

/** The signed-in user of a route guarded by requireUser. */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * preHandler for signed-in routes whose body walletAddress names another user (POST/DELETE
 * /follow): like requireUser, but only the Wallet header must be one of the session's own wallets.
 */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user || !request.sessionDb) throw unauthorized();
  if (request.viaCookie && !SAFE_METHODS.has(request.method) && !originMatchesHost(request)) {
    throw forbidden('CSRF', 'Cross-site request refused');
  }
  const header = request.headers.wallet;
  const headerWallet = Array.isArray(header) ? header[0] : header;
  if (headerWallet === undefined || headerWallet.toLowerCase() === user.walletAddress.toLowerCase())
    return;
  // The header may name any of the user's portfolios (the app sends the active one's).
  const owned = await request.sessionDb
    .selectFrom('portfolios')
    .select('id')
    .where('wallet_address', '=', headerWallet.toLowerCase())
    .where('user_id', '=', user.id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!owned) throw walletMismatch();
}
