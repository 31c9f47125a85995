import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, cancelLimit, expectStatus, openLimit } from '../../../test/calls.ts';
import { orderRow, useStopOrderTest, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { createLimitTrigger } from './limit-trigger.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';

const { t, ann, open, tick, modify, record, holding } = useStopOrderTest('SOL', 200);

const legsOf = (parentId: string) =>
  t.ctx.db
    .selectFrom('limit_orders')
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('leg', 'desc')
    .execute();
/** A leg read from the list may be missing: its row is then not found and the test fails there. */
const rowOf = (leg: { id: string } | undefined) => orderRow(t.ctx, leg?.id ?? '');

const expectShares = async (shares: bigint, reservedShares: bigint) =>
  expect(await holding()).toMatchObject({ shares, reservedShares });

function expectRefused(res: LightMyRequestResponse, code: string, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code, field });
}

async function refused(body: Record<string, unknown>, code: string, field: string) {
  const before = await holding();
  expectRefused(await openLimit(t.app, ann, { symbol: 'SOL', ...body }), code, field);
  expect(await holding()).toEqual(before);
}

/** A limit buy of $100 at $190, for the checks that refuse or reject its legs. */
const SMALL_BUY = { type: 'PURCHASE', limitAsk: 190, purchaseAsk: 100 };

/** A limit buy of $1,000 at $190 with a take-profit at $230 and a stop-loss at $180. */
const bracketBuy = (stopLoss: Record<string, number> = { stopPrice: 180 }) =>
  open({
    type: 'PURCHASE',
    limitAsk: 190,
    purchaseAsk: 1_000,
    attached: { takeProfit: { limitAsk: 230 }, stopLoss },
  });

/** The bracket buy filled at $189, and the legs that fill opened. */
async function filledBracket(stop?: Record<string, number>) {
  const parent = await bracketBuy(stop);
  await tick(189);
  const [takeProfit, stopLoss] = await legsOf(parent.positionId);
  return { parent, takeProfit, stopLoss };
}

