import type { BalancePoint } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { setHolding, setStoredPrice, units, USD } from '../../../test/test-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setStoredPrice(t.ctx.db, 'ETH', units('2000'));
});
afterAll(() => t.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function snapshot(user: TestUser, ts: number, dollars: number, epoch = 0) {
  await t.ctx.db
    .insertInto('balance_snapshots')
    .values({ portfolio_id: user.id, epoch, ts, balance_cents: USD(dollars) })
    .execute();
}

async function history(user: TestUser, days?: string) {
  const res = await t.app.inject({
    url: `/balance-history${days ? `?days=${days}` : ''}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<BalancePoint[]>();
}

/** A user who signed up 30 days ago, holds 1 ETH (live total 102,000) and has four snapshots. */
async function userWithSnapshots(now: number) {
  const user = await createTestUser(t.ctx);
  await t.ctx.db
    .updateTable('portfolios')
    .set({ created_at: now - 30 * DAY })
    .where('id', '=', user.id)
    .execute();
  await setHolding(t.ctx.db, user.id, 'ETH', units('1'));
  await snapshot(user, now - 10 * DAY, 100_500);
  await snapshot(user, now - 5 * DAY, 101_000);
  await snapshot(user, now - DAY, 99_000.5);
  await snapshot(user, now - HOUR, 101_500);
  return user;
}

describe('GET /balance-history', () => {
  test('max gives the start, every snapshot and the live balance now, oldest first', async () => {
    const now = Date.now();
    const user = await userWithSnapshots(now);
    const points = await history(user, 'max');
    expect(points.map((p) => p.balance)).toEqual([
      100_000, 100_500, 101_000, 99_000.5, 101_500, 102_000,
    ]);
    expect(points[0]?.timestamp).toBe(now - 30 * DAY);
    expect(points.at(-1)?.timestamp).toBeGreaterThanOrEqual(now);
    expect(points.map((p) => p.timestamp)).toEqual(
      [...points.map((p) => p.timestamp)].sort((a, b) => a - b),
    );
    expect(await history(user)).toHaveLength(6); // max is the default
  });

  test('days=N keeps the last N days and still ends at the live balance', async () => {
    const now = Date.now();
    const user = await userWithSnapshots(now);
    expect((await history(user, '7')).map((p) => p.balance)).toEqual([
      101_000, 99_000.5, 101_500, 102_000,
    ]);
    expect((await history(user, '1')).map((p) => p.balance)).toEqual([101_500, 102_000]);
  });

  test('only the current epoch counts after a reset, starting at the reset', async () => {
    const now = Date.now();
    const user = await createTestUser(t.ctx);
    await snapshot(user, now - 3 * DAY, 123_456, 0);
    await t.ctx.db
      .updateTable('portfolios')
      .set({
        epoch: 1,
        reset_at: now - 2 * DAY,
        starting_balance_cents: USD(50_000),
        cash_cents: USD(50_000),
      })
      .where('id', '=', user.id)
      .execute();
    await snapshot(user, now - DAY, 49_000, 1);
    const points = await history(user, 'max');
    expect(points.map((p) => p.balance)).toEqual([50_000, 49_000, 50_000]);
    expect(points[0]?.timestamp).toBe(now - 2 * DAY);
  });

  test('a long history is spread to at most 1000 points, keeping the first and last', async () => {
    const now = Date.now();
    const user = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('portfolios')
      .set({ created_at: now - 200 * DAY })
      .where('id', '=', user.id)
      .execute();
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      portfolio_id: user.id,
      epoch: 0,
      ts: now - 3_000 * HOUR + i * HOUR,
      balance_cents: USD(100_000 + i),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.db
        .insertInto('balance_snapshots')
        .values(rows.slice(i, i + 500))
        .execute();
    const points = await history(user, 'max');
    expect(points).toHaveLength(1000);
    expect(points[0]).toEqual({ timestamp: now - 200 * DAY, balance: 100_000 });
    expect(points[998]).toEqual({ timestamp: now - HOUR, balance: 102_999 });
    expect(points[999]?.balance).toBe(100_000);
  });

  test('a new account is its starting balance now', async () => {
    const user = await createTestUser(t.ctx);
    const points = await history(user);
    expect(points.at(-1)?.balance).toBe(100_000);
    expect(points.length).toBeLessThanOrEqual(2);
  });

  test('bad days answer 400 and no session answers 401', async () => {
    const user = await createTestUser(t.ctx);
    for (const days of ['0', 'abc', '1.5', '4000']) {
      const res = await t.app.inject({
        url: `/balance-history?days=${days}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: '/balance-history' })).statusCode).toBe(401);
  });
});
