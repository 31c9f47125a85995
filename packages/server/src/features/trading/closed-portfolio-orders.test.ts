import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { openWorkingOrder } from './limit-orders.ts';
import { marketBuy } from './market-orders.ts';

const { t } = useTestApp();

const call = (
  user: TestUser,
  url: string,
  payload: Record<string, unknown>,
  wallet = user.walletAddress,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...user.headers, wallet },
    payload: { walletAddress: wallet, ...payload },
  });

/** A member of a running contest, with its contest wallet. */
async function contestMember(): Promise<{ bob: TestUser; wallet: string; portfolioId: string }> {
  const alice = await createTestUser(t.ctx);
  await t.ctx.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', alice.id)
    .execute();
  const now = Date.now();
  const created = await call(alice, '/contests', {
    name: 'Closed Cup',
    kind: 'CONTEST',
    visibility: 'PRIVATE',
    startingBalance: 10_000,
    startsAt: now - 1_000,
    endsAt: now + 3_600_000,
  });
  expectStatus(created, 201);
  const bob = await createTestUser(t.ctx);
  const joined = await call(bob, '/contests/join', {
    code: created.json<{ joinCode: string }>().joinCode,
  });
  expectStatus(joined, 201);
  const wallet = joined.json<{ walletAddress: string }>().walletAddress;
  const portfolio = await t.ctx.db
    .selectFrom('portfolios')
    .select('id')
    .where('wallet_address', '=', wallet)
    .executeTakeFirstOrThrow();
  return { bob, wallet, portfolioId: portfolio.id };
}

describe('orders of a closed portfolio', () => {
  it('a working order left in a closed portfolio is cancelled with its reservation back when the price crosses it, never filled', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const { bob, wallet, portfolioId } = await contestMember();
    expectStatus(
      await call(
        bob,
        '/open-limit-position',
        { type: 'PURCHASE', symbol: 'BTC', limitAsk: 45_000, purchaseAsk: 1_000 },
        wallet,
      ),
      201,
    );
    // Closed without the removal's own cancel: an order saved before the lock refused closed portfolios.
    await t.ctx.db
      .updateTable('portfolios')
      .set({ closed_at: Date.now() })
      .where('id', '=', portfolioId)
      .execute();

    await setPrice(t.app, 'BTC', 44_000);
    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select('status')
      .where('portfolio_id', '=', portfolioId)
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['CANCELLED']);
    const transactions = await t.ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('portfolio_id', '=', portfolioId)
      .execute();
    expect(transactions).toEqual([]);
    const portfolio = await t.ctx.db
      .selectFrom('portfolios')
      .select('cash_cents')
      .where('id', '=', portfolioId)
      .executeTakeFirstOrThrow();
    expect(BigInt(portfolio.cash_cents)).toBe(1_000_000n);
    await expectLedgersSound(t.ctx, [portfolioId]);
  });

  it('a closed portfolio refuses an order under its lock with 403 PORTFOLIO_CLOSED and saves nothing', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const { wallet, portfolioId } = await contestMember();
    await t.ctx.db
      .updateTable('portfolios')
      .set({ closed_at: Date.now() })
      .where('id', '=', portfolioId)
      .execute();
    // Straight to the order path, as a request that passed the guard before the removal committed.
    const contest = await t.ctx.db
      .selectFrom('portfolios')
      .select('contest_id')
      .where('id', '=', portfolioId)
      .executeTakeFirstOrThrow();
    const portfolio = { id: portfolioId, contestId: contest.contest_id };
    await expect(
      openWorkingOrder(t.ctx, portfolio, {
        walletAddress: wallet,
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 45_000,
        purchaseAsk: 1_000,
      }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'PORTFOLIO_CLOSED' });
    await expect(
      marketBuy(t.ctx, portfolio, {
        walletAddress: wallet,
        symbol: 'BTC',
        assetAmount: 100,
        unit: 'USD',
      }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'PORTFOLIO_CLOSED' });
    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select('id')
      .where('portfolio_id', '=', portfolioId)
      .execute();
    expect(orders).toEqual([]);
  });
});
