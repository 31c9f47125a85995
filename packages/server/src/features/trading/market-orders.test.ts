import { STARTING_BALANCE_CENTS, type TradeAnswer, type User } from '@papertrade/domain';
import { describe, expect, it, vi } from 'vitest';
import { buy, currentUser, expectStatus, sell, setPrice } from '../../../test/calls.ts';
import { createTestApp, createTestUser, disposeTestDatabase } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { BALANCE_POINT_DELAY_MS } from '../../users/balance-point-queue.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

describe('market orders', () => {
  it('the average cost weights each buy by its shares when buys differ in size', async () => {
    await setPrice(t.app, 'SOL', 100);
    expectStatus(await buy(t.app, ann, 'SOL', 1, 'SYMBOL'), 200);
    await setPrice(t.app, 'SOL', 200);
    const res = await buy(t.app, ann, 'SOL', 9, 'SYMBOL');
    expectStatus(res, 200);
    const body = res.json<TradeAnswer>();
    expect(body.openPositions).toEqual({ SOL: [100, 200] });
    // (1 x 100 + 9 x 200) / 10 shares, not the plain mean 150 of the two prices.
    expect(body.averageCost).toEqual({ SOL: 190 });
  });

  it('buying 1,000 USD of BTC at 95,000 gets floor(1000/95000) shares to 1e-8 and spends exactly 1,000 USD', async () => {
    await setPrice(t.app, 'BTC', 95_000);
    const res = await buy(t.app, ann, 'BTC', 1000, 'USD');
    expectStatus(res, 200);
    const body = res.json<TradeAnswer>();
    // 1000 / 95000 = 0.0105263157894..., rounded down to 8 decimals.
    expect(body.transaction).toMatchObject({
      type: 'PURCHASE',
      symbol: 'BTC',
      method: 'MARKET',
      assetsPurchasedSold: 0.01052631,
      transactionTotal: 1000,
      purchaseSellAsk: 95_000,
    });
    expect(body.balance).toBe(99_000);
    expect(body.assets).toEqual({ BTC: 0.01052631 });
    expect(body.openPositions).toEqual({ BTC: [95_000] });
    // The answer is lean (docs/api.md, "Lean order answers"): the history is read from the record.
    expect((await currentUser(t.app, ann)).history[0]).toMatchObject({
      id: body.transaction.id,
      type: 'PURCHASE',
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 9_900_000n,
      shares: 1_052_631n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('buying 0.5 BTC in shares at 95,000.01 costs 47,500.005 rounded up to 47,500.01', async () => {
    await setPrice(t.app, 'BTC', 95_000.01);
    const res = await buy(t.app, ann, 'BTC', 0.5);
    expectStatus(res, 200);
    expect(res.json<TradeAnswer>().transaction).toMatchObject({
      assetsPurchasedSold: 0.5,
      transactionTotal: 47_500.01,
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS - 4_750_001n,
      shares: 50_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('selling 0.3 of 0.5 BTC in shares at 100,000.03 raises 30,000.009 rounded down to 30,000.00', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 0.5), 200);
    await setPrice(t.app, 'BTC', 100_000.03);
    const res = await sell(t.app, ann, 'BTC', 0.3, 'SYMBOL');
    expectStatus(res, 200);
    const body = res.json<TradeAnswer>();
    expect(body.transaction).toMatchObject({
      type: 'SELL',
      assetsPurchasedSold: 0.3,
      transactionTotal: 30_000,
      purchaseSellAsk: 100_000.03,
    });
    expect(body.assets).toEqual({ BTC: 0.2 });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS - 2_500_000n + 3_000_000n,
      shares: 20_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('selling 1,000 USD of ETH at 3,000 raises exactly 1,000 USD for ceil(1000/3000) shares to 1e-8', async () => {
    await setPrice(t.app, 'ETH', 3_000);
    expectStatus(await buy(t.app, ann, 'ETH', 1), 200);
    const res = await sell(t.app, ann, 'ETH', 1000, 'USD');
    expectStatus(res, 200);
    // 1000 / 3000 = 0.33333333.3..., rounded up so the sale raises at least the dollars asked.
    expect(res.json<TradeAnswer>().transaction).toMatchObject({
      assetsPurchasedSold: 0.33333334,
      transactionTotal: 1000,
    });
    expect(await balances(t.ctx, ann.id, 'ETH')).toMatchObject({
      cash: STARTING_BALANCE_CENTS - 300_000n + 100_000n,
      shares: 66_666_666n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('selling everything removes the holding and its lots, oldest lot first', async () => {
    await setPrice(t.app, 'SOL', 100);
    expectStatus(await buy(t.app, ann, 'SOL', 2), 200);
    await setPrice(t.app, 'SOL', 200);
    expectStatus(await buy(t.app, ann, 'SOL', 1), 200);
    const partial = await sell(t.app, ann, 'SOL', 2.5);
    expectStatus(partial, 200);
    // FIFO: the 2 shares bought at 100 are gone, half of the lot bought at 200 is left.
    expect(partial.json<User>().openPositions).toEqual({ SOL: [200] });
    const lots = await t.ctx.db
      .selectFrom('lots')
      .select(['shares', 'price'])
      .where('portfolio_id', '=', ann.id)
      .execute();
    expect(lots.map((l) => [BigInt(l.shares), BigInt(l.price)])).toEqual([
      [50_000_000n, 20_000_000_000n],
    ]);
    const rest = await sell(t.app, ann, 'SOL', 0.5);
    expectStatus(rest, 200);
    expect(rest.json<User>()).toMatchObject({ assets: {}, openPositions: {} });
    const rows = await t.ctx.db
      .selectFrom('lot_totals')
      .selectAll()
      .where('portfolio_id', '=', ann.id)
      .execute();
    expect(rows).toEqual([]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a buy records a balance point and tells open screens that the user changed', async () => {
    const events: string[] = [];
    t.ctx.bus.subscribe((e) => {
      if (e.type === 'user-changed') events.push(e.userId);
    });
    expectStatus(await buy(t.app, ann, 'BTC', 100, 'USD'), 200);
    expect(events).toContain(ann.id);
    // The point is written by the balance point queue, off the order's path, within a second.
    await vi.waitFor(
      async () => {
        const points = await t.ctx.db
          .selectFrom('balance_snapshots')
          .selectAll()
          .where('portfolio_id', '=', ann.id)
          .execute();
        expect(points.length).toBeGreaterThan(0);
      },
      { timeout: BALANCE_POINT_DELAY_MS * 5, interval: 100 },
    );
  });

  it('a balance point still pending when the app closes is written before the database closes', async () => {
    const kept = await createTestApp({ keep: true });
    try {
      const bob = await createTestUser(kept.ctx);
      expectStatus(await buy(kept.app, bob, 'BTC', 100, 'USD'), 200);
      await kept.close();
      const again = await createTestApp({
        dataDir: kept.dataDir,
        databaseUrl: kept.databaseUrl,
        keep: true,
      });
      try {
        const points = await again.ctx.db
          .selectFrom('balance_snapshots')
          .select('portfolio_id')
          .where('portfolio_id', '=', bob.id)
          .execute();
        expect(points).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      await disposeTestDatabase(kept);
    }
  });
});
