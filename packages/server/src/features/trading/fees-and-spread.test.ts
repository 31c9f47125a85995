import {
  STARTING_BALANCE_CENTS,
  STARTING_BALANCE_USD,
  type TradeAnswer,
  type Transaction,
} from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, sell, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { contestPortfolio, setRealism } from '../../../test/fee-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

/** One scenario per test (decision 013): what a fill costs with a fee and a spread, to the cent. */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });
beforeEach(() => setPrice(t.app, 'BTC', 50_000));

describe('fees and spread', () => {
  it('typical exchange: a $1,000 market buy at 50,000 fills at 50,012.50 and pays a $1.00 fee on top', async () => {
    expectStatus(
      await setRealism(t.app, ann, { trading_fee_bps: 10, trading_fee_min_usd: 0, spread_bps: 5 }),
      200,
    );
    const res = await buy(t.app, ann, 'BTC', 1000, 'USD');
    expectStatus(res, 200);
    const { transaction, balance } = res.json<TradeAnswer>();
    expect(transaction).toMatchObject({
      purchaseSellAsk: 50_012.5,
      transactionTotal: 1000,
      fee: 1,
      assetsPurchasedSold: 0.019995,
    });
    expect(balance).toBe(98_999);
    await expectSound(t.ctx, [ann.id]);
  });

  it('typical exchange: selling 0.01 BTC at 50,000 gets 49,987.50 a share, $499.87, less a $0.50 fee', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 0.01, 'SYMBOL'), 200);
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 10, spread_bps: 5 }), 200);
    const before = await balances(t.ctx, ann.id, 'BTC');
    const res = await sell(t.app, ann, 'BTC', 0.01, 'SYMBOL');
    expectStatus(res, 200);
    // 0.01 x 49,987.50 = 499.875 -> 499.87 (down); 0.1 % of it = 0.49987 -> 0.50 (up).
    expect(res.json<TradeAnswer>().transaction).toMatchObject({
      purchaseSellAsk: 49_987.5,
      transactionTotal: 499.87,
      fee: 0.5,
    });
    expect((await balances(t.ctx, ann.id, 'BTC')).cash - before.cash).toBe(49_937n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a minimum fee applies to a small buy: $50 with a $1.00 minimum costs $51.00', async () => {
    expectStatus(
      await setRealism(t.app, ann, { trading_fee_bps: 10, trading_fee_min_usd: 1 }),
      200,
    );
    const res = await buy(t.app, ann, 'BTC', 50, 'USD');
    expect(res.json<TradeAnswer>().transaction.fee).toBe(1);
    expect(res.json<TradeAnswer>().balance).toBe(99_949);
  });

  it('a buy whose cost plus fee passes the cash answers INSUFFICIENT_FUNDS and changes nothing', async () => {
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 100 }), 200);
    const res = await buy(t.app, ann, 'BTC', STARTING_BALANCE_USD, 'USD');
    expectStatus(res, 400, 'INSUFFICIENT_FUNDS');
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(STARTING_BALANCE_CENTS);
  });

  it('a limit buy with a 1 % fee reserving $101.01 buys for $100.00, pays $1.00 and gets $0.01 back', async () => {
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 100 }), 200);
    const open = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 101.01,
    });
    expectStatus(open, 201);
    await setPrice(t.app, 'BTC', 39_000);
    const tx = await t.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('portfolio_id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect({
      total: BigInt(tx.total_cents),
      fee: BigInt(tx.fee_cents),
      price: BigInt(tx.price),
    }).toEqual({ total: 10_000n, fee: 100n, price: 3_900_000_000_000n });
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(STARTING_BALANCE_CENTS - 10_100n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a limit buy pays half the spread above the tick but never more than its limit', async () => {
    expectStatus(await setRealism(t.app, ann, { spread_bps: 100 }), 200);
    expectStatus(
      await openLimit(t.app, ann, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 40_000,
        purchaseAsk: 1000,
      }),
      201,
    );
    expectStatus(
      await openLimit(t.app, ann, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 45_000,
        purchaseAsk: 1000,
      }),
      201,
    );
    await setPrice(t.app, 'BTC', 39_900);
    const prices = (
      await t.ctx.db
        .selectFrom('transactions')
        .select('price')
        .where('portfolio_id', '=', ann.id)
        .execute()
    )
      .map((r) => BigInt(r.price))
      .sort();
    // 39,900 x 1.005 = 40,099.50: capped at the 40,000 limit; the 45,000 one pays it in full.
    expect(prices).toEqual([4_000_000_000_000n, 4_009_950_000_000n]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a limit sell pays its fee out of the proceeds, recorded once on its transaction', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 0.1, 'SYMBOL'), 200);
    expectStatus(
      await setRealism(t.app, ann, { trading_fee_bps: 10, trading_fee_min_usd: 2 }),
      200,
    );
    const before = await balances(t.ctx, ann.id, 'BTC');
    expectStatus(
      await openLimit(t.app, ann, { type: 'SELL', symbol: 'BTC', limitAsk: 60_000, sellAsk: 0.01 }),
      201,
    );
    await setPrice(t.app, 'BTC', 61_000);
    const res = await t.app.inject({ url: '/transactions?limit=5', headers: ann.headers });
    const [fill] = res.json<Transaction[]>();
    expect(fill).toMatchObject({ type: 'SELL', method: 'LIMIT', transactionTotal: 610, fee: 2 });
    expect((await balances(t.ctx, ann.id, 'BTC')).cash - before.cash).toBe(60_800n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a contest with a fee takes limit orders and charges its fee, with no spread, whatever the main settings', async () => {
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 100, spread_bps: 100 }), 200);
    const player = await contestPortfolio(t.ctx, ann, { bps: 20, minCents: 0 });
    expectStatus(
      await openLimit(t.app, player, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 40_000,
        purchaseAsk: 1002,
      }),
      201,
    );
    await setPrice(t.app, 'BTC', 39_000);
    const res = await t.app.inject({ url: '/transactions?limit=5', headers: player.headers });
    const [fill] = res.json<Transaction[]>();
    expect(fill).toMatchObject({ purchaseSellAsk: 39_000, transactionTotal: 1000, fee: 2 });
    const market = await buy(t.app, player, 'BTC', 500, 'USD');
    expect(market.json<TradeAnswer>().transaction).toMatchObject({
      purchaseSellAsk: 39_000,
      fee: 1,
    });
    await expectSound(t.ctx, [player.id]);
  });

  it('without settings nothing changes: no fee, the tick price, fee 0 in the answer', async () => {
    const res = await buy(t.app, ann, 'BTC', 1000, 'USD');
    expect(res.json<TradeAnswer>().transaction).toMatchObject({
      purchaseSellAsk: 50_000,
      transactionTotal: 1000,
      fee: 0,
    });
  });
});
