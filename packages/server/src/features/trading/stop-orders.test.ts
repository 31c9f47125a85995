import { STARTING_BALANCE_CENTS, type LimitPosition, type Transaction } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit } from '../../../test/calls.ts';
import {
  fillsOf,
  orderRow,
  useStopOrderTest,
  type OpenAnswer,
} from '../../../test/limit-order-test-kit.ts';
import { createLimitTrigger } from './limit-trigger.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';

const { t, ann, open, tick, modify, record, holding } = useStopOrderTest('BTC', 50_000);

type Body = Record<string, unknown>;
/** A buy of `purchaseAsk` dollars, or a sell of `sellAsk` BTC, of the kind and prices in `body`. */
const buyOf = (purchaseAsk: number, body: Body) => ({ type: 'PURCHASE', ...body, purchaseAsk });
const sellOf = (sellAsk: number, body: Body) => ({ type: 'SELL', ...body, sellAsk });

/** A sell needs shares to reserve: Ann buys 1 BTC at the market first. */
async function openSellOfOneBtc(sell: Body) {
  expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
  return open(sell);
}

const rowOf = (order: LimitPosition) => orderRow(t.ctx, order.positionId);
const fills = (order: LimitPosition) => fillsOf(t.ctx, order.positionId);

/** The order's row after a tick to `price`, whose fills are done by then. */
async function rowAt(order: LimitPosition, price: number) {
  await tick(price);
  return rowOf(order);
}

async function transactionOf(order: LimitPosition): Promise<Transaction> {
  const { transaction_id } = await rowOf(order);
  const res = await t.app.inject({ url: `/transactions/${transaction_id}`, headers: ann.headers });
  expectStatus(res, 200);
  return res.json<Transaction>();
}

