import {
  STARTING_BALANCE_CENTS,
  type LimitPosition,
  type Transaction,
  type User,
} from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, setPrice, updateUser } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { createLimitTrigger } from './limit-trigger.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });
beforeEach(() => setPrice(t.app, 'BTC', 50_000));
// Fills at one price (IDEAL), as these tests of the stops' mechanics read them; a stop walking the
// book under BOOK is stop-walk.test.ts's (docs/decisions/040-partial-fills.md).
beforeEach(async () => {
  expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
});

async function open(body: Record<string, unknown>): Promise<LimitPosition> {
  const res = await openLimit(t.app, ann, { symbol: 'BTC', ...body });
  expectStatus(res, 201);
  return res.json<OpenAnswer>().limitPosition;
}

const modify = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/limit-position',
    headers: ann.headers,
    payload: { walletAddress: ann.walletAddress, ...body },
  });

async function transactionOf(id: string): Promise<Transaction> {
  const { transaction_id } = await orderRow(t.ctx, id);
  const res = await t.app.inject({ url: `/transactions/${transaction_id}`, headers: ann.headers });
  expectStatus(res, 200);
  return res.json<Transaction>();
}

describe('stop orders', () => {
  it('a STOP sell fills once when the price falls to its stop, at the tick price, and says why', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const order = await open({ type: 'SELL', orderType: 'STOP', stopPrice: 48_000, sellAsk: 0.5 });
    expect(order).toMatchObject({
      orderType: 'STOP',
      stopPrice: 48_000,
      limitAsk: 48_000,
      timeInForce: 'GTC',
      status: 'WORKING',
    });
    await setPrice(t.app, 'BTC', 48_000.01);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    // Gapped through the stop: it fills at the tick's price, like a market order.
    await setPrice(t.app, 'BTC', 47_500.5);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      status: 'FILLED',
      fill_price: 4_750_050_000_000n,
    });
    expect(await fillsOf(t.ctx, order.positionId)).toMatchObject([
      { type: 'SELL', shares: 50_000_000n, total_cents: 2_375_025n },
    ]);
    const { trigger, timestamp } = await transactionOf(order.positionId);
    expect(trigger).toEqual({
      tickAt: timestamp,
      tickPrice: 47_500.5,
      orderType: 'STOP',
      reason: 'price $47,500.50 reached the stop at $48,000.00',
    });
    const details = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress },
    });
    expect(details.json<User>().notifications[0]).toMatchObject({
      type: 'TRANSACTION',
      text: 'Stop order filled: sold 0.5 BTC at $47,500.50 (price $47,500.50 reached the stop at $48,000.00)',
    });
    await setPrice(t.app, 'BTC', 40_000);
    expect(await fillsOf(t.ctx, order.positionId)).toHaveLength(1);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP buy fills when the price rises to its stop', async () => {
    const order = await open({
      type: 'PURCHASE',
      orderType: 'STOP',
      stopPrice: 52_000,
      purchaseAsk: 1_040,
    });
    await setPrice(t.app, 'BTC', 51_999.99);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    await setPrice(t.app, 'BTC', 52_000);
    expect(await fillsOf(t.ctx, order.positionId)).toMatchObject([
      { type: 'PURCHASE', shares: 2_000_000n, total_cents: 104_000n },
    ]);
    expect((await transactionOf(order.positionId)).trigger?.reason).toBe(
      'price $52,000.00 reached the stop at $52,000.00',
    );
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      reservedCash: 0n,
      shares: 2_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP_LIMIT becomes a LIMIT at its stop (still working, triggeredAt set) and fills only at its limit', async () => {
    const order = await open({
      type: 'PURCHASE',
      orderType: 'STOP_LIMIT',
      stopPrice: 52_000,
      limitAsk: 51_000,
      purchaseAsk: 1_000,
    });
    await setPrice(t.app, 'BTC', 52_500);
    const triggered = await orderRow(t.ctx, order.positionId);
    expect(triggered).toMatchObject({ status: 'WORKING', limit_price: 5_100_000_000_000n });
    // An integer column: a number on PostgreSQL, a bigint on SQLite.
    expect(Number(triggered.armed)).toBe(0);
    expect(triggered.triggered_at).not.toBeNull();
    // Back under the stop: it is a limit now, and fills at 51,000 or below.
    await setPrice(t.app, 'BTC', 51_500);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    await setPrice(t.app, 'BTC', 50_900);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('FILLED');
    const tx = await transactionOf(order.positionId);
    expect(tx.trigger).toMatchObject({ orderType: 'STOP_LIMIT', tickPrice: 50_900 });
    expect(tx.trigger?.reason).toBe(
      'price $50,900.00 reached the limit at $51,000.00 after the stop at $52,000.00 was reached',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a STOP_LIMIT whose stop and limit the same tick reaches fills on that tick', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const order = await open({
      type: 'SELL',
      orderType: 'STOP_LIMIT',
      stopPrice: 49_000,
      limitAsk: 48_500,
      sellAsk: 0.1,
    });
    await setPrice(t.app, 'BTC', 48_800);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      status: 'FILLED',
      fill_price: 4_880_000_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a TRAILING_STOP sell moves its stop up with each new high, never down, and fires on the fall', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const order = await open({
      type: 'SELL',
      orderType: 'TRAILING_STOP',
      trailPercent: 5,
      sellAsk: 0.2,
    });
    expect(order).toMatchObject({ orderType: 'TRAILING_STOP', trailPercent: 5, stopPrice: 47_500 });
    await setPrice(t.app, 'BTC', 52_000);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      water_mark: 5_200_000_000_000n,
      stop_price: 4_940_000_000_000n,
    });
    await setPrice(t.app, 'BTC', 50_000);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      status: 'WORKING',
      water_mark: 5_200_000_000_000n,
      stop_price: 4_940_000_000_000n,
    });
    await setPrice(t.app, 'BTC', 54_000);
    expect((await orderRow(t.ctx, order.positionId)).stop_price).toBe(5_130_000_000_000n);
    await setPrice(t.app, 'BTC', 51_300.01);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    await setPrice(t.app, 'BTC', 51_250);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      status: 'FILLED',
      fill_price: 5_125_000_000_000n,
    });
    expect((await transactionOf(order.positionId)).trigger?.reason).toBe(
      'price $51,250.00 reached the trailing stop at $51,300.00, 5% below the high of $54,000.00',
    );
    // The notification puts the reason in brackets once: every bracket it opens, it closes.
    const details = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress },
    });
    expect(details.json<User>().notifications[0]?.text).toBe(
      'Trailing stop order filled: sold 0.2 BTC at $51,250.00 (price $51,250.00 reached the trailing stop at $51,300.00, 5% below the high of $54,000.00)',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a TRAILING_STOP buy by amount follows the lows and fires on the rise', async () => {
    const order = await open({
      type: 'PURCHASE',
      orderType: 'TRAILING_STOP',
      trailAmount: 1_000,
      purchaseAsk: 500,
    });
    expect(order.stopPrice).toBe(51_000);
    await setPrice(t.app, 'BTC', 45_000);
    expect((await orderRow(t.ctx, order.positionId)).stop_price).toBe(4_600_000_000_000n);
    await setPrice(t.app, 'BTC', 45_999);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    await setPrice(t.app, 'BTC', 46_100);
    expect((await transactionOf(order.positionId)).trigger?.reason).toBe(
      'price $46,100.00 reached the trailing stop at $46,000.00, $1,000.00 above the low of $45,000.00',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a limit fill says why too, and the user record lists the new fields', async () => {
    const order = await open({ type: 'PURCHASE', limitAsk: 49_000, purchaseAsk: 100 });
    expect(order).toMatchObject({ orderType: 'LIMIT', timeInForce: 'GTC' });
    await setPrice(t.app, 'BTC', 48_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress },
    });
    const user = res.json<User>();
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
    const before = await balances(t.ctx, ann.id, 'BTC');
    const order = await open({
      type: 'PURCHASE',
      orderType: 'STOP',
      stopPrice: 60_000,
      purchaseAsk: 1_000,
      timeInForce: 'DAY',
    });
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000;
    expect(order).toMatchObject({ timeInForce: 'DAY', expiresAt: midnight });
    await runTrigger(midnight - 1);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('WORKING');
    const result = await runTrigger(midnight);
    expect(result.users).toBe(1);
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      status: 'EXPIRED',
      closed_at: BigInt(midnight),
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toEqual(before);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress },
    });
    const user = res.json<User>();
    expect(user.limitPositions.find((p) => p.positionId === order.positionId)?.status).toBe(
      'EXPIRED',
    );
    expect(user.notifications[0]?.text).toBe(
      'Your stop order to buy BTC for $1,000.00 expired; the cash it reserved is free again',
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a GTD sell expires at expiresAt with its shares back, and cannot fill after it', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const expiresAt = Date.now() + 3_600_000;
    const order = await open({
      type: 'SELL',
      limitAsk: 49_000,
      sellAsk: 0.3,
      timeInForce: 'GTD',
      expiresAt,
    });
    // The price is already past the limit, but the tick comes after the expiry: it expires, unfilled.
    await runTrigger(expiresAt);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('EXPIRED');
    expect(await fillsOf(t.ctx, order.positionId)).toHaveLength(0);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 100_000_000n,
      reservedShares: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });
});

