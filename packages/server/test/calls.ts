import type { User } from '@papertrade/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import type { TestUser } from './test-app.ts';

/**
 * The calls the server tests make as a signed-in user (orders, the user record, market control)
 * and the answer check they share. A feature's own kit (features/<name>/*-test-kit.ts) builds on
 * these; anything more than one feature's tests use belongs here.
 */

/** A POST as `user` (none: a visitor), with the user's walletAddress unless the body names one. */
export function post(app: App, user: TestUser | null, url: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url,
    headers: user?.headers ?? {},
    payload:
      user && !('walletAddress' in body) ? { walletAddress: user.walletAddress, ...body } : body,
  });
}

export const buy = (
  app: App,
  user: TestUser,
  symbol: string,
  assetAmount: unknown,
  unit?: 'USD' | 'SYMBOL',
) => post(app, user, '/purchase-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const sell = (
  app: App,
  user: TestUser,
  symbol: string,
  assetAmount: unknown,
  unit?: 'USD' | 'SYMBOL',
) => post(app, user, '/sell-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const openLimit = (app: App, user: TestUser, body: Record<string, unknown>) =>
  post(app, user, '/open-limit-position', body);

export const cancelLimit = (app: App, user: TestUser, positionId: string) =>
  post(app, user, '/cancel-limit-position', { positionId });

/** Throws unless the answer has this status (and this error code, when given), showing the body. */
export function expectStatus(res: LightMyRequestResponse, status: number, code?: string): void {
  if (
    res.statusCode !== status ||
    (code !== undefined && res.json<{ code?: string }>().code !== code)
  ) {
    throw new Error(`expected ${status} ${code ?? ''}, got ${res.statusCode} ${res.body}`);
  }
}

/**
 * Sets a price through market control, which runs a full tick: every tick job (the contest end,
 * the limit trigger, the price alerts) is done when it resolves.
 */
export async function setPrice(app: App, symbol: string, price: number): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/market-control/price',
    payload: { id: `${symbol.toLowerCase()}usd`, price },
  });
  if (res.statusCode !== 200)
    throw new Error(`setPrice ${symbol} ${price}: ${res.statusCode} ${res.body}`);
}

/** The current price of one asset, as GET /all-assets answers it. */
export async function priceOf(app: App, symbol: string): Promise<number> {
  const assets = (await app.inject({ method: 'GET', url: '/all-assets' })).json<
    { symbol: string; currentPrice: number }[]
  >();
  const asset = assets.find((a) => a.symbol === symbol);
  if (!asset) throw new Error(`no ${symbol}`);
  return asset.currentPrice;
}

/** The signed-in user's record, as GET /auth/session answers it. */
export async function currentUser(app: App, user: TestUser): Promise<User> {
  const res = await app.inject({ method: 'GET', url: '/auth/session', headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json<{ user: User }>().user;
}

/** PUT /update-user of one key (settings, notifications, username…). */
export function updateUser(
  app: App,
  user: TestUser,
  key: string,
  updates: unknown,
  headers = user.headers,
) {
  return app.inject({
    method: 'PUT',
    url: '/update-user',
    headers,
    payload: { key, walletAddress: user.walletAddress, updates },
  });
}

/** DELETE /delete-user as `user`, with the password and wallet given (the user's own by default). */
export function deleteUser(
  app: App,
  user: TestUser,
  { walletAddress = user.walletAddress, currentPassword = user.password } = {},
) {
  return app.inject({
    method: 'DELETE',
    url: '/delete-user',
    headers: user.headers,
    payload: { walletAddress, currentPassword },
  });
}
