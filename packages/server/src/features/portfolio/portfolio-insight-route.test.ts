import { costOfShares, STARTING_BALANCE_USD, type PortfolioInsight } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, sell, setPrice } from '../../../test/calls.ts';
import { insertTransaction, units } from '../../../test/test-rows.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { setRealism } from '../../../test/fee-test-kit.ts';
import { costToCents } from './fifo-replay.ts';
import { MAX_REPLAYED_FILLS } from './portfolio-insight-route.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

async function insight(user: typeof ann): Promise<PortfolioInsight> {
  const res = await t.app.inject({ url: '/portfolio-insight', headers: user.headers });
  expectStatus(res, 200);
  return res.json<PortfolioInsight>();
}

describe('GET /portfolio-insight', () => {
  it('a new account: all cash, no positions, no trades', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const body = await insight(ann);
    expect(body).toMatchObject({
      startingBalance: STARTING_BALANCE_USD,
      totalBalance: STARTING_BALANCE_USD,
      returnPercentage: 0,
      allocation: [{ symbol: null, value: STARTING_BALANCE_USD }],
      positions: [],
      unrealisedPnl: 0,
      realisedPnl: 0,
      realisedAvailable: true,
      sellCount: 0,
      bestTrades: [],
      worstTrades: [],
    });
  });

  it('BTC bought twice and sold in two parts at moved prices: realised P&L first in first out, to the cent', async () => {
    await setPrice(t.app, 'ETH', 2000);
    await setPrice(t.app, 'BTC', 30_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    await setPrice(t.app, 'BTC', 40_000);
    expectStatus(await buy(t.app, ann, 'BTC', 0.5, 'SYMBOL'), 200);
    expectStatus(await buy(t.app, ann, 'ETH', 1000, 'USD'), 200);
    await setPrice(t.app, 'BTC', 35_000);
    expectStatus(await sell(t.app, ann, 'BTC', 0.6, 'SYMBOL'), 200);
    await setPrice(t.app, 'BTC', 25_000);
    expectStatus(await sell(t.app, ann, 'BTC', 0.6, 'SYMBOL'), 200);
    await setPrice(t.app, 'ETH', 2500);

    const body = await insight(ann);
    // Sale 1: 21,000 for 0.6 x 30,000. Sale 2: 15,000 for 0.4 x 30,000 + 0.2 x 40,000.
    expect(body.realisedPnl).toBe(3000 - 5000);
    expect(
      body.bestTrades.map((s) => [
        s.symbol,
        s.shares,
        s.proceeds,
        s.cost,
        s.realisedPnl,
        s.returnPercentage,
      ]),
    ).toEqual([['BTC', 0.6, 21_000, 18_000, 3000, 16.66666666]]);
    expect(
      body.worstTrades.map((s) => [s.shares, s.price, s.cost, s.realisedPnl, s.returnPercentage]),
    ).toEqual([[0.6, 25_000, 20_000, -5000, -25]]);
    // Left: 0.3 BTC of the 40,000 lot, worth 7,500; 0.5 ETH bought at 2,000, worth 1,250.
    expect(body.positions).toEqual([
      {
        symbol: 'BTC',
        shares: 0.3,
        value: 7500,
        cost: 12_000,
        unrealisedPnl: -4500,
        realisedPnl: -2000,
      },
      { symbol: 'ETH', shares: 0.5, value: 1250, cost: 1000, unrealisedPnl: 250, realisedPnl: 0 },
    ]);
    expect(body.unrealisedPnl).toBe(-4250);
    expect(body.allocation).toEqual([
      { symbol: null, value: 85_000 },
      { symbol: 'BTC', value: 7500 },
      { symbol: 'ETH', value: 1250 },
    ]);
    // Every dollar is either where it started, realised or unrealised.
    expect(body.totalBalance).toBe(93_750);
    expect(body.totalBalance).toBe(body.startingBalance + body.realisedPnl! + body.unrealisedPnl);
    expect(body.sellCount).toBe(2);
  });

  it('odd amounts at 8-decimal prices: each sale is proceeds minus the exact cost of its lots, rounded once', async () => {
    await setPrice(t.app, 'SOL', 215.12345678);
    expectStatus(await buy(t.app, ann, 'SOL', 100, 'USD'), 200); // 0.46484873 SOL
    await setPrice(t.app, 'SOL', 198.87654321);
    expectStatus(await buy(t.app, ann, 'SOL', 0.33333333, 'SYMBOL'), 200);
    await setPrice(t.app, 'SOL', 230.5);
    const first = (await sell(t.app, ann, 'SOL', 0.5, 'SYMBOL')).json<{
      transaction: { transactionTotal: number };
    }>();
    await setPrice(t.app, 'SOL', 190.01);
    const second = (await sell(t.app, ann, 'SOL', 0.1, 'SYMBOL')).json<{
      transaction: { transactionTotal: number };
    }>();

    const lot1 = units('0.46484873');
    const cost1 = lot1 * units('215.12345678') + (units('0.5') - lot1) * units('198.87654321');
    const cost2 = units('0.1') * units('198.87654321');
    const body = await insight(ann);
    const sales = [...body.bestTrades, ...body.worstTrades].sort(
      (a, b) => a.timestamp - b.timestamp || a.price - b.price,
    );
    expect(sales.map((s) => s.cost)).toEqual([
      Number(costToCents(cost1)) / 100,
      Number(costToCents(cost2)) / 100,
    ]);
    expect(sales[0]?.proceeds).toBe(first.transaction.transactionTotal);
    expect(sales[1]?.proceeds).toBe(second.transaction.transactionTotal);
    for (const s of sales)
      expect(Math.round((s.proceeds - s.cost) * 100)).toBe(Math.round(s.realisedPnl * 100));
    // What the second buy paid is rounded up to the cent; the lot's cost is not.
    expect(costOfShares(units('0.33333333'), units('198.87654321'))).toBe(6630n);
  });

  it("with the typical exchange's fees: realised P&L nets every fee, and every dollar is still where it started, realised or unrealised", async () => {
    expectStatus(
      await setRealism(t.app, ann, { trading_fee_bps: 10, trading_fee_min_usd: 0, spread_bps: 0 }),
      200,
    );
    await setPrice(t.app, 'SOL', 200);
    expectStatus(await buy(t.app, ann, 'SOL', 1000, 'USD'), 200);
    await setPrice(t.app, 'SOL', 210);
    expectStatus(await buy(t.app, ann, 'SOL', 500, 'USD'), 200);
    await setPrice(t.app, 'SOL', 220);
    const part = (await sell(t.app, ann, 'SOL', 3, 'SYMBOL')).json<{
      transaction: { transactionTotal: number; fee: number };
    }>();
    expect(part.transaction.fee).toBeGreaterThan(0);

    const held = await insight(ann);
    expect(held.realisedPnl).not.toBeNull();
    // 3 of the first buy's shares: proceeds less the sale's fee, less what they cost with their part of the buy's fee.
    const [sale] = held.bestTrades;
    expect(sale?.proceeds).toBe(
      Math.round((part.transaction.transactionTotal - part.transaction.fee) * 100) / 100,
    );
    expect(Math.round(held.totalBalance * 100)).toBe(
      Math.round((held.startingBalance + held.realisedPnl! + held.unrealisedPnl) * 100),
    );

    // Sold out: realised P&L is exactly what the account gained or lost, fees included.
    await setPrice(t.app, 'SOL', 190);
    const shares = held.positions.find((p) => p.symbol === 'SOL')?.shares ?? 0;
    expectStatus(await sell(t.app, ann, 'SOL', shares, 'SYMBOL'), 200);
    const done = await insight(ann);
    expect(done.positions).toEqual([
      {
        symbol: 'SOL',
        shares: 0,
        value: 0,
        cost: 0,
        unrealisedPnl: 0,
        realisedPnl: done.realisedPnl,
      },
    ]);
    expect(Math.round(done.realisedPnl! * 100)).toBe(
      Math.round((done.totalBalance - done.startingBalance) * 100),
    );
    expect(done.realisedPnl).toBeLessThan(0);
  });

  it('shares reserved by a working sell order stay in the allocation and in the position', async () => {
    await setPrice(t.app, 'ETH', 2000);
    expectStatus(await buy(t.app, ann, 'ETH', 1, 'SYMBOL'), 200);
    expectStatus(
      await openLimit(t.app, ann, { symbol: 'ETH', type: 'SELL', limitAsk: 9000, sellAsk: 0.4 }),
      201,
    );
    const body = await insight(ann);
    expect(body.positions).toEqual([
      { symbol: 'ETH', shares: 1, value: 2000, cost: 2000, unrealisedPnl: 0, realisedPnl: 0 },
    ]);
    expect(body.allocation).toEqual([
      { symbol: null, value: 98_000 },
      { symbol: 'ETH', value: 2000 },
    ]);
  });

  it("only the caller's own current epoch counts, and someone else's wallet is refused", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, bob, 'BTC', 1000, 'USD'), 200);
    expect((await insight(ann)).positions).toEqual([]);
    const res = await t.app.inject({
      url: '/portfolio-insight',
      headers: { ...ann.headers, wallet: bob.walletAddress },
    });
    expectStatus(res, 403, 'WALLET_MISMATCH');
    expectStatus(await t.app.inject({ url: '/portfolio-insight' }), 401);
  });

  it(`past ${MAX_REPLAYED_FILLS.toLocaleString('en-US')} fills in the epoch, realised P&L is unavailable rather than slow`, async () => {
    const rows = Array.from({ length: MAX_REPLAYED_FILLS + 1 }, (_, i) => ({
      id: `fill${String(i).padStart(6, '0')}`,
      portfolio: ann.id,
      at: 1_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await Promise.all(
        rows
          .slice(i, i + 500)
          .map((r) => insertTransaction(t.ctx.db, r.portfolio, { id: r.id, createdAt: r.at })),
      );
    }
    const body = await insight(ann);
    expect(body).toMatchObject({
      realisedAvailable: false,
      realisedPnl: null,
      bestTrades: [],
      worstTrades: [],
    });
  });

  it('the benchmark puts the starting balance into BTC at the start and holds it', async () => {
    const now = Date.now();
    const since = now - 5 * 86_400_000;
    await t.ctx.db
      .updateTable('portfolios')
      .set({ created_at: since })
      .where('id', '=', ann.id)
      .execute();
    await t.ctx.db
      .insertInto('candles')
      .values({
        asset_id: 'btcusd',
        interval: '1h',
        start_ts: since - 1_800_000,
        open: units('49000'),
        high: units('51000'),
        low: units('48000'),
        close: units('50000'),
      })
      .execute();
    await setPrice(t.app, 'BTC', 60_000);
    const { benchmark } = await insight(ann);
    expect(benchmark).toMatchObject({
      symbol: 'BTC',
      since,
      startPrice: 50_000,
      price: 60_000,
      value: 120_000,
      returnPercentage: 20,
    });
    expect(benchmark?.points[0]).toEqual({ timestamp: since, balance: STARTING_BALANCE_USD });
    expect(benchmark?.points.at(-1)?.balance).toBe(120_000);
  });
});
