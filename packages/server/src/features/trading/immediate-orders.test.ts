import type { OpenLimitAnswer } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, openLimit, setPrice } from '../../../test/calls.ts';
import { fillsOf, orderRow } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1, fillModel: 'BOOK' });

const START = 10_000_000n;

/** XMR at $200 trades about $1,157 a second (market/asset-catalog.ts): $3,000 is more than a tick has. */
async function openXmr(user: TestUser, body: Record<string, unknown>) {
  await setPrice(t.app, 'XMR', 200);
  return openLimit(t.app, user, { type: 'PURCHASE', symbol: 'XMR', limitAsk: 200, ...body });
}

describe('IOC and FOK limit orders', () => {
  it('IOC fills what the trades at its limit allow now and cancels the rest', async () => {
    const res = await openXmr(ann, { purchaseAsk: 3_000, timeInForce: 'IOC' });
    expectStatus(res, 201);
    const position = res.json<OpenLimitAnswer>().limitPosition;
    expect(position).toMatchObject({ status: 'CANCELLED', timeInForce: 'IOC' });
    expect(position.filledShares).toBeGreaterThan(0);
    const fills = await fillsOf(t.ctx, position.positionId);
    expect(fills).toHaveLength(1);
    const spent = BigInt(fills[0]?.total_cents ?? 0) + BigInt(fills[0]?.fee_cents ?? 0);
    expect(spent).toBeLessThan(300_000n);
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({
      cash: START - spent,
      shares: BigInt(fills[0]?.shares ?? 0),
      reservedCash: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('IOC that fits the trades now fills whole', async () => {
    const res = await openXmr(ann, { purchaseAsk: 100, timeInForce: 'IOC' });
    expectStatus(res, 201);
    const { positionId, status } = res.json<OpenLimitAnswer>().limitPosition;
    expect(status).toBe('FILLED');
    expect(await fillsOf(t.ctx, positionId)).toHaveLength(1);
    await expectSound(t.ctx, [ann.id]);
  });

  it('IOC whose limit does not reach the price is cancelled at once, nothing moved', async () => {
    const res = await openXmr(ann, { purchaseAsk: 100, limitAsk: 150, timeInForce: 'IOC' });
    expectStatus(res, 201);
    const { positionId, status } = res.json<OpenLimitAnswer>().limitPosition;
    expect(status).toBe('CANCELLED');
    expect(await fillsOf(t.ctx, positionId)).toHaveLength(0);
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({ cash: START, reservedCash: 0n });
  });

  it('FOK that fits the trades now fills whole', async () => {
    const res = await openXmr(ann, { purchaseAsk: 100, timeInForce: 'FOK' });
    expectStatus(res, 201);
    const { positionId, status } = res.json<OpenLimitAnswer>().limitPosition;
    expect(status).toBe('FILLED');
    expect((await orderRow(t.ctx, positionId)).filled_shares).toBe(0n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('FOK larger than the trades now is 409 NO_LIQUIDITY and leaves nothing', async () => {
    const res = await openXmr(ann, { purchaseAsk: 3_000, timeInForce: 'FOK' });
    expectStatus(res, 409, 'NO_LIQUIDITY');
    const orders = await t.ctx.db.selectFrom('limit_orders').select('id').execute();
    expect(orders).toHaveLength(0);
    const txs = await t.ctx.db.selectFrom('transactions').select('id').execute();
    expect(txs).toHaveLength(0);
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({ cash: START, reservedCash: 0n });
  });

  it('FOK whose limit does not reach the price is 409 NO_LIQUIDITY', async () => {
    const res = await openXmr(ann, { purchaseAsk: 100, limitAsk: 150, timeInForce: 'FOK' });
    expectStatus(res, 409, 'NO_LIQUIDITY');
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({ cash: START, reservedCash: 0n });
  });

  it('IOC on a stop order is 400 VALIDATION_ERROR naming timeInForce', async () => {
    await setPrice(t.app, 'XMR', 200);
    const res = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'XMR',
      purchaseAsk: 100,
      orderType: 'STOP',
      stopPrice: 210,
      timeInForce: 'IOC',
    });
    expectStatus(res, 400, 'VALIDATION_ERROR');
    expect(res.json()).toMatchObject({ field: 'timeInForce' });
  });
});
