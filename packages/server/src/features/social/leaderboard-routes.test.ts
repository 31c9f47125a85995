import { STARTING_BALANCE_USD, type LeaderboardEntry } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { newId } from '../../db/new-id.ts';
import type { DB } from '../../db/schema.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { setHolding } from '../../../test/test-rows.ts';

const USD = (dollars: number) => BigInt(Math.round(dollars * 100));
const SHARE = 100_000_000n;
const T0 = Date.UTC(2024, 0, 1);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUser(
  db: Kysely<DB>,
  user: TestUser,
  cash: number,
  createdAt: number,
  starting = STARTING_BALANCE_USD,
) {
  await db
    .updateTable('portfolios')
    .set({ cash_cents: USD(cash), created_at: createdAt, starting_balance_cents: USD(starting) })
    .where('id', '=', user.id)
    .execute();
}

async function workingOrder(
  db: Kysely<DB>,
  user: TestUser,
  type: 'PURCHASE' | 'SELL',
  symbol: string,
  reserved: bigint,
) {
  await db
    .insertInto('limit_orders')
    .values({
      id: newId(),
      portfolio_id: user.id,
      epoch: 0,
      symbol,
      type,
      limit_price: 1n,
      purchase_cents: type === 'PURCHASE' ? reserved : null,
      sell_shares: type === 'SELL' ? reserved : null,
      status: 'WORKING',
      created_at: T0,
      closed_at: null,
      fill_price: null,
      transaction_id: null,
    })
    .execute();
  // A sell's shares leave the free shares, as the ledger's reserve step takes them (decision 024).
  if (type === 'SELL')
    await db
      .updateTable('lot_totals')
      .set((eb) => ({ free_shares: eb('free_shares', '-', reserved) }))
      .where('portfolio_id', '=', user.id)
      .where('symbol', '=', symbol)
      .execute();
}

/** Six users whose totals exercise cash, holdings, both order sides, a tie and a loss. */
async function sixUsers(app: TestApp) {
  const { db } = app.ctx;
  await db
    .updateTable('assets')
    .set({ price: 30_000n * SHARE })
    .where('symbol', '=', 'BTC')
    .execute();
  await db
    .updateTable('assets')
    .set({ price: 2_000n * SHARE })
    .where('symbol', '=', 'ETH')
    .execute();
  const make = () => createTestUser(app.ctx);
  const a = await make();
  const b = await make();
  const c = await make();
  const d = await make();
  const e = await make();
  const f = await make();
  await setUser(db, a, 100_000, T0 + 1);
  await setUser(db, b, 90_000, T0 + 2);
  await setHolding(db, b.id, 'BTC', SHARE / 2n); // 15,000
  await setUser(db, c, 50_000, T0 + 3);
  await workingOrder(db, c, 'PURCHASE', 'BTC', USD(60_000));
  await setUser(db, d, 100_000, T0); // ties with a, signed up earlier
  await setUser(db, e, 80_000, T0 + 4);
  await setHolding(db, e.id, 'ETH', 6n * SHARE);
  await workingOrder(db, e, 'SELL', 'ETH', SHARE); // 5 free (10,000) and 1 reserved (2,000)
  await setUser(db, f, 190_000, T0 + 5, 200_000);
  return { a, b, c, d, e, f };
}

