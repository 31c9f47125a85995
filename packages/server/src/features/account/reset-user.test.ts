import { STARTING_BALANCE_USD, type User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../../test/calls.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });

const post = (url: string, body: Record<string, unknown>, user = me) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    payload: { walletAddress: user.walletAddress, ...body },
  });
const resetUser = (body: Record<string, unknown>, user = me) => post('/reset-user', body, user);

/** A market buy and a working limit buy through the real trade routes. */
async function trade() {
  const buy = await post('/purchase-asset', { symbol: 'BTC', assetAmount: 1000, unit: 'USD' });
  expect(buy.statusCode).toBe(200);
  const limit = await post('/open-limit-position', {
    type: 'PURCHASE',
    symbol: 'ETH',
    limitAsk: 0.01,
    purchaseAsk: 500,
  });
  expect(limit.statusCode).toBe(201);
}

describe('POST /reset-user', () => {
  it('starts over with $10,000 and keeps the old history archived', async () => {
    await trade();
    const res = await resetUser({ startingBalance: 10_000 });
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({
      balance: 10_000,
      startingBalance: 10_000,
      assets: {},
      openPositions: {},
      history: [],
    });
    expect(user.limitPositions.filter((p) => p.status === 'WORKING')).toEqual([]);
    expect(user.notifications[0]).toMatchObject({
      type: 'INFORMATIVE',
      text: 'Your account was reset to $10,000.00',
    });
    expect(user.resetAccountData).toBeGreaterThan(Date.now() - 60_000);

    const db = t.ctx.db;
    const row = await db
      .selectFrom('portfolios')
      .select(['epoch', 'cash_cents', 'starting_balance_cents'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.epoch), BigInt(row.cash_cents), BigInt(row.starting_balance_cents)]).toEqual(
      [1, 1_000_000n, 1_000_000n],
    );
    const txs = await db
      .selectFrom('transactions')
      .select(['epoch'])
      .where('portfolio_id', '=', me.id)
      .execute();
    expect(txs.map((x) => Number(x.epoch))).toEqual([0]);
    const orders = await db
      .selectFrom('limit_orders')
      .select(['status', 'closed_at', 'epoch'])
      .where('portfolio_id', '=', me.id)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('CANCELLED');
    expect(orders[0]?.closed_at).not.toBeNull();
    expect(
      await db.selectFrom('lot_totals').selectAll().where('portfolio_id', '=', me.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('lots').selectAll().where('portfolio_id', '=', me.id).execute(),
    ).toEqual([]);
    const snapshots = await db
      .selectFrom('balance_snapshots')
      .select(['epoch', 'balance_cents'])
      .where('portfolio_id', '=', me.id)
      .where('epoch', '=', 1n)
      .execute();
    expect(snapshots.map((s) => BigInt(s.balance_cents))).toEqual([1_000_000n]);
  });

  it('records the given resetAccountData timestamp and an exact cent balance', async () => {
    const res = await resetUser({
      startingBalance: 12_345.67,
      resetAccountData: 1_700_000_000_000,
      username: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      balance: 12_345.67,
      startingBalance: 12_345.67,
      resetAccountData: 1_700_000_000_000,
    });
  });

  it('two resets in a row count two epochs', async () => {
    await resetUser({ startingBalance: 5_000 });
    await resetUser({ startingBalance: 6_000 });
    const row = await t.ctx.db
      .selectFrom('portfolios')
      .select('epoch')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.epoch)).toBe(2);
  });

  it.each([
    ['below 1,000 dollars', 999.99],
    ['above 10,000,000 dollars', 10_000_000.01],
    ['with fractions of a cent', 5_000.001],
    ['zero', 0],
    ['not a number', '10000'],
  ])('a starting balance %s answers 400 and changes nothing', async (_name, startingBalance) => {
    const before = await currentUser(t.app, me);
    const res = await resetUser({ startingBalance });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'startingBalance' });
    expect(await currentUser(t.app, me)).toEqual(before);
  });

  it("another user's walletAddress answers 403 and resets nobody", async () => {
    const other = await createTestUser(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/reset-user',
      headers: me.headers,
      payload: { walletAddress: other.walletAddress, startingBalance: 1_000 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    expect((await currentUser(t.app, me)).balance).toBe(STARTING_BALANCE_USD);
    expect((await currentUser(t.app, other)).balance).toBe(STARTING_BALANCE_USD);
  });

  it('without a session answers 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/reset-user',
      payload: { walletAddress: me.walletAddress, startingBalance: 1_000 },
    });
    expect(res.statusCode).toBe(401);
  });
});