describe('PUT /limit-position', () => {
  it('changes a working order in place, keeping its id, moving the reservation', async () => {
    const order = await open({
      type: 'PURCHASE',
      orderType: 'STOP_LIMIT',
      stopPrice: 52_000,
      limitAsk: 52_500,
      purchaseAsk: 1_000,
    });
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
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 9_800_000n,
      reservedCash: 200_000n,
    });
    await setPrice(t.app, 'BTC', 52_600);
    expect(Number((await orderRow(t.ctx, order.positionId)).armed)).toBe(1);
    await setPrice(t.app, 'BTC', 53_200);
    expect((await orderRow(t.ctx, order.positionId)).status).toBe('FILLED');
    await expectSound(t.ctx, [ann.id]);
  });

  it('a reservation that does not fit is 400 and changes nothing', async () => {
    const order = await open({ type: 'PURCHASE', limitAsk: 40_000, purchaseAsk: 1_000 });
    const res = await modify({
      positionId: order.positionId,
      purchaseAsk: 100_001,
      limitAsk: 41_000,
    });
    expectStatus(res, 400, 'INSUFFICIENT_FUNDS');
    expect(res.json()).toMatchObject({ field: 'purchaseAsk' });
    expect(await orderRow(t.ctx, order.positionId)).toMatchObject({
      limit_price: 4_000_000_000_000n,
      purchase_cents: 100_000n,
      status: 'WORKING',
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 9_900_000n,
      reservedCash: 100_000n,
    });
  });

  it('a filled order cannot be changed: 409 ORDER_NOT_WORKING', async () => {
    const order = await open({ type: 'PURCHASE', limitAsk: 49_000, purchaseAsk: 100 });
    await setPrice(t.app, 'BTC', 48_000);
    const res = await modify({ positionId: order.positionId, limitAsk: 47_000 });
    expectStatus(res, 409, 'ORDER_NOT_WORKING');
    expect(res.json<{ error: string }>().error).toContain('already filled');
  });

  it('refuses a stop on the wrong side and prices an order kind does not have, under the field', async () => {
    const stop = await open({
      type: 'PURCHASE',
      orderType: 'STOP',
      stopPrice: 52_000,
      purchaseAsk: 100,
    });
    const wrong = await modify({ positionId: stop.positionId, stopPrice: 49_000 });
    expectStatus(wrong, 400, 'STOP_WRONG_SIDE');
    expect(wrong.json()).toMatchObject({ field: 'stopPrice' });
    expect(await modify({ positionId: stop.positionId, limitAsk: 1 })).toMatchObject({
      statusCode: 400,
    });
    const trailing = await open({
      type: 'PURCHASE',
      orderType: 'TRAILING_STOP',
      trailPercent: 1,
      purchaseAsk: 100,
    });
    const moved = await modify({ positionId: trailing.positionId, stopPrice: 55_000 });
    expectStatus(moved, 400, 'VALIDATION_ERROR');
    expect(moved.json()).toMatchObject({ field: 'stopPrice' });
    expectStatus(await modify({ positionId: 'nope', limitAsk: 1 }), 404, 'ORDER_NOT_FOUND');
  });
});

