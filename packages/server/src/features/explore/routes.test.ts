import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, createTestUser, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function buy(
  app: TestApp['app'],
  headers: Record<string, string>,
  wallet: string,
  symbol: string,
  usd: number,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/purchase-asset',
    headers,
    payload: { symbol, walletAddress: wallet, assetAmount: usd, unit: 'USD' },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /explore/most-traded', () => {
  test('counts transactions and USD volume per symbol, most traded first', async () => {
    t = await createTestApp();
    const a = await createTestUser(t.ctx, { username: 'alice' });
    const b = await createTestUser(t.ctx, { username: 'bob' });
    await buy(t.app, a.headers, a.walletAddress, 'ETH', 100);
    await buy(t.app, b.headers, b.walletAddress, 'ETH', 50.25);
    await buy(t.app, a.headers, a.walletAddress, 'BTC', 1000);
    const res = await t.app.inject({ method: 'GET', url: '/explore/most-traded?days=7' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([
      { symbol: 'ETH', count: 2, volume: 150.25 },
      { symbol: 'BTC', count: 1, volume: 1000 },
    ]);
  });

  test('leaves out transactions older than the window', async () => {
    t = await createTestApp();
    const a = await createTestUser(t.ctx);
    await buy(t.app, a.headers, a.walletAddress, 'ETH', 100);
    await t.ctx.db
      .updateTable('transactions')
      .set({ created_at: Date.now() - 3 * 86_400_000 })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/explore/most-traded?days=1' });
    expect(json(res)).toEqual([]);
    const week = await t.app.inject({ method: 'GET', url: '/explore/most-traded' });
    expect(json<unknown[]>(week)).toHaveLength(1);
  });

  test('rejects a days value out of range with 400', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/explore/most-traded?days=0' });
    expect(res.statusCode).toBe(400);
  });
});
