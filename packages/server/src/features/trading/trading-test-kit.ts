import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import type { AppContext } from '../../app-context.ts';
import { expectLedgersSound } from '../../test-support/ledger-check.ts';
import type { TestUser } from '../../test-support/test-app.ts';
import { rowHoldsReservation } from '../../ledger/reserved-orders.ts';

/** Shared by the trading tests: calls as a signed-in user, prices, and the ledger read back exactly. */

export function post(app: App, user: TestUser | null, url: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url,
    headers: user?.headers ?? {},
    payload: user && !('walletAddress' in body) ? { walletAddress: user.walletAddress, ...body } : body,
  });
}

export const buy = (app: App, user: TestUser, symbol: string, assetAmount: unknown, unit?: 'USD' | 'SYMBOL') =>
  post(app, user, '/purchase-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const sell = (app: App, user: TestUser, symbol: string, assetAmount: unknown, unit?: 'USD' | 'SYMBOL') =>
  post(app, user, '/sell-asset', { symbol, assetAmount, ...(unit ? { unit } : {}) });

export const openLimit = (app: App, user: TestUser, body: Record<string, unknown>) =>
  post(app, user, '/open-limit-position', body);

export const cancelLimit = (app: App, user: TestUser, positionId: string) =>
  post(app, user, '/cancel-limit-position', { positionId });

/** Sets a price through market control, which also runs a full tick (and so the limit trigger). */
export async function setPrice(app: App, symbol: string, price: number): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/market-control/price',
    payload: { id: `${symbol.toLowerCase()}usd`, price },
  });
  if (res.statusCode !== 200) throw new Error(`setPrice ${symbol} ${price}: ${res.statusCode} ${res.body}`);
}

export function expectStatus(res: LightMyRequestResponse, status: number, code?: string): void {
  if (res.statusCode !== status || (code !== undefined && res.json<{ code?: string }>().code !== code)) {
    throw new Error(`expected ${status} ${code ?? ''}, got ${res.statusCode} ${res.body}`);
  }
}

/** Every money invariant of ARCHITECTURE.md for these users (test-support/ledger-check.ts), or a throw listing what broke. */
export function expectSound(ctx: AppContext, userIds: readonly string[]): Promise<void> {
  return expectLedgersSound(ctx, userIds);
}

/** Free cash, free shares of one symbol, and what working orders reserve, exactly. */
export async function balances(ctx: AppContext, userId: string, symbol: string) {
  const { db } = ctx;
  const user = await db.selectFrom('portfolios').select('cash_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  const holding = await db.selectFrom('holdings').select('shares').where('portfolio_id', '=', userId).where('symbol', '=', symbol).executeTakeFirst();
  const orders = await db.selectFrom('limit_orders').selectAll().where('portfolio_id', '=', userId).where('status', '=', 'WORKING').execute();
  let reservedShares = 0n;
  let reservedCash = 0n;
  for (const o of orders.filter(rowHoldsReservation)) {
    if (o.type === 'PURCHASE') reservedCash += BigInt(o.purchase_cents ?? 0n);
    else if (o.symbol === symbol) reservedShares += BigInt(o.sell_shares ?? 0n);
  }
  return { cash: BigInt(user.cash_cents), shares: BigInt(holding?.shares ?? 0n), reservedShares, reservedCash };
}