describe('GET /leaderboard', () => {
  test('ranks by return since the last reset, ties by higher total then earlier sign-up, across pages', async () => {
    t = await createTestApp();
    const { a, b, c, d, e, f } = await sixUsers(t);
    const seen: LeaderboardEntry[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await t.app.inject({
        url: `/leaderboard?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<LeaderboardEntry[]>());
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    // f has the biggest total but lost 5 % of its larger start: a big account buys no rank.
    expect(seen.map((s) => [s.rank, s.walletAddress, s.totalBalance, s.returnPercentage])).toEqual([
      [1, c.walletAddress, 110_000, 10],
      [2, b.walletAddress, 105_000, 5],
      [3, d.walletAddress, 100_000, 0],
      [4, a.walletAddress, 100_000, 0],
      [5, f.walletAddress, 190_000, -5],
      [6, e.walletAddress, 92_000, -8],
    ]);
    expect(seen[0]).toMatchObject({ period: 'all', since: T0 + 3, resetAt: null });
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual([
      'avatar',
      'period',
      'rank',
      'resetAt',
      'returnPercentage',
      'since',
      'totalBalance',
      'username',
      'walletAddress',
    ]);
  });

  test('the default page is the top 20 and a bad cursor answers 400', async () => {
    t = await createTestApp();
    await sixUsers(t);
    const res = await t.app.inject({ url: '/leaderboard' });
    expect(res.json()).toHaveLength(6);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    const bad = await t.app.inject({ url: '/leaderboard?cursor=xyz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });

  test('holdings whose value overflows 64-bit integers rank without error', async () => {
    t = await createTestApp();
    const whale = await createTestUser(t.ctx);
    const minnow = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('assets')
      .set({ price: 10_000_000n * SHARE })
      .where('symbol', '=', 'BTC')
      .execute();
    await setHolding(t.ctx.db, whale.id, 'BTC', 10_000_000_000n * SHARE);
    const res = await t.app.inject({ url: '/leaderboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json<LeaderboardEntry[]>().map((r) => [r.walletAddress, r.totalBalance])).toEqual([
      [whale.walletAddress, 1e17 + 100_000],
      [minnow.walletAddress, 100_000],
    ]);
  });
});

describe('GET /leaderboard/me', () => {
  test("gives the caller's own row with its rank", async () => {
    t = await createTestApp();
    const { a, e } = await sixUsers(t);
    await t.app.inject({ url: '/leaderboard' }); // warm the cache
    const res = await t.app.inject({ url: '/leaderboard/me', headers: a.headers });
    expect(res.statusCode).toBe(200);
    const aName = (
      await t.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow()
    ).username;
    expect(res.json()).toEqual({
      rank: 4,
      walletAddress: a.walletAddress,
      username: aName,
      avatar: null,
      totalBalance: STARTING_BALANCE_USD,
      returnPercentage: 0,
      period: 'all',
      since: T0 + 1,
      resetAt: null,
    });
    expect(
      (await t.app.inject({ url: '/leaderboard/me', headers: e.headers })).json(),
    ).toMatchObject({ rank: 6 });

    const newcomer = await createTestUser(t.ctx); // signed up after the cached ranking
    const mine = await t.app.inject({ url: '/leaderboard/me', headers: newcomer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      walletAddress: newcomer.walletAddress,
      totalBalance: STARTING_BALANCE_USD,
    });
  });

  test('without a session answers 401', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/leaderboard/me' })).statusCode).toBe(401);
  });
});

describe('GET /leaderboard?period=week|month', () => {
  const DAY = 86_400_000;

  async function snapshot(db: Kysely<DB>, user: TestUser, ts: number, dollars: number) {
    const { epoch } = await db
      .selectFrom('portfolios')
      .select('epoch')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('balance_snapshots')
      .values({ portfolio_id: user.id, epoch, ts, balance_cents: USD(dollars) })
      .execute();
  }

  test('the return runs from the balance at the start of the period; a reset inside it is listed, not ranked', async () => {
    t = await createTestApp();
    const { db } = t.ctx;
    const now = Date.now();
    const steady = await createTestUser(t.ctx); // up 14 % since sign-up, but down 5 % over the week
    const fresh = await createTestUser(t.ctx); // reset to $1,000,000 two days ago, untouched
    const newcomer = await createTestUser(t.ctx); // signed up yesterday, up 1 %
    await setUser(db, steady, 114_000, now - 60 * DAY);
    await snapshot(db, steady, now - 40 * DAY, 110_000);
    await snapshot(db, steady, now - 10 * DAY, 120_000);
    await snapshot(db, steady, now - 3 * DAY, 118_000); // inside the week: not the baseline
    await setUser(db, fresh, 1_000_000, now - 60 * DAY, 1_000_000);
    await db
      .updateTable('portfolios')
      .set({ reset_at: now - 2 * DAY, epoch: 1 })
      .where('id', '=', fresh.id)
      .execute();
    await setUser(db, newcomer, 101_000, now - DAY);

    const board = async (period: string) =>
      (await t!.app.inject({ url: `/leaderboard?period=${period}` }))
        .json<LeaderboardEntry[]>()
        .map((r) => [r.walletAddress, r.rank, r.returnPercentage, r.resetAt]);

    expect(await board('all')).toEqual([
      [steady.walletAddress, 1, 14, null],
      [newcomer.walletAddress, 2, 1, null],
      [fresh.walletAddress, 3, 0, null],
    ]);
    expect(await board('week')).toEqual([
      [newcomer.walletAddress, 1, 1, null],
      [steady.walletAddress, 2, -5, null],
      [fresh.walletAddress, null, 0, now - 2 * DAY],
    ]);
    // Over the month the baseline is the latest snapshot at or before its start: 110,000 forty days ago.
    expect(await board('month')).toEqual([
      [steady.walletAddress, 1, 3.64, null],
      [newcomer.walletAddress, 2, 1, null],
      [fresh.walletAddress, null, 0, now - 2 * DAY],
    ]);

    const mine = await t.app.inject({ url: '/leaderboard/me?period=week', headers: fresh.headers });
    expect(mine.json()).toMatchObject({ rank: null, period: 'week', resetAt: now - 2 * DAY });
    const week = (await t.app.inject({ url: '/leaderboard?period=week' })).json<
      LeaderboardEntry[]
    >();
    expect(week[1]?.since).toBeGreaterThanOrEqual(now - 7 * DAY);
    expect(week[0]?.since).toBe(now - DAY);
  });

  test('an unknown period answers 400 and changes nothing', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/leaderboard?period=year' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
