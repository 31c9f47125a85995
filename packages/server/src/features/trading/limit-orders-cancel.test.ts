import { STARTING_BALANCE_CENTS, STARTING_BALANCE_USD, type User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, cancelLimit, expectStatus, setPrice } from '../../../test/calls.ts';
import { useLimitOrderTest, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

const { t, ann, bob, openPurchase, openSell } = useLimitOrderTest();

describe('cancelling limit orders', () => {
  it('cancel releases the reserved dollars; a second cancel is 409 ORDER_NOT_WORKING', async () => {
    const { positionId } = (await openPurchase(ann, 30_000)).json<OpenAnswer>().limitPosition;
    const res = await cancelLimit(t.app, ann, positionId);
    expect(res.statusCode).toBe(200);
    const user = res.json<User>();
    expect(user.balance).toBe(STARTING_BALANCE_USD);
    expect(user.limitPositions.find((p) => p.positionId === positionId)?.status).toBe('CANCELLED');
    const again = await cancelLimit(t.app, ann, positionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_WORKING' });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      reservedCash: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('cancel releases the reserved shares back into the assets', async () => {
    expectStatus(await buy(t.app, ann, 'BTC', 1), 200);
    const { positionId } = (await openSell(ann, 1)).json<OpenAnswer>().limitPosition;
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 0n,
      reservedShares: 100_000_000n,
    });
    const res = await cancelLimit(t.app, ann, positionId);
    expect(res.json<User>().assets).toEqual({ BTC: 1 });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 100_000_000n,
      reservedShares: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it("another user's order is 404 ORDER_NOT_FOUND and stays working", async () => {
    const { positionId } = (await openPurchase(ann, 1_000)).json<OpenAnswer>().limitPosition;
    const res = await cancelLimit(t.app, bob, positionId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const unknown = await cancelLimit(t.app, bob, 'no-such-order');
    expect(unknown.json()).toEqual(res.json());
    const row = await t.ctx.db
      .selectFrom('limit_orders')
      .select('status')
      .where('id', '=', positionId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('WORKING');
    expect(await balances(t.ctx, bob.id, 'BTC')).toMatchObject({ cash: STARTING_BALANCE_CENTS });
  });

  it('cancel of a filled order is 409 ORDER_NOT_WORKING and moves no money', async () => {
    const { positionId } = (await openPurchase(ann, 1_000, 45_000)).json<OpenAnswer>()
      .limitPosition;
    await setPrice(t.app, 'BTC', 44_000);
    const before = await balances(t.ctx, ann.id, 'BTC');
    const res = await cancelLimit(t.app, ann, positionId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_NOT_WORKING',
      error: 'This limit order is already filled',
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toEqual(before);
    await expectSound(t.ctx, [ann.id]);
  });

  it('concurrent cancels of one order release its dollars once', async () => {
    const { positionId } = (await openPurchase(ann, 10_000)).json<OpenAnswer>().limitPosition;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => cancelLimit(t.app, ann, positionId)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      reservedCash: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });
});
