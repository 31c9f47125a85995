import type { HistoryEntry, Transaction } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { insertOrder, insertTransaction, units, USD } from '../../../test/test-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = Date.UTC(2024, 0, 1);
const entryId = (e: HistoryEntry) => ('id' in e ? e.id : e.positionId);

interface Made {
  id: string;
  createdAt: number;
  kind: 'PURCHASE' | 'SELL' | 'WORKING';
  symbol: string;
}

/** 24 transactions (some sharing a millisecond), 3 working orders, and rows that must never show. */
async function makeHistory(user: TestUser, other: TestUser): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < 24; i += 1) {
    const createdAt = BASE + Math.floor(i / 3) * 1000; // three per millisecond: ties broken by id
    const type = i % 4 === 0 ? 'SELL' : 'PURCHASE';
    const symbol = i % 2 === 0 ? 'BTC' : 'ETH';
    made.push({
      id: await insertTransaction(t.ctx.db, user.id, { createdAt, type, symbol }),
      createdAt,
      kind: type,
      symbol,
    });
  }
  for (const [i, symbol] of ['BTC', 'ETH', 'BTC'].entries()) {
    const createdAt = BASE + 1500 + i * 2000;
    made.push({
      id: await insertOrder(t.ctx.db, user.id, { createdAt, symbol }),
      createdAt,
      kind: 'WORKING',
      symbol,
    });
  }
  await insertOrder(t.ctx.db, user.id, { createdAt: BASE + 2500, status: 'CANCELLED' });
  await insertTransaction(t.ctx.db, other.id, { createdAt: BASE + 3000 });
  return made.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
}

