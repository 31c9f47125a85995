import { STARTING_BALANCE_CENTS, type User } from '@papertrade/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buy, cancelLimit, expectStatus, openLimit, setPrice } from '../../../test/calls.ts';
import { createTestApp, createTestUser, disposeTestDatabase } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { BALANCE_POINT_DELAY_MS } from '../../users/balance-point-queue.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });
beforeEach(() => setPrice(t.app, 'BTC', 50_000));

async function open(body: Record<string, unknown>, user = ann): Promise<string> {
  const res = await openLimit(t.app, user, body);
  expectStatus(res, 201);
  return res.json<OpenAnswer>().limitPosition.positionId;
}

describe('the limit order trigger', () => {
  it('a PURCHASE fills once when the price falls to its limit, at the tick price, and not before', async () => {
    const id = await open({
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 1_000,
    });
    await setPrice(t.app, 'BTC', 40_000.01);
    expect((await orderRow(t.ctx, id)).status).toBe('WORKING');

    await setPrice(t.app, 'BTC', 38_000);
    const order = await orderRow(t.ctx, id);
    expect(order).toMatchObject({ status: 'FILLED', fill_price: 3_800_000_000_000n });
    const [fill, ...others] = await fillsOf(t.ctx, id);
    expect(others).toEqual([]);
    // The reserved 1,000 USD is spent at 38,000: floor(1000 / 38000) to 1e-8 = 0.02631578 BTC.
    expect(fill).toMatchObject({
      id: order.transaction_id,
      type: 'PURCHASE',
      method: 'LIMIT',
      price: 3_800_000_000_000n,
      total_cents: 100_000n,
      shares: 2_631_578n,
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 9_900_000n,
      reservedCash: 0n,
      shares: 2_631_578n,
    });

    await setPrice(t.app, 'BTC', 30_000);
    await setPrice(t.app, 'BTC', 38_000);
    expect(await fillsOf(t.ctx, id)).toHaveLength(1);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a SELL fills once when the price rises to exactly its limit, and credits the proceeds', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const id = await open({ type: 'SELL', symbol: 'BTC', limitAsk: 60_000, sellAsk: 0.4 });
    await setPrice(t.app, 'BTC', 59_999.99);
    expect((await orderRow(t.ctx, id)).status).toBe('WORKING');
    await setPrice(t.app, 'BTC', 60_000);
    expect(await orderRow(t.ctx, id)).toMatchObject({
      status: 'FILLED',
      fill_price: 6_000_000_000_000n,
    });
    expect(await fillsOf(t.ctx, id)).toMatchObject([
      {
        type: 'SELL',
        method: 'LIMIT',
        shares: 40_000_000n,
        total_cents: 2_400_000n,
        price: 6_000_000_000_000n,
      },
    ]);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS - 5_000_000n + 2_400_000n,
      shares: 60_000_000n,
      reservedShares: 0n,
    });
    const lots = await t.ctx.db
      .selectFrom('lots')
      .select('shares')
      .where('portfolio_id', '=', ann.id)
      .execute();
    expect(lots.map((l) => BigInt(l.shares))).toEqual([60_000_000n]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a fill leaves a TRANSACTION notification that links to its transaction', async () => {
    const id = await open({
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 95_000,
      purchaseAsk: 1_000,
    });
    const events: string[] = [];
    t.ctx.bus.subscribe((e) => {
      if (e.type === 'user-changed') events.push(e.userId);
    });
    await setPrice(t.app, 'BTC', 95_000);
    const { transaction_id } = await orderRow(t.ctx, id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress },
    });
    const user = res.json<User>();
    expect(user.notifications[0]).toMatchObject({
      type: 'TRANSACTION',
      text: 'Limit order filled: bought 0.01052631 BTC at $95,000.00',
      url: `/transaction?id=${transaction_id}`,
      read: false,
    });
    expect(user.limitPositions[0]).toMatchObject({
      positionId: id,
      status: 'FILLED',
      fillPrice: 95_000,
      transactionId: transaction_id,
    });
    expect(events).toContain(ann.id);
  });

  it('a fill leaves its owner a balance point at the balance after the fill', async () => {
    const bob = await createTestUser(t.ctx);
    const id = await open(
      { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 1_000 },
      bob,
    );
    await setPrice(t.app, 'BTC', 38_000);
    const { closed_at } = await orderRow(t.ctx, id);
    // The app's balance point queue writes it within a second of the tick, not inside it.
    // Points closer than a minute replace each other, so bob keeps one: the latest.
    await vi.waitFor(
      async () => {
        const points = await t.ctx.db
          .selectFrom('balance_snapshots')
          .select(['ts', 'balance_cents'])
          .where('portfolio_id', '=', bob.id)
          .execute();
        expect(points).toHaveLength(1);
        expect(BigInt(points[0]?.ts ?? 0n)).toBeGreaterThanOrEqual(BigInt(closed_at ?? Infinity));
        // 99,000 USD left, and 0.02631578 BTC worth floor(0.02631578 x 38,000) = 999.99 USD.
        expect(points[0]?.balance_cents).toBe(9_999_999n);
      },
      { timeout: BALANCE_POINT_DELAY_MS * 5, interval: 100 },
    );
  });

  it('an order cancelled while the price crosses is either filled or cancelled, never both', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1)
      ids.push(
        await open({ type: 'PURCHASE', symbol: 'BTC', limitAsk: 45_000, purchaseAsk: 100 + i }),
      );
    const [cancels] = await Promise.all([
      Promise.all(ids.map((id) => cancelLimit(t.app, ann, id))),
      setPrice(t.app, 'BTC', 44_000),
    ]);
    for (const [i, id] of ids.entries()) {
      const row = await orderRow(t.ctx, id);
      const fills = await fillsOf(t.ctx, id);
      if (row.status === 'FILLED') {
        expect(cancels[i]?.statusCode).toBe(409);
        expect(fills).toHaveLength(1);
      } else {
        expect(row.status).toBe('CANCELLED');
        expect(cancels[i]?.statusCode).toBe(200);
        expect(fills).toHaveLength(0);
      }
    }
    await expectSound(t.ctx, [ann.id]);
  });

  it('working orders survive a restart intact and still fill afterwards', async () => {
    const first = await createTestApp({ keep: true });
    const user = await createTestUser(first.ctx);
    await setPrice(first.app, 'ETH', 3_000);
    expectStatus(await buy(first.app, user, 'ETH', 2), 200);
    const purchase = await openLimit(first.app, user, {
      type: 'PURCHASE',
      symbol: 'ETH',
      limitAsk: 2_500,
      purchaseAsk: 500,
    });
    const sale = await openLimit(first.app, user, {
      type: 'SELL',
      symbol: 'ETH',
      limitAsk: 3_500,
      sellAsk: 1.5,
    });
    const before = await first.ctx.db
      .selectFrom('limit_orders')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(before.map((o) => o.status)).toEqual(['WORKING', 'WORKING']);
    await first.close();

    const second = await createTestApp({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      expect(
        await second.ctx.db.selectFrom('limit_orders').selectAll().orderBy('id').execute(),
      ).toEqual(before);
      const details = await second.app.inject({
        method: 'POST',
        url: '/user-details',
        headers: user.headers,
        payload: { walletAddress: user.walletAddress },
      });
      expect(
        details
          .json<User>()
          .limitPositions.map((p) => p.positionId)
          .sort(),
      ).toEqual(
        [
          purchase.json<OpenAnswer>().limitPosition.positionId,
          sale.json<OpenAnswer>().limitPosition.positionId,
        ].sort(),
      );
      await setPrice(second.app, 'ETH', 2_500);
      await setPrice(second.app, 'ETH', 3_600);
      const after = await second.ctx.db
        .selectFrom('limit_orders')
        .select(['status', 'fill_price'])
        .orderBy('id')
        .execute();
      expect(after).toEqual([
        { status: 'FILLED', fill_price: 250_000_000_000n },
        { status: 'FILLED', fill_price: 360_000_000_000n },
      ]);
      await expectSound(second.ctx, [user.id]);
    } finally {
      await second.close();
      await disposeTestDatabase(first);
    }
  });
});
