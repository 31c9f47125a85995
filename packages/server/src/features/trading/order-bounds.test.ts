import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, sell, setPrice, updateUser } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

// The bounds of docs/decisions/005: whatever prices market control sets, an order answers 400
// AMOUNT_TOO_LARGE or fills, and a crossed order that cannot fill is cancelled with its
// reservation back; nothing answers 500 and no tick fails.
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const TEN_BILLION_SHARES = 10_000_000_000;

async function holdTenBillionDoge() {
  await setPrice(t.app, 'DOGE', 0.00000001);
  expectStatus(await buy(t.app, ann, 'DOGE', 100, 'USD'), 200);
}

describe('order bounds', () => {
  it('a sell worth more than $10,000,000,000 at a market-control price answers 400 AMOUNT_TOO_LARGE and changes nothing', async () => {
    await holdTenBillionDoge();
    await setPrice(t.app, 'DOGE', 1_000_000_000);
    const before = await balances(t.ctx, ann.id, 'DOGE');
    const res = await sell(t.app, ann, 'DOGE', TEN_BILLION_SHARES);
    expectStatus(res, 400, 'AMOUNT_TOO_LARGE');
    expect(res.json()).toMatchObject({ field: 'assetAmount' });
    expect(await balances(t.ctx, ann.id, 'DOGE')).toEqual(before);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a buy of more than 10,000,000,000 shares for dollars at a tiny price answers 400 AMOUNT_TOO_LARGE', async () => {
    await setPrice(t.app, 'DOGE', 0.00000001);
    expectStatus(await buy(t.app, ann, 'DOGE', 1_000, 'USD'), 400, 'AMOUNT_TOO_LARGE');
    expect((await balances(t.ctx, ann.id, 'DOGE')).cash).toBe(STARTING_BALANCE_CENTS);
  });

  it('a limit order whose size at its limit price passes the bounds answers 400 AMOUNT_TOO_LARGE', async () => {
    await holdTenBillionDoge();
    const res = await openLimit(t.app, ann, {
      type: 'SELL',
      symbol: 'DOGE',
      limitAsk: 1_000,
      sellAsk: TEN_BILLION_SHARES,
    });
    expectStatus(res, 400, 'AMOUNT_TOO_LARGE');
    expect(res.json()).toMatchObject({ field: 'sellAsk' });
  });

  it('a crossed limit sell that the bounds refuse is cancelled with its shares back and a notification, and the other orders still fill', async () => {
    await holdTenBillionDoge();
    expectStatus(await buy(t.app, bob, 'DOGE', 1, 'USD'), 200);
    // Filled whole (IDEAL), as the bounds see it; under BOOK a tick's trades would take a slice
    // far inside them (docs/decisions/040-partial-fills.md).
    for (const user of [ann, bob])
      expectStatus(await updateUser(t.app, user, 'settings', { fill_model: 'IDEAL' }), 200);
    const huge = await openLimit(t.app, ann, {
      type: 'SELL',
      symbol: 'DOGE',
      limitAsk: 0.00000002,
      sellAsk: TEN_BILLION_SHARES,
    });
    expectStatus(huge, 201);
    const small = await openLimit(t.app, bob, {
      type: 'SELL',
      symbol: 'DOGE',
      limitAsk: 0.01,
      sellAsk: 5,
    });
    expectStatus(small, 201);

    await setPrice(t.app, 'DOGE', 1_000_000_000);

    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['portfolio_id', 'status', 'transaction_id'])
      .execute();
    expect(orders.find((o) => o.portfolio_id === ann.id)).toMatchObject({
      status: 'CANCELLED',
      transaction_id: null,
    });
    expect(orders.find((o) => o.portfolio_id === bob.id)).toMatchObject({ status: 'FILLED' });
    expect((await balances(t.ctx, ann.id, 'DOGE')).shares).toBe(10n ** 18n);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select('text')
      .where('user_id', '=', ann.id)
      .execute();
    expect(notices.map((n) => n.text)).toContainEqual(
      expect.stringMatching(
        /^Your limit order to sell 10000000000 DOGE was cancelled at \$1,000,000,000.*free again$/,
      ),
    );
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('market control refuses a price beyond $1,000,000,000', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'dogeusd', price: 1_000_000_001 },
    });
    expectStatus(res, 400, 'INVALID_PRICE');
  });
});
