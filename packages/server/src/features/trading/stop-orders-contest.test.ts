import { describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../test-support/test-app.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { expectStatus, setPrice } from './trading-test-kit.ts';

const { t, users: [bob] } = useTestApp({ users: 1 });

const call = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, wallet = user.walletAddress) =>
  t.app.inject({ method, url, headers: { ...user.headers, wallet }, payload });

/** A running contest allowing `orderTypes`, and bob's portfolio in it. */
async function contestWallet(orderTypes: string[]): Promise<string> {
  const owner = await createTestUser(t.ctx);
  await t.ctx.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', owner.id).execute();
  const now = Date.now();
  const created = await call(owner, 'POST', '/contests', {
    name: 'Stops Cup', kind: 'CONTEST', visibility: 'PRIVATE', startingBalance: 10_000,
    startsAt: now - 1_000, endsAt: now + 86_400_000, orderTypes,
  });
  expectStatus(created, 201);
  const joined = await call(bob, 'POST', '/contests/join', { code: created.json<{ joinCode: string }>().joinCode });
  expectStatus(joined, 201);
  return joined.json<{ walletAddress: string }>().walletAddress;
}

describe('working orders in a contest portfolio', () => {
  it("are checked against the contest's order types by their real kind", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const wallet = await contestWallet(['MARKET', 'LIMIT', 'STOP']);
    const open = (body: Record<string, unknown>) =>
      call(bob, 'POST', '/open-limit-position', { walletAddress: wallet, symbol: 'BTC', type: 'PURCHASE', purchaseAsk: 100, ...body }, wallet);
    expectStatus(await open({ orderType: 'STOP', stopPrice: 55_000 }), 201);
    expectStatus(await open({ limitAsk: 45_000 }), 201);
    const trailing = await open({ orderType: 'TRAILING_STOP', trailPercent: 2 });
    expectStatus(trailing, 400, 'ORDER_TYPE_NOT_ALLOWED');
    expect(trailing.json()).toMatchObject({ field: 'orderType' });
    expect(trailing.json<{ error: string }>().error).toContain('trailing-stop');
    expectStatus(await open({ orderType: 'STOP_LIMIT', stopPrice: 55_000, limitAsk: 56_000 }), 400, 'ORDER_TYPE_NOT_ALLOWED');
  });
});
