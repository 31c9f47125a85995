/**
 * Server calls the browser tests make directly, so each test starts from the state it needs
 * without clicking through unrelated screens (like epic-stack's playwright-utils).
 */
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  walletAddress: string;
  token: string;
}

/** The subset of the contract's User the tests read. */
export interface UserRecord {
  id: string;
  walletAddress: string;
  balance: number;
  assets: Record<string, number>;
  notifications: { id: string; text: string; read: boolean }[];
}

export interface AssetRecord {
  id: string;
  symbol: string;
  name: string;
  currentPrice: number;
}

/** Usernames allow 3 to 20 letters, digits, `_` and `.`; this one is unique across workers. */
export function uniqueUsername(prefix = 'e2e'): string {
  const time = Date.now().toString(36).slice(-7);
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${time}${random}`.slice(0, 20);
}

export function newCredentials() {
  const username = uniqueUsername();
  return { username, email: `${username}@example.com`, password: `pw-${username}-Secret1` };
}

/** A fresh user through POST /auth/sign-up; every test makes its own, so tests run in parallel. */
export async function signUpViaApi(request: APIRequestContext): Promise<TestUser> {
  const credentials = newCredentials();
  const response = await request.post('/auth/sign-up', { data: credentials });
  expect(response.status(), await response.text()).toBe(201);
  const { token, user } = (await response.json()) as { token: string; user: UserRecord };
  return { ...credentials, id: user.id, walletAddress: user.walletAddress, token };
}

/** Bearer token plus the Wallet header (docs/api.md, Auth). */
export function authHeaders(user: TestUser): Record<string, string> {
  return { Authorization: `Bearer ${user.token}`, Wallet: user.walletAddress };
}

export async function getUserViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<UserRecord> {
  const response = await request.get('/auth/session', { headers: authHeaders(user) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: UserRecord }).user;
}

/** A market buy spending `usd` dollars of cash on `symbol`. */
export async function buyViaApi(
  request: APIRequestContext,
  user: TestUser,
  symbol: string,
  usd: number,
): Promise<UserRecord> {
  const response = await request.post('/purchase-asset', {
    headers: authHeaders(user),
    data: { symbol, walletAddress: user.walletAddress, assetAmount: usd, unit: 'USD' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as UserRecord;
}

/**
 * The one spec that may move each asset's price. Prices are the whole run's, and tests run side
 * by side, so a price one spec sets can land in the middle of another spec's scenario on the same
 * asset: asset-orders.spec once set LTC to 100 while contests.spec ranked a class by LTC's jump,
 * and fill-notices.spec shared ATOM with portfolio-insight.spec's sale at 20. An asset that is not
 * listed is moved by no spec (BTC, and LINK, UNI, TRX that specs buy and read unmoved).
 */
const PRICE_MOVERS: Readonly<Record<string, string>> = {
  solusd: 'alerts.spec.ts',
  avaxusd: 'asset-orders.spec.ts',
  dogeusd: 'asset-orders.spec.ts',
  etcusd: 'bracket-orders.spec.ts',
  bnbusd: 'bracket-orders.spec.ts',
  bchusd: 'chart-drag.spec.ts',
  xmrusd: 'chart-drag.spec.ts',
  aaveusd: 'chart-drag.spec.ts',
  adausd: 'charts.spec.ts',
  ltcusd: 'contests.spec.ts',
  filusd: 'contest-returns.spec.ts',
  xrpusd: 'fill-notices.spec.ts',
  ethusd: 'live.spec.ts',
  atomusd: 'portfolio-insight.spec.ts',
  xlmusd: 'portfolio-insight.spec.ts',
  dotusd: 'stop-order-panel.spec.ts',
};

/**
 * Sets an asset's price and runs one market tick (MARKET_CONTROL=1, see playwright.config.ts).
 * Only the spec PRICE_MOVERS names for the asset may: anything else fails at once, every run.
 */
export async function setPrice(
  request: APIRequestContext,
  id: string,
  price: number,
): Promise<AssetRecord> {
  const spec = path.basename(test.info().file);
  if (PRICE_MOVERS[id] !== spec) {
    throw new Error(
      `${spec} moves ${id}, which ${PRICE_MOVERS[id] ?? 'no spec'} owns (PRICE_MOVERS in e2e/support/api.ts): give it an asset of its own`,
    );
  }
  const response = await request.post('/market-control/price', { data: { id, price } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AssetRecord;
}

/** Deletes every notification of the user (sign-up leaves a welcome notification). */
export async function deleteNotificationsViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<UserRecord> {
  const { notifications } = await getUserViaApi(request, user);
  const response = await request.put('/update-user', {
    headers: authHeaders(user),
    data: {
      key: 'notifications',
      walletAddress: user.walletAddress,
      updates: { delete: notifications.map((n) => n.id) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as UserRecord;
}
