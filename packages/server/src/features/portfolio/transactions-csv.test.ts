import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../db/new-id.ts';
import { createTestApp, createTestUser, type TestApp } from '../../../test/test-app.ts';
import { insertTransaction, units, USD } from '../../../test/test-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = Date.UTC(2024, 4, 17, 9, 30);
const HEADER = 'id,timestamp,type,method,symbol,shares,price,total,fee,archived,note';
const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');

describe('GET /transactions.csv', () => {
  test('rows match the transactions exactly, archived ones marked', async () => {
    const user = await createTestUser(t.ctx);
    const old = await insertTransaction(t.ctx.db, user.id, {
      createdAt: BASE,
      epoch: 0,
      symbol: 'BTC',
      shares: units('0.00000001'),
      price: units('61234.5'),
      totalCents: USD(0.01),
    });
    await t.ctx.db.updateTable('portfolios').set({ epoch: 1 }).where('id', '=', user.id).execute();
    const sell = await insertTransaction(t.ctx.db, user.id, {
      createdAt: BASE + 60_000,
      epoch: 1,
      type: 'SELL',
      method: 'LIMIT',
      symbol: 'DOGE',
      shares: units('1234.56789012'),
      price: units('0.12345678'),
      totalCents: USD(152.41),
      feeCents: USD(0.16),
    });
    await insertTransaction(t.ctx.db, (await createTestUser(t.ctx)).id, { createdAt: BASE });

    const res = await t.app.inject({ url: '/transactions.csv', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    expect(lines(res.body)).toEqual([
      HEADER,
      `${sell},2024-05-17T09:31:00.000Z,SELL,LIMIT,DOGE,1234.56789012,0.12345678,152.41,0.16,no,`,
      `${old},2024-05-17T09:30:00.000Z,PURCHASE,MARKET,BTC,0.00000001,61234.5,0.01,0,yes,`,
    ]);
  });

  test('the fee column holds what each fill was charged, exactly', async () => {
    const user = await createTestUser(t.ctx);
    const id = await insertTransaction(t.ctx.db, user.id, {
      createdAt: BASE,
      totalCents: USD(999),
      feeCents: USD(1),
    });
    const res = await t.app.inject({ url: '/transactions.csv', headers: user.headers });
    expect(lines(res.body)[1]).toBe(
      `${id},2024-05-17T09:30:00.000Z,PURCHASE,MARKET,BTC,0.1,30000,999,1,no,`,
    );
  });

  test('an empty history is the header row alone', async () => {
    const user = await createTestUser(t.ctx);
    const res = await t.app.inject({ url: '/transactions.csv', headers: user.headers });
    expect(lines(res.body)).toEqual([HEADER]);
  });

  test('a history longer than one batch comes out whole, each row once', async () => {
    const user = await createTestUser(t.ctx);
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      id: newId(),
      portfolio_id: user.id,
      epoch: 0,
      type: 'PURCHASE',
      method: 'MARKET',
      symbol: 'ETH',
      shares: BigInt(i + 1),
      total_cents: 1n,
      price: units('2000'),
      position_id: null,
      created_at: BASE + Math.floor(i / 7), // shared milliseconds cross batch boundaries
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.db
        .insertInto('transactions')
        .values(rows.slice(i, i + 500))
        .execute();

    const res = await t.app.inject({ url: '/transactions.csv', headers: user.headers });
    const body = lines(res.body).slice(1);
    expect(body).toHaveLength(rows.length);
    const ids = body.map((l) => l.split(',')[0]);
    expect(new Set(ids).size).toBe(rows.length);
    const expected = [...rows]
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(ids).toEqual(expected);
  });

  test('without a session answers 401', async () => {
    const res = await t.app.inject({ url: '/transactions.csv' });
    expect(res.statusCode).toBe(401);
  });
});
