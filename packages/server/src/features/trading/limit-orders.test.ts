import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, currentUser, expectStatus, openLimit, sell } from '../../../test/calls.ts';
import { useLimitOrderTest, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const { t, ann, bob, openPurchase, openSell } = useLimitOrderTest();

describe('opening limit orders', () => {
  it('a PURCHASE reserves its dollars: they leave the balance and the order is working', async () => {
    const res = await openPurchase(ann, 30_000);
    expect(res.statusCode).toBe(201);
    const body = res.json<OpenAnswer>();
    expect(body.limitPosition).toMatchObject({
      symbol: 'BTC',
      type: 'PURCHASE',
      limitAsk: 40_000,
      purchaseAsk: 30_000,
      status: 'WORKING',
    });
    expect(body.balance).toBe(70_000);
    // The answer is lean (docs/api.md, "Lean order answers"): the lists are read from the record.
    const user = await currentUser(t.app, ann);
    expect(user.limitPositions).toEqual([body.limitPosition]);
    expect(user.history[0]).toMatchObject({
      positionId: body.limitPosition.positionId,
      limitAsk: 40_000,
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 7_000_000n,
      reservedCash: 3_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('a SELL reserves its shares: they leave the assets', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const res = await openSell(ann, 0.75);
    expect(res.statusCode).toBe(201);
    const body = res.json<OpenAnswer>();
    expect(body.limitPosition).toMatchObject({
      type: 'SELL',
      limitAsk: 60_000,
      sellAsk: 0.75,
      status: 'WORKING',
    });
    expect(body.assets).toEqual({ BTC: 0.25 });
    // Reserved shares are still open positions until they are sold.
    expect(body.openPositions).toEqual({ BTC: [50_000] });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 25_000_000n,
      reservedShares: 75_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('reserved dollars cannot be spent by a market order or another limit order', async () => {
    expectStatus(await openPurchase(ann, 80_000), 201);
    const market = await buy(t.app, ann, 'BTC', 20_000.01, 'USD');
    expect(market.statusCode).toBe(400);
    expect(market.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'Insufficient funds: the order costs $20,000.01 and buying power is $20,000.00',
    });
    const limit = await openPurchase(ann, 20_000.01);
    expect(limit.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'purchaseAsk' });
    expectStatus(await openPurchase(ann, 20_000), 201);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: 0n,
      reservedCash: STARTING_BALANCE_CENTS,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('reserved shares cannot be sold by a market order or another limit order', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    expectStatus(await openSell(ann, 0.6), 201);
    const market = await sell(t.app, ann, 'BTC', 0.5);
    expect(market.json()).toMatchObject({
      code: 'INSUFFICIENT_SHARES',
      error: 'You hold 0.4 BTC, the order sells 0.5 BTC',
    });
    const limit = await openSell(ann, 0.41);
    expect(limit.json()).toMatchObject({ code: 'INSUFFICIENT_SHARES', field: 'sellAsk' });
    expectStatus(await openSell(ann, 0.4), 201);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 0n,
      reservedShares: 100_000_000n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('bad limit orders are refused and change nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000 }, 400, 'VALIDATION_ERROR'],
      [{ type: 'SELL', symbol: 'BTC', limitAsk: 40_000 }, 400, 'VALIDATION_ERROR'],
      [{ type: 'PURCHASE', symbol: 'BTC', limitAsk: 0, purchaseAsk: 10 }, 400, 'VALIDATION_ERROR'],
      [
        { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 10.001 },
        400,
        'VALIDATION_ERROR',
      ],
      [
        { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: -5 },
        400,
        'VALIDATION_ERROR',
      ],
      [{ type: 'HOLD', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 5 }, 400, 'VALIDATION_ERROR'],
      [
        { type: 'PURCHASE', symbol: 'XYZ', limitAsk: 40_000, purchaseAsk: 5 },
        400,
        'UNKNOWN_SYMBOL',
      ],
      [{ type: 'SELL', symbol: 'BTC', limitAsk: 40_000, sellAsk: 1 }, 400, 'INSUFFICIENT_SHARES'],
      [
        { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 200_000 },
        400,
        'INSUFFICIENT_FUNDS',
      ],
      // 0.01 USD at 2,000,000 per BTC buys less than 1e-8 BTC.
      [
        { type: 'PURCHASE', symbol: 'BTC', limitAsk: 2_000_000, purchaseAsk: 0.01 },
        400,
        'AMOUNT_TOO_SMALL',
      ],
      [
        {
          type: 'PURCHASE',
          symbol: 'BTC',
          limitAsk: 40_000,
          purchaseAsk: 5,
          walletAddress: bob.walletAddress,
        },
        403,
        'WALLET_MISMATCH',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await openLimit(t.app, ann, body);
      expect({ body, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        body,
        status,
        code,
      });
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/open-limit-position',
      payload: { type: 'PURCHASE', symbol: 'BTC', limitAsk: 1, purchaseAsk: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      reservedCash: 0n,
    });
    expect(await t.ctx.db.selectFrom('limit_orders').selectAll().execute()).toEqual([]);
  });
});