describe('bracket orders', () => {
  it('a bracket buy shows its legs while it waits, and its fill opens them as a pair on the shares it bought, reserved once', async () => {
    const parent = await bracketBuy();
    expect(parent).toMatchObject({
      status: 'WORKING',
      attached: { takeProfit: { limitAsk: 230 }, stopLoss: { stopPrice: 180 } },
    });
    expect(await legsOf(parent.positionId)).toEqual([]);

    await tick(189);
    const legs = await legsOf(parent.positionId);
    // $1,000 at $189 buys 5.29100529 SOL: both legs sell exactly those shares, reserved once.
    expect(legs).toMatchObject([
      {
        leg: 'TAKE_PROFIT',
        order_type: 'LIMIT',
        type: 'SELL',
        status: 'WORKING',
        limit_price: 23_000_000_000n,
        sell_shares: 529_100_529n,
        time_in_force: 'GTC',
      },
      {
        leg: 'STOP_LOSS',
        order_type: 'STOP',
        type: 'SELL',
        status: 'WORKING',
        stop_price: 18_000_000_000n,
        sell_shares: 529_100_529n,
      },
    ]);
    const [takeProfit, stopLoss] = legs;
    expect(takeProfit?.oco_group_id).toBe(takeProfit?.id);
    expect(stopLoss?.oco_group_id).toBe(takeProfit?.id);
    await expectShares(0n, 529_100_529n);

    const user = await record();
    expect(user.notifications[0]?.text).toBe(
      'Limit order filled: bought 5.29100529 SOL at $189.00; take-profit at $230.00 and stop-loss at $180.00 now working',
    );
    expect(user.limitPositions.filter((p) => p.parentId === parent.positionId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          leg: 'TAKE_PROFIT',
          ocoGroupId: takeProfit?.id,
          limitAsk: 230,
          sellAsk: 5.29100529,
        }),
        expect.objectContaining({
          leg: 'STOP_LOSS',
          ocoGroupId: takeProfit?.id,
          stopPrice: 180,
          sellAsk: 5.29100529,
        }),
      ]),
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('when the stop-loss fills, the take-profit is cancelled in the same transaction and the fill says why', async () => {
    const { takeProfit, stopLoss } = await filledBracket();
    await tick(179.5);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'FILLED', fill_price: 17_950_000_000n });
    expect(await rowOf(takeProfit)).toMatchObject({ status: 'CANCELLED' });
    await expectShares(0n, 0n);
    const user = await record();
    expect(user.notifications[0]?.text).toBe(
      'Stop-loss order filled: sold 5.29100529 SOL at $179.50 (price $179.50 reached the stop at $180.00); the other order of the pair was cancelled',
    );
    // Back above the take-profit: nothing more sells.
    await tick(240);
    expect(await rowOf(takeProfit)).toMatchObject({ status: 'CANCELLED', transaction_id: null });
    await expectSound(t.ctx, [ann.id]);
  });

  it('when the take-profit fills, the stop-loss is cancelled', async () => {
    const { takeProfit, stopLoss } = await filledBracket();
    await tick(231);
    expect(await rowOf(takeProfit)).toMatchObject({
      status: 'FILLED',
      fill_price: 23_100_000_000n,
    });
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'CANCELLED' });
    await tick(150);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'CANCELLED', transaction_id: null });
    expect((await record()).notifications[0]?.text).toMatch(
      /^Take-profit order filled: sold 5.29100529 SOL at \$231.00/,
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('a trailing stop-loss leg starts from the fill price and trails up', async () => {
    const { stopLoss } = await filledBracket({ trailPercent: 5 });
    expect(stopLoss).toMatchObject({
      order_type: 'TRAILING_STOP',
      water_mark: 18_900_000_000n,
      stop_price: 17_955_000_000n,
    });
    // An integer column: a number on PostgreSQL, a bigint on SQLite.
    expect(Number(stopLoss?.trail_bps)).toBe(500);
    await tick(210);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'WORKING', stop_price: 19_950_000_000n });
    await tick(199);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'FILLED' });
    await expectSound(t.ctx, [ann.id]);
  });

  it('either leg may stand alone: a take-profit only opens one order, outside any pair', async () => {
    const parent = await open({
      type: 'PURCHASE',
      orderType: 'STOP',
      stopPrice: 210,
      purchaseAsk: 500,
      attached: { takeProfit: { limitAsk: 250 } },
    });
    await tick(212);
    const legs = await legsOf(parent.positionId);
    expect(legs).toMatchObject([{ leg: 'TAKE_PROFIT', oco_group_id: null, status: 'WORKING' }]);
    expect(await holding()).toMatchObject({ shares: 0n, reservedShares: legs[0]?.sell_shares });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a bracket fill reserves only the shares it bought, beside free shares and other sells already there', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 3), 200);
    await open({ type: 'SELL', limitAsk: 300, sellAsk: 1 });
    const { takeProfit } = await filledBracket();
    // 2 SOL stay free, 1 is reserved by the sell, 5.29100529 by the pair.
    await expectShares(200_000_000n, 629_100_529n);
    expectStatus(await cancelLimit(t.app, ann, takeProfit?.id ?? ''), 200);
    // The stop-loss stands alone now, holding the pair's shares.
    await expectShares(200_000_000n, 629_100_529n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('refuses a take-profit below the stop, legs on the wrong side of the entry, and a bracket on a sell, under the field', async () => {
    await refused(
      { ...SMALL_BUY, attached: { takeProfit: { limitAsk: 170 }, stopLoss: { stopPrice: 180 } } },
      'TAKE_PROFIT_BELOW_STOP',
      'attached.takeProfit.limitAsk',
    );
    await refused(
      { ...SMALL_BUY, attached: { takeProfit: { limitAsk: 185 } } },
      'TAKE_PROFIT_BELOW_ENTRY',
      'attached.takeProfit.limitAsk',
    );
    await refused(
      { ...SMALL_BUY, attached: { stopLoss: { stopPrice: 195 } } },
      'STOP_LOSS_ABOVE_ENTRY',
      'attached.stopLoss.stopPrice',
    );
    await refused(
      { ...SMALL_BUY, attached: { stopLoss: { trailPercent: 60 } } },
      'VALIDATION_ERROR',
      'attached.stopLoss.trailPercent',
    );
    await refused({ ...SMALL_BUY, attached: {} }, 'VALIDATION_ERROR', 'attached.takeProfit');
    expectStatus(await buy(t.app, ann, 'SOL', 1), 200);
    await refused(
      { type: 'SELL', limitAsk: 210, sellAsk: 1, attached: { takeProfit: { limitAsk: 250 } } },
      'VALIDATION_ERROR',
      'attached',
    );
  });

  it("changing a bracket buy's limit keeps its legs in order: past the take-profit is 400 and changes nothing", async () => {
    const parent = await bracketBuy();
    const res = await modify({ positionId: parent.positionId, limitAsk: 235 });
    expectRefused(res, 'TAKE_PROFIT_BELOW_ENTRY', 'limitAsk');
    expect(await orderRow(t.ctx, parent.positionId)).toMatchObject({
      limit_price: 19_000_000_000n,
    });
    expectStatus(await modify({ positionId: parent.positionId, limitAsk: 195 }), 200);
  });
});

describe("changing a waiting bracket's legs (PUT /limit-position attached)", () => {
  const bracketOfRow = async (id: string) => {
    const row = await orderRow(t.ctx, id);
    return {
      tp: row?.tp_limit_price ?? null,
      sl: row?.sl_stop_price ?? null,
      limit: row?.limit_price,
    };
  };
  /** bracketBuy's prices as stored: $230, $180 and $190 in 1e-8 dollars. */
  const AS_PLACED = { tp: 23_000_000_000n, sl: 18_000_000_000n, limit: 19_000_000_000n };
  /** A change of the legs only, or of the legs and the limit together when `limitAsk` is given. */
  const changeLegs = (positionId: string, attached: Record<string, unknown>, limitAsk?: number) =>
    modify({ positionId, ...(limitAsk === undefined ? {} : { limitAsk }), attached });

  it('changes the take-profit, the stop-loss or both, reserving nothing more, and the fill opens the legs at the new prices', async () => {
    const parent = await bracketBuy();
    const before = await holding();
    const tp = await changeLegs(parent.positionId, { takeProfit: { limitAsk: 240 } });
    expectStatus(tp, 200);
    expect(tp.json<OpenAnswer>().limitPosition).toMatchObject({
      attached: { takeProfit: { limitAsk: 240 }, stopLoss: { stopPrice: 180 } },
    });
    expect(await bracketOfRow(parent.positionId)).toEqual({ ...AS_PLACED, tp: 24_000_000_000n });
    expectStatus(await changeLegs(parent.positionId, { stopLoss: { stopPrice: 175 } }), 200);
    expect(await bracketOfRow(parent.positionId)).toEqual({
      ...AS_PLACED,
      tp: 24_000_000_000n,
      sl: 17_500_000_000n,
    });
    expectStatus(
      await changeLegs(parent.positionId, {
        takeProfit: { limitAsk: 250.5 },
        stopLoss: { stopPrice: 170.25 },
      }),
      200,
    );
    expect(await bracketOfRow(parent.positionId)).toEqual({
      ...AS_PLACED,
      tp: 25_050_000_000n,
      sl: 17_025_000_000n,
    });
    // The bracket reserves nothing until its purchase fills: cash and shares are as they were.
    expect(await holding()).toEqual(before);
    await expectSound(t.ctx, [ann.id]);

    await tick(189);
    expect(await legsOf(parent.positionId)).toMatchObject([
      { leg: 'TAKE_PROFIT', status: 'WORKING', limit_price: 25_050_000_000n },
      { leg: 'STOP_LOSS', status: 'WORKING', stop_price: 17_025_000_000n },
    ]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('checks the legs against the new entry in the same change, and with a limit together', async () => {
    const parent = await bracketBuy();
    // A stop-loss at 186 is below today's limit of 190 but not below the new one of 185.
    const crossed = await changeLegs(parent.positionId, { stopLoss: { stopPrice: 186 } }, 185);
    expectRefused(crossed, 'STOP_LOSS_ABOVE_ENTRY', 'attached.stopLoss.stopPrice');
    expect(await bracketOfRow(parent.positionId)).toEqual(AS_PLACED);
    // A new limit of 199 and a take-profit just above it are one consistent change.
    expectStatus(
      await changeLegs(parent.positionId, { takeProfit: { limitAsk: 199.5 } }, 199),
      200,
    );
    expect(await bracketOfRow(parent.positionId)).toEqual({
      ...AS_PLACED,
      tp: 19_950_000_000n,
      limit: 19_900_000_000n,
    });
    const below = await changeLegs(parent.positionId, { takeProfit: { limitAsk: 198 } });
    expectRefused(below, 'TAKE_PROFIT_BELOW_ENTRY', 'attached.takeProfit.limitAsk');
  });

  it('a take-profit under the stop-loss is 400 under the field and changes nothing', async () => {
    const parent = await bracketBuy();
    const before = await holding();
    const res = await changeLegs(parent.positionId, { takeProfit: { limitAsk: 175 } }, 170);
    expectRefused(res, 'TAKE_PROFIT_BELOW_STOP', 'attached.takeProfit.limitAsk');
    expect(await bracketOfRow(parent.positionId)).toEqual(AS_PLACED);
    expect(await holding()).toEqual(before);
  });

  it('a leg the order does not carry, a trailing stop-loss and an order without a bracket are refused', async () => {
    const tpOnly = await open({ ...SMALL_BUY, attached: { takeProfit: { limitAsk: 230 } } });
    const noLeg = await changeLegs(tpOnly.positionId, { stopLoss: { stopPrice: 180 } });
    expectRefused(noLeg, 'NO_BRACKET_LEG', 'attached.stopLoss');
    expect(await bracketOfRow(tpOnly.positionId)).toEqual({ ...AS_PLACED, sl: null });

    const plain = await open(SMALL_BUY);
    const none = await changeLegs(plain.positionId, { takeProfit: { limitAsk: 230 } });
    expect(none.json()).toMatchObject({ code: 'NO_BRACKET_LEG', field: 'attached' });

    const trailing = await bracketBuy({ trailPercent: 5 });
    const trail = await changeLegs(trailing.positionId, { stopLoss: { stopPrice: 170 } });
    expect(trail.statusCode).toBe(400);
    expect(trail.json()).toMatchObject({ field: 'attached.stopLoss.stopPrice' });
    // The trail stays; the take-profit of the same bracket may still move.
    expectStatus(await changeLegs(trailing.positionId, { takeProfit: { limitAsk: 260 } }), 200);
    expect(await orderRow(t.ctx, trailing.positionId)).toMatchObject({
      tp_limit_price: 26_000_000_000n,
      sl_stop_price: null,
    });

    const empty = await changeLegs(tpOnly.positionId, {});
    expect(empty.statusCode).toBe(400);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a filled purchase is 409: its legs are orders of their own now', async () => {
    const { parent } = await filledBracket();
    const res = await changeLegs(parent.positionId, { takeProfit: { limitAsk: 240 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_NOT_WORKING' });
    expect(await legsOf(parent.positionId)).toMatchObject([
      { limit_price: 23_000_000_000n },
      { stop_price: 18_000_000_000n },
    ]);
  });
});

describe('OCO pairs', () => {
  beforeEach(async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 6), 200);
  });
  /** An OCO sell of `sellAsk` SOL: a take-profit at `takeProfit` and the stop-loss given. */
  const ocoBody = (
    sellAsk = 4,
    takeProfit = 230,
    stopLoss: Record<string, number> = { stopPrice: 180 },
  ) => ({
    type: 'SELL',
    orderType: 'OCO',
    sellAsk,
    takeProfit: { limitAsk: takeProfit },
    stopLoss,
  });
  const ocoSell = (sellAsk?: number) => open(ocoBody(sellAsk));
  const pairOf = (groupId: string) =>
    t.ctx.db
      .selectFrom('limit_orders')
      .selectAll()
      .where('oco_group_id', '=', groupId)
      .orderBy('leg', 'desc')
      .execute();

  it('an OCO sell on held shares reserves them once for both legs; one filling cancels the other', async () => {
    const first = await ocoSell();
    expect(first).toMatchObject({
      leg: 'TAKE_PROFIT',
      orderType: 'LIMIT',
      limitAsk: 230,
      sellAsk: 4,
      ocoGroupId: first.positionId,
    });
    const [takeProfit, stopLoss] = await pairOf(first.positionId);
    expect(stopLoss).toMatchObject({
      leg: 'STOP_LOSS',
      order_type: 'STOP',
      stop_price: 18_000_000_000n,
      sell_shares: 400_000_000n,
      parent_id: null,
    });
    await expectShares(200_000_000n, 400_000_000n);
    await expectSound(t.ctx, [ann.id]);

    await tick(175);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'FILLED' });
    expect(await rowOf(takeProfit)).toMatchObject({ status: 'CANCELLED' });
    await expectShares(200_000_000n, 0n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('an OCO without the shares to reserve is 400 under sellAsk and opens nothing', async () => {
    const res = await openLimit(t.app, ann, { symbol: 'SOL', ...ocoBody(7) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sellAsk' });
    expect(
      await t.ctx.db
        .selectFrom('limit_orders')
        .select('id')
        .where('portfolio_id', '=', ann.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses legs on the wrong side of the current price, and a pair without both legs', async () => {
    await refused(ocoBody(1, 199), 'TAKE_PROFIT_BELOW_ENTRY', 'takeProfit.limitAsk');
    await refused(
      ocoBody(1, 230, { stopPrice: 201 }),
      'STOP_LOSS_ABOVE_ENTRY',
      'stopLoss.stopPrice',
    );
    await refused(
      { type: 'SELL', orderType: 'OCO', sellAsk: 1, takeProfit: { limitAsk: 230 } },
      'VALIDATION_ERROR',
      'stopLoss',
    );
    await refused(
      {
        type: 'PURCHASE',
        orderType: 'OCO',
        purchaseAsk: 100,
        takeProfit: { limitAsk: 230 },
        stopLoss: { stopPrice: 180 },
      },
      'VALIDATION_ERROR',
      'type',
    );
  });

  it('cancelling one leg leaves the other working with the shares; cancelling it too gives them back once', async () => {
    const first = await ocoSell();
    const [, stopLoss] = await pairOf(first.positionId);
    expectStatus(await cancelLimit(t.app, ann, first.positionId), 200);
    expect(await rowOf(stopLoss)).toMatchObject({ status: 'WORKING', oco_group_id: null });
    await expectShares(200_000_000n, 400_000_000n);
    expectStatus(await cancelLimit(t.app, ann, stopLoss?.id ?? ''), 200);
    await expectShares(600_000_000n, 0n);
    await expectSound(t.ctx, [ann.id]);
  });

  it("changing one leg's amount changes the pair's, moving the reservation once", async () => {
    const first = await ocoSell();
    expectStatus(await modify({ positionId: first.positionId, sellAsk: 5 }), 200);
    const pair = await pairOf(first.positionId);
    expect(pair.map((o) => o.sell_shares)).toEqual([500_000_000n, 500_000_000n]);
    await expectShares(100_000_000n, 500_000_000n);
    const tooMany = await modify({ positionId: pair[1]?.id, sellAsk: 7 });
    expect(tooMany.statusCode).toBe(400);
    expect((await pairOf(first.positionId)).map((o) => o.sell_shares)).toEqual([
      500_000_000n,
      500_000_000n,
    ]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a take-profit moved under the stop-loss is 400 TAKE_PROFIT_BELOW_STOP; a filled leg cannot be changed', async () => {
    const first = await ocoSell();
    const res = await modify({ positionId: first.positionId, limitAsk: 179 });
    expectRefused(res, 'TAKE_PROFIT_BELOW_STOP', 'limitAsk');
    await tick(240);
    const filled = await modify({ positionId: first.positionId, limitAsk: 250 });
    expect(filled.statusCode).toBe(409);
    expect(filled.json()).toMatchObject({ code: 'ORDER_NOT_WORKING' });
  });

  it('cancelling a leg, changing the other and a tick filling it, all at once, leave one outcome and the shares counted once', async () => {
    for (let round = 0; round < 6; round++) {
      await tick(200);
      const first = await ocoSell(0.5);
      const [, stopLoss] = await pairOf(first.positionId);
      const answers = await Promise.all([
        cancelLimit(t.app, ann, round % 2 ? first.positionId : (stopLoss?.id ?? '')),
        modify({ positionId: round % 2 ? (stopLoss?.id ?? '') : first.positionId, sellAsk: 0.6 }),
        tick(round % 2 ? 170 : 240),
      ]);
      for (const res of answers.slice(0, 2))
        expect([200, 409]).toContain((res as { statusCode: number }).statusCode);
      const legs = await t.ctx.db
        .selectFrom('limit_orders')
        .select(['status'])
        .where('id', 'in', [first.positionId, stopLoss?.id ?? ''])
        .execute();
      expect(legs.filter((o) => o.status === 'FILLED').length).toBeLessThanOrEqual(1);
      expect(legs.filter((o) => o.status === 'WORKING').length).toBeLessThanOrEqual(1);
      await expectSound(t.ctx, [ann.id]);
    }
  });

  it('a GTD pair expires whole, its shares back once', async () => {
    const expiresAt = Date.now() + 3_600_000;
    const first = await open({ ...ocoBody(), timeInForce: 'GTD', expiresAt });
    await createLimitTrigger(t.ctx, { error: () => undefined })(
      new Map([['SOL', 20_000_000_000n]]),
      expiresAt,
    );
    expect((await pairOf(first.positionId)).map((o) => o.status)).toEqual(['EXPIRED', 'EXPIRED']);
    await expectShares(600_000_000n, 0n);
    await expectSound(t.ctx, [ann.id]);
  });
});
