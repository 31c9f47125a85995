import type { BusEvent } from '../../realtime/event-bus.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (user: TestUser, watchlist: unknown, walletAddress = user.walletAddress) =>
  t.app.inject({
    method: 'PUT',
    url: '/update-watchlist',
    headers: user.headers,
    payload: { walletAddress, watchlist },
  });

const storedWatchlist = async (userId: string) => {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('watchlist')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.watchlist) as unknown;
};

describe('PUT /update-watchlist', () => {
  test('stores the symbols in order without duplicates and tells open screens', async () => {
    const user = await createTestUser(t.ctx);
    const events: BusEvent[] = [];
    const unsubscribe = t.ctx.bus.subscribe((e) => events.push(e));
    const res = await update(user, ['ETH', 'BTC', 'ETH', 'SOL', 'BTC']);
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ watchlist: ['ETH', 'BTC', 'SOL'] });
    expect(await storedWatchlist(user.id)).toEqual(['ETH', 'BTC', 'SOL']);
    expect(events).toContainEqual({ type: 'user-changed', userId: user.id });

    const details = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: user.headers,
      payload: { walletAddress: user.walletAddress },
    });
    expect(details.json()).toMatchObject({ watchlist: ['ETH', 'BTC', 'SOL'] });
  });

  test('an empty list clears the watchlist', async () => {
    const user = await createTestUser(t.ctx);
    await update(user, ['BTC']);
    const res = await update(user, []);
    expect(res.json()).toEqual({ watchlist: [] });
    expect(await storedWatchlist(user.id)).toEqual([]);
  });

  test('an unknown symbol answers 400 UNKNOWN_SYMBOL naming it, and nothing changes', async () => {
    const user = await createTestUser(t.ctx);
    await update(user, ['BTC']);
    const res = await update(user, ['ETH', 'NOPE', 'BTC']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_SYMBOL', field: 'watchlist' });
    expect(res.json<{ error: string }>().error).toContain('NOPE');
    expect(await storedWatchlist(user.id)).toEqual(['BTC']);
  });

  test('a malformed symbol or a list that is not one answers 400', async () => {
    const user = await createTestUser(t.ctx);
    expect((await update(user, ['btc'])).statusCode).toBe(400);
    expect((await update(user, 'BTC')).statusCode).toBe(400);
  });

  test("another user's wallet answers 403 WALLET_MISMATCH", async () => {
    const user = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    const res = await update(user, ['BTC'], other.walletAddress);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    expect(await storedWatchlist(other.id)).toEqual([]);
  });

  test('without a session answers 401', async () => {
    const user = await createTestUser(t.ctx);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-watchlist',
      payload: { walletAddress: user.walletAddress, watchlist: ['BTC'] },
    });
    expect(res.statusCode).toBe(401);
  });
});