describe('validation of new orders', () => {
  const refused = async (body: Record<string, unknown>, code: string, field: string) => {
    const res = await openLimit(t.app, ann, { symbol: 'BTC', ...body });
    expectStatus(res, 400, code);
    expect(res.json()).toMatchObject({ field });
  };

  it('refuses a stop on the wrong side of the current price for its side', async () => {
    await refused(
      { type: 'SELL', orderType: 'STOP', stopPrice: 50_000, sellAsk: 0.1 },
      'STOP_WRONG_SIDE',
      'stopPrice',
    );
    await refused(
      { type: 'PURCHASE', orderType: 'STOP', stopPrice: 49_000, purchaseAsk: 100 },
      'STOP_WRONG_SIDE',
      'stopPrice',
    );
    await refused(
      {
        type: 'PURCHASE',
        orderType: 'STOP_LIMIT',
        stopPrice: 50_000,
        limitAsk: 51_000,
        purchaseAsk: 100,
      },
      'STOP_WRONG_SIDE',
      'stopPrice',
    );
  });

  it('refuses a trail out of range', async () => {
    await refused(
      { type: 'PURCHASE', orderType: 'TRAILING_STOP', trailPercent: 0.09, purchaseAsk: 100 },
      'VALIDATION_ERROR',
      'trailPercent',
    );
    await refused(
      { type: 'PURCHASE', orderType: 'TRAILING_STOP', trailPercent: 50.01, purchaseAsk: 100 },
      'VALIDATION_ERROR',
      'trailPercent',
    );
    await refused(
      { type: 'PURCHASE', orderType: 'TRAILING_STOP', trailAmount: 0, purchaseAsk: 100 },
      'VALIDATION_ERROR',
      'trailAmount',
    );
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    await refused(
      { type: 'SELL', orderType: 'TRAILING_STOP', trailAmount: 50_000, sellAsk: 0.1 },
      'TRAIL_OUT_OF_RANGE',
      'trailAmount',
    );
    await refused(
      { type: 'SELL', orderType: 'TRAILING_STOP', trailPercent: 1, trailAmount: 5, sellAsk: 0.1 },
      'VALIDATION_ERROR',
      'trailAmount',
    );
  });

  it('refuses a GTD date in the past, and fields an order kind does not take', async () => {
    await refused(
      {
        type: 'PURCHASE',
        limitAsk: 40_000,
        purchaseAsk: 100,
        timeInForce: 'GTD',
        expiresAt: Date.now() - 1,
      },
      'EXPIRY_IN_PAST',
      'expiresAt',
    );
    await refused(
      { type: 'PURCHASE', limitAsk: 40_000, purchaseAsk: 100, timeInForce: 'GTD' },
      'VALIDATION_ERROR',
      'expiresAt',
    );
    await refused(
      { type: 'PURCHASE', orderType: 'STOP', purchaseAsk: 100 },
      'VALIDATION_ERROR',
      'stopPrice',
    );
    await refused(
      { type: 'PURCHASE', orderType: 'STOP', stopPrice: 60_000, limitAsk: 1, purchaseAsk: 100 },
      'VALIDATION_ERROR',
      'limitAsk',
    );
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      reservedCash: 0n,
    });
  });
});