describe('stop orders', () => {
  it('a STOP sell fills once when the price falls to its stop, at the tick price, and says why', async () => {
    const order = await openSellOfOneBtc(sellOf(0.5, { orderType: 'STOP', stopPrice: 48_000 }));
    expect(order).toMatchObject({
      orderType: 'STOP',
      stopPrice: 48_000,
      limitAsk: 48_000,
      timeInForce: 'GTC',
      status: 'WORKING',
    });
    expect((await rowAt(order, 48_000.01)).status).toBe('WORKING');
    // Gapped through the stop: it fills at the tick's price, like a market order.
    expect(await rowAt(order, 47_500.5)).toMatchObject({
      status: 'FILLED',
      fill_price: 4_750_050_000_000n,
    });
    expect(await fills(order)).toMatchObject([
      { type: 'SELL', shares: 50_000_000n, total_cents: 2_375_025n },
    ]);
    const { trigger, timestamp } = await transactionOf(order);
    expect(trigger).toEqual({
      tickAt: timestamp,
      tickPrice: 47_500.5,
      orderType: 'STOP',
      reason: 'price $47,500.50 reached the stop at $48,000.00',
    });
    expect((await record()).notifications[0]).toMatchObject({
      type: 'TRANSACTION',
      text: 'Stop order filled: sold 0.5 BTC at $47,500.50 (price $47,500.50 reached the stop at $48,000.00)',
    });
    await tick(40_000);
    expect(await fills(order)).toHaveLength(1);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP buy fills when the price rises to its stop', async () => {
    const order = await open(buyOf(1_040, { orderType: 'STOP', stopPrice: 52_000 }));
    expect((await rowAt(order, 51_999.99)).status).toBe('WORKING');
    await tick(52_000);
    expect(await fills(order)).toMatchObject([
      { type: 'PURCHASE', shares: 2_000_000n, total_cents: 104_000n },
    ]);
    expect((await transactionOf(order)).trigger?.reason).toBe(
      'price $52,000.00 reached the stop at $52,000.00',
    );
    expect(await holding()).toMatchObject({ reservedCash: 0n, shares: 2_000_000n });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP_LIMIT becomes a LIMIT at its stop (still working, triggeredAt set) and fills only at its limit', async () => {
    const order = await open(
      buyOf(1_000, { orderType: 'STOP_LIMIT', stopPrice: 52_000, limitAsk: 51_000 }),
    );
    const triggered = await rowAt(order, 52_500);
    expect(triggered).toMatchObject({ status: 'WORKING', limit_price: 5_100_000_000_000n });
    // An integer column: a number on PostgreSQL, a bigint on SQLite.
    expect(Number(triggered.armed)).toBe(0);
    expect(triggered.triggered_at).not.toBeNull();
    // Back under the stop: it is a limit now, and fills at 51,000 or below.
    expect((await rowAt(order, 51_500)).status).toBe('WORKING');
    expect((await rowAt(order, 50_900)).status).toBe('FILLED');
    const tx = await transactionOf(order);
    expect(tx.trigger).toMatchObject({ orderType: 'STOP_LIMIT', tickPrice: 50_900 });
    expect(tx.trigger?.reason).toBe(
      'price $50,900.00 reached the limit at $51,000.00 after the stop at $52,000.00 was reached',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP_LIMIT whose stop and limit the same tick reaches fills on that tick', async () => {
    const order = await openSellOfOneBtc(
      sellOf(0.1, { orderType: 'STOP_LIMIT', stopPrice: 49_000, limitAsk: 48_500 }),
    );
    expect(await rowAt(order, 48_800)).toMatchObject({
      status: 'FILLED',
      fill_price: 4_880_000_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a TRAILING_STOP sell moves its stop up with each new high, never down, and fires on the fall', async () => {
    const order = await openSellOfOneBtc(
      sellOf(0.2, { orderType: 'TRAILING_STOP', trailPercent: 5 }),
    );
    expect(order).toMatchObject({ orderType: 'TRAILING_STOP', trailPercent: 5, stopPrice: 47_500 });
    expect(await rowAt(order, 52_000)).toMatchObject({
      water_mark: 5_200_000_000_000n,
      stop_price: 4_940_000_000_000n,
    });
    expect(await rowAt(order, 50_000)).toMatchObject({
      status: 'WORKING',
      water_mark: 5_200_000_000_000n,
      stop_price: 4_940_000_000_000n,
    });
    expect((await rowAt(order, 54_000)).stop_price).toBe(5_130_000_000_000n);
    expect((await rowAt(order, 51_300.01)).status).toBe('WORKING');
    expect(await rowAt(order, 51_250)).toMatchObject({
      status: 'FILLED',
      fill_price: 5_125_000_000_000n,
    });
    expect((await transactionOf(order)).trigger?.reason).toBe(
      'price $51,250.00 reached the trailing stop at $51,300.00, 5% below the high of $54,000.00',
    );
    // The notification puts the reason in brackets once: every bracket it opens, it closes.
    expect((await record()).notifications[0]?.text).toBe(
      'Trailing stop order filled: sold 0.2 BTC at $51,250.00 (price $51,250.00 reached the trailing stop at $51,300.00, 5% below the high of $54,000.00)',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a TRAILING_STOP buy by amount follows the lows and fires on the rise', async () => {
    const order = await open(buyOf(500, { orderType: 'TRAILING_STOP', trailAmount: 1_000 }));
    expect(order.stopPrice).toBe(51_000);
    expect((await rowAt(order, 45_000)).stop_price).toBe(4_600_000_000_000n);
    expect((await rowAt(order, 45_999)).status).toBe('WORKING');
    await tick(46_100);
    expect((await transactionOf(order)).trigger?.reason).toBe(
      'price $46,100.00 reached the trailing stop at $46,000.00, $1,000.00 above the low of $45,000.00',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a limit fill says why too, and the user record lists the new fields', async () => {
    const order = await open(buyOf(100, { limitAsk: 49_000 }));
    expect(order).toMatchObject({ orderType: 'LIMIT', timeInForce: 'GTC' });
    await tick(48_000);
    const user = await record();
    const fill = user.history.find(
      (h) => 'positionId' in h && h.positionId === order.positionId && 'trigger' in h,
    ) as Transaction;
    expect(fill.trigger).toMatchObject({
      orderType: 'LIMIT',
      tickPrice: 48_000,
      reason: 'price $48,000.00 reached the limit at $49,000.00',
    });
  });
});

describe('time in force', () => {
  const runTrigger = (at: number) =>
    createLimitTrigger(t.ctx, { error: () => undefined })(
      new Map([['BTC', 5_000_000_000_000n]]),
      at,
    );

  it('a DAY order expires at the next 00:00 UTC: status EXPIRED and its cash back, with a notification', async () => {
    const before = await holding();
    const order = await open({
      ...buyOf(1_000, { orderType: 'STOP', stopPrice: 60_000 }),
      timeInForce: 'DAY',
    });
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000;
    expect(order).toMatchObject({ timeInForce: 'DAY', expiresAt: midnight });
    await runTrigger(midnight - 1);
    expect((await rowOf(order)).status).toBe('WORKING');
    const result = await runTrigger(midnight);
    expect(result.users).toBe(1);
    expect(await rowOf(order)).toMatchObject({ status: 'EXPIRED', closed_at: BigInt(midnight) });
    expect(await holding()).toEqual(before);
    const user = await record();
    expect(user.limitPositions.find((p) => p.positionId === order.positionId)?.status).toBe(
      'EXPIRED',
    );
    expect(user.notifications[0]?.text).toBe(
      'Your stop order to buy BTC for $1,000.00 expired; the cash it reserved is free again',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a GTD sell expires at expiresAt with its shares back, and cannot fill after it', async () => {
    const expiresAt = Date.now() + 3_600_000;
    const order = await openSellOfOneBtc({
      ...sellOf(0.3, { limitAsk: 49_000 }),
      timeInForce: 'GTD',
      expiresAt,
    });
    // The price is already past the limit, but the tick comes after the expiry: it expires, unfilled.
    await runTrigger(expiresAt);
    expect((await rowOf(order)).status).toBe('EXPIRED');
    expect(await fills(order)).toHaveLength(0);
    expect(await holding()).toMatchObject({ shares: 100_000_000n, reservedShares: 0n });
    await expectSound(t.ctx, [ann.id]);
  });
});

describe('PUT /limit-position', () => {
  it('changes a working order in place, keeping its id, moving the reservation', async () => {
    const order = await open(
      buyOf(1_000, { orderType: 'STOP_LIMIT', stopPrice: 52_000, limitAsk: 52_500 }),
    );
    const res = await modify({
      positionId: order.positionId,
      stopPrice: 53_000,
      limitAsk: 53_500,
      purchaseAsk: 2_000,
    });
    expectStatus(res, 200);
    expect(res.json<OpenAnswer>().limitPosition).toMatchObject({
      positionId: order.positionId,
      stopPrice: 53_000,
      limitAsk: 53_500,
      purchaseAsk: 2_000,
      status: 'WORKING',
    });
    expect(await holding()).toMatchObject({ cash: 9_800_000n, reservedCash: 200_000n });
    expect(Number((await rowAt(order, 52_600)).armed)).toBe(1);
    expect((await rowAt(order, 53_200)).status).toBe('FILLED');
    await expectSound(t.ctx, [ann.id]);
  });

  it('a reservation that does not fit is 400 and changes nothing', async () => {
    const order = await open(buyOf(1_000, { limitAsk: 40_000 }));
    const res = await modify({
      positionId: order.positionId,
      purchaseAsk: 100_001,
      limitAsk: 41_000,
    });
    expectStatus(res, 400, 'INSUFFICIENT_FUNDS');
    expect(res.json()).toMatchObject({ field: 'purchaseAsk' });
    expect(await rowOf(order)).toMatchObject({
      limit_price: 4_000_000_000_000n,
      purchase_cents: 100_000n,
      status: 'WORKING',
    });
    expect(await holding()).toMatchObject({ cash: 9_900_000n, reservedCash: 100_000n });
  });

  it('a filled order cannot be changed: 409 ORDER_NOT_WORKING', async () => {
    const order = await open(buyOf(100, { limitAsk: 49_000 }));
    await tick(48_000);
    const res = await modify({ positionId: order.positionId, limitAsk: 47_000 });
    expectStatus(res, 409, 'ORDER_NOT_WORKING');
    expect(res.json<{ error: string }>().error).toContain('already filled');
  });

  it('refuses a stop on the wrong side and prices an order kind does not have, under the field', async () => {
    const stop = await open(buyOf(100, { orderType: 'STOP', stopPrice: 52_000 }));
    const wrong = await modify({ positionId: stop.positionId, stopPrice: 49_000 });
    expectStatus(wrong, 400, 'STOP_WRONG_SIDE');
    expect(wrong.json()).toMatchObject({ field: 'stopPrice' });
    expect(await modify({ positionId: stop.positionId, limitAsk: 1 })).toMatchObject({
      statusCode: 400,
    });
    const trailing = await open(buyOf(100, { orderType: 'TRAILING_STOP', trailPercent: 1 }));
    const moved = await modify({ positionId: trailing.positionId, stopPrice: 55_000 });
    expectStatus(moved, 400, 'VALIDATION_ERROR');
    expect(moved.json()).toMatchObject({ field: 'stopPrice' });
    expectStatus(await modify({ positionId: 'nope', limitAsk: 1 }), 404, 'ORDER_NOT_FOUND');
  });
});

describe('validation of new orders', () => {
  const refused = async (body: Body, code: string, field: string) => {
    const res = await openLimit(t.app, ann, { symbol: 'BTC', ...body });
    expectStatus(res, 400, code);
    expect(res.json()).toMatchObject({ field });
  };

  it('refuses a stop on the wrong side of the current price for its side', async () => {
    for (const body of [
      sellOf(0.1, { orderType: 'STOP', stopPrice: 50_000 }),
      buyOf(100, { orderType: 'STOP', stopPrice: 49_000 }),
      buyOf(100, { orderType: 'STOP_LIMIT', stopPrice: 50_000, limitAsk: 51_000 }),
    ])
      await refused(body, 'STOP_WRONG_SIDE', 'stopPrice');
  });

  it('refuses a trail out of range', async () => {
    const trailBuy = (trail: Record<string, number>) =>
      buyOf(100, { orderType: 'TRAILING_STOP', ...trail });
    const trailSell = (trail: Record<string, number>) =>
      sellOf(0.1, { orderType: 'TRAILING_STOP', ...trail });
    await refused(trailBuy({ trailPercent: 0.09 }), 'VALIDATION_ERROR', 'trailPercent');
    await refused(trailBuy({ trailPercent: 50.01 }), 'VALIDATION_ERROR', 'trailPercent');
    await refused(trailBuy({ trailAmount: 0 }), 'VALIDATION_ERROR', 'trailAmount');
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    await refused(trailSell({ trailAmount: 50_000 }), 'TRAIL_OUT_OF_RANGE', 'trailAmount');
    await refused(
      trailSell({ trailPercent: 1, trailAmount: 5 }),
      'VALIDATION_ERROR',
      'trailAmount',
    );
  });

  it('refuses a GTD date in the past, and fields an order kind does not take', async () => {
    const gtd = { ...buyOf(100, { limitAsk: 40_000 }), timeInForce: 'GTD' };
    await refused({ ...gtd, expiresAt: Date.now() - 1 }, 'EXPIRY_IN_PAST', 'expiresAt');
    await refused(gtd, 'VALIDATION_ERROR', 'expiresAt');
    await refused(buyOf(100, { orderType: 'STOP' }), 'VALIDATION_ERROR', 'stopPrice');
    await refused(
      buyOf(100, { orderType: 'STOP', stopPrice: 60_000, limitAsk: 1 }),
      'VALIDATION_ERROR',
      'limitAsk',
    );
    expect(await holding()).toMatchObject({ cash: STARTING_BALANCE_CENTS, reservedCash: 0n });
  });
});