async function allPages(user: TestUser, query: string, limit: number) {
  const ids: string[] = [];
  const entries: HistoryEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const qs = new URLSearchParams(query);
    qs.set('limit', String(limit));
    if (cursor) qs.set('cursor', cursor);
    const res = await t.app.inject({
      url: `/transactions?${qs.toString()}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<HistoryEntry[]>();
    expect(page.length).toBeLessThanOrEqual(limit);
    entries.push(...page);
    ids.push(...page.map(entryId));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, entries, pages };
}

describe('GET /transactions', () => {
  test('pages through the whole history newest first without duplicates or gaps', async () => {
    const user = await createTestUser(t.ctx);
    const made = await makeHistory(user, await createTestUser(t.ctx));
    const { ids, entries, pages } = await allPages(user, '', 7);
    expect(ids).toEqual(made.map((m) => m.id));
    expect(new Set(ids).size).toBe(27);
    expect(pages).toBe(4);
    const working = entries.filter((e) => 'limitAsk' in e);
    expect(working).toHaveLength(3);
    expect(working[0]).toMatchObject({
      status: 'WORKING',
      type: 'PURCHASE',
      limitAsk: 20000,
      purchaseAsk: 1000,
    });
  });

  test('a page exactly as long as the rest has no next cursor', async () => {
    const user = await createTestUser(t.ctx);
    for (let i = 0; i < 4; i += 1)
      await insertTransaction(t.ctx.db, user.id, { createdAt: BASE + i });
    const res = await t.app.inject({ url: '/transactions?limit=4', headers: user.headers });
    expect(res.json()).toHaveLength(4);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  test('filters by type and symbol', async () => {
    const user = await createTestUser(t.ctx);
    const made = await makeHistory(user, await createTestUser(t.ctx));
    const only = (pred: (m: Made) => boolean) => made.filter(pred).map((m) => m.id);

    expect((await allPages(user, 'type=SELL', 2)).ids).toEqual(only((m) => m.kind === 'SELL'));
    expect((await allPages(user, 'type=PURCHASE', 5)).ids).toEqual(
      only((m) => m.kind === 'PURCHASE'),
    );
    expect((await allPages(user, 'type=WORKING', 2)).ids).toEqual(
      only((m) => m.kind === 'WORKING'),
    );
    expect((await allPages(user, 'symbol=ETH', 4)).ids).toEqual(only((m) => m.symbol === 'ETH'));
    expect((await allPages(user, 'type=WORKING&symbol=BTC', 10)).ids).toEqual(
      only((m) => m.kind === 'WORKING' && m.symbol === 'BTC'),
    );
  });

  test('after a reset only the current epoch shows; archived=true shows the earlier history', async () => {
    const user = await createTestUser(t.ctx);
    const old1 = await insertTransaction(t.ctx.db, user.id, { createdAt: BASE, epoch: 0 });
    const old2 = await insertTransaction(t.ctx.db, user.id, {
      createdAt: BASE + 10,
      epoch: 0,
      type: 'SELL',
    });
    await t.ctx.db
      .updateTable('portfolios')
      .set({ epoch: 1, reset_at: BASE + 100 })
      .where('id', '=', user.id)
      .execute();
    const now1 = await insertTransaction(t.ctx.db, user.id, { createdAt: BASE + 200, epoch: 1 });

    const current = await allPages(user, '', 10);
    expect(current.ids).toEqual([now1]);
    expect(current.entries[0]).not.toHaveProperty('archived');

    const archived = await allPages(user, 'archived=true', 1);
    expect(archived.ids).toEqual([old2, old1]);
    expect(archived.entries.every((e) => (e as Transaction).archived === true)).toBe(true);
  });

  test('maps the columns to the contract exactly', async () => {
    const user = await createTestUser(t.ctx);
    const id = await insertTransaction(t.ctx.db, user.id, {
      createdAt: BASE,
      type: 'SELL',
      method: 'LIMIT',
      symbol: 'DOGE',
      shares: units('1234.56789012'),
      price: units('0.12345678'),
      totalCents: USD(152.41),
      feeCents: USD(0.16),
    });
    const [entry] = (await t.app.inject({ url: '/transactions', headers: user.headers })).json<
      Transaction[]
    >();
    expect(entry).toEqual({
      id,
      type: 'SELL',
      method: 'LIMIT',
      symbol: 'DOGE',
      assetsPurchasedSold: 1234.56789012,
      purchaseSellAsk: 0.12345678,
      transactionTotal: 152.41,
      fee: 0.16,
      timestamp: BASE,
    });
  });

  test('a cursor the server did not make answers 400 INVALID_CURSOR', async () => {
    const user = await createTestUser(t.ctx);
    const res = await t.app.inject({ url: '/transactions?cursor=garbage', headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' });
  });

  test('a bad limit or type answers 400', async () => {
    const user = await createTestUser(t.ctx);
    expect(
      (await t.app.inject({ url: '/transactions?limit=0', headers: user.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/transactions?limit=101', headers: user.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/transactions?type=BUY', headers: user.headers })).statusCode,
    ).toBe(400);
  });

  test('without a session answers 401', async () => {
    const res = await t.app.inject({ url: '/transactions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('GET /transactions/:id', () => {
  test("answers the caller's own transaction, archived ones flagged", async () => {
    const user = await createTestUser(t.ctx);
    const old = await insertTransaction(t.ctx.db, user.id, { createdAt: BASE, epoch: 0 });
    await t.ctx.db.updateTable('portfolios').set({ epoch: 1 }).where('id', '=', user.id).execute();
    const current = await insertTransaction(t.ctx.db, user.id, { createdAt: BASE + 1, epoch: 1 });

    const res = await t.app.inject({ url: `/transactions/${current}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: current,
      type: 'PURCHASE',
      assetsPurchasedSold: 0.1,
      transactionTotal: 3000,
    });
    expect(res.json()).not.toHaveProperty('archived');

    const archived = await t.app.inject({ url: `/transactions/${old}`, headers: user.headers });
    expect(archived.json()).toMatchObject({ id: old, archived: true });
  });

  test("another user's transaction or an unknown id answers 404 TRANSACTION_NOT_FOUND", async () => {
    const owner = await createTestUser(t.ctx);
    const stranger = await createTestUser(t.ctx);
    const id = await insertTransaction(t.ctx.db, owner.id, { createdAt: BASE });
    for (const url of [`/transactions/${id}`, '/transactions/nope']) {
      const res = await t.app.inject({ url, headers: stranger.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'TRANSACTION_NOT_FOUND' });
    }
  });
});
