import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [bob],
} = useTestApp({ users: 1 });

const call = (
  user: TestUser,
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
  wallet = user.walletAddress,
) => t.app.inject({ method, url, headers: { ...user.headers, wallet }, payload });

/** A running contest allowing `orderTypes`, and bob's portfolio in it. */
async function contestWallet(orderTypes: string[]): Promise<string> {
  const owner = await createTestUser(t.ctx);
  await t.ctx.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', owner.id)
    .execute();
  const now = Date.now();
  const created = await call(owner, 'POST', '/contests', {
    name: 'Stops Cup',
    kind: 'CONTEST',
    visibility: 'PRIVATE',
    startingBalance: 10_000,
    startsAt: now - 1_000,
    endsAt: now + 86_400_000,
    orderTypes,
  });
  expectStatus(created, 201);
  const joined = await call(bob, 'POST', '/contests/join', {
    code: created.json<{ joinCode: string }>().joinCode,
  });
  expectStatus(joined, 201);
  return joined.json<{ walletAddress: string }>().walletAddress;
}

describe('working orders in a contest portfolio', () => {
  it("are checked against the contest's order types by their real kind", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const wallet = await contestWallet(['MARKET', 'LIMIT', 'STOP']);
    const open = (body: Record<string, unknown>) =>
      call(
        bob,
        'POST',
        '/open-limit-position',
        { walletAddress: wallet, symbol: 'BTC', type: 'PURCHASE', purchaseAsk: 100, ...body },
        wallet,
      );
    expectStatus(await open({ orderType: 'STOP', stopPrice: 55_000 }), 201);
    expectStatus(await open({ limitAsk: 45_000 }), 201);
    const trailing = await open({ orderType: 'TRAILING_STOP', trailPercent: 2 });
    expectStatus(trailing, 400, 'ORDER_TYPE_NOT_ALLOWED');
    expect(trailing.json()).toMatchObject({ field: 'orderType' });
    expect(trailing.json<{ error: string }>().error).toContain('trailing-stop');
    expectStatus(
      await open({ orderType: 'STOP_LIMIT', stopPrice: 55_000, limitAsk: 56_000 }),
      400,
      'ORDER_TYPE_NOT_ALLOWED',
    );
  });
});

describe('brackets and OCO pairs in a contest portfolio', () => {
  it("need the contest to allow each leg's kind, and the contest's end gives a pair's shares back once", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const wallet = await contestWallet(['MARKET', 'LIMIT', 'STOP', 'OCO']);
    const post = (url: string, body: Record<string, unknown>) =>
      call(bob, 'POST', url, { walletAddress: wallet, symbol: 'BTC', ...body }, wallet);
    const trailingLeg = await post('/open-limit-position', {
      type: 'PURCHASE',
      purchaseAsk: 100,
      limitAsk: 45_000,
      attached: { stopLoss: { trailPercent: 5 } },
    });
    expectStatus(trailingLeg, 400, 'ORDER_TYPE_NOT_ALLOWED');
    expect(trailingLeg.json<{ error: string }>().error).toContain('trailing-stop');
    expectStatus(await post('/purchase-asset', { assetAmount: 0.1 }), 200);
    expectStatus(
      await post('/open-limit-position', {
        type: 'SELL',
        orderType: 'OCO',
        sellAsk: 0.08,
        takeProfit: { limitAsk: 60_000 },
        stopLoss: { stopPrice: 40_000 },
      }),
      201,
    );
    const portfolio = await t.ctx.db
      .selectFrom('portfolios')
      .select(['id', 'contest_id'])
      .where('wallet_address', '=', wallet)
      .executeTakeFirstOrThrow();
    const held = () =>
      t.ctx.db
        .selectFrom('lot_totals')
        .select('free_shares as shares')
        .where('portfolio_id', '=', portfolio.id)
        .where('symbol', '=', 'BTC')
        .executeTakeFirstOrThrow();
    expect((await held()).shares).toBe(2_000_000n);

    await t.ctx.db
      .updateTable('contests')
      .set({ ends_at: BigInt(Date.now() - 1) })
      .where('id', '=', portfolio.contest_id ?? '')
      .execute();
    await setPrice(t.app, 'BTC', 50_001);
    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select('status')
      .where('portfolio_id', '=', portfolio.id)
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await held()).shares).toBe(10_000_000n);
    await expectLedgersSound(t.ctx, [portfolio.id]);
  });
});
