import { describe, expect, it } from 'vitest';
import {
  buy,
  cancelLimit,
  expectStatus,
  openLimit,
  setPrice,
  updateUser,
} from '../../../test/calls.ts';
import {
  injected,
  raceSeed,
  seededRandom,
  unacceptable,
  type Answer,
} from '../../../test/race-kit.ts';
import { fillsOf, orderRow } from '../../../test/limit-order-test-kit.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const { t, users } = useTestApp({ users: 3 });

/** XMR trades about $1,157 a second (market/asset-catalog.ts): these orders fill over several ticks. */
const LIMIT = 190;

const modify = (user: TestUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/limit-position',
    headers: user.headers,
    payload: { walletAddress: user.walletAddress, ...body },
  });

describe('partial fills racing cancels and modifies', () => {
  it('ticks that fill orders in parts, racing cancels and modifies of those orders, keep every ledger sound', async () => {
    const seed = raceSeed();
    console.log(`partial fill races: RACE_SEED=${seed}`);
    const random = seededRandom(seed);
    await setPrice(t.app, 'XMR', 200);
    const orders: { user: TestUser; id: string; side: 'PURCHASE' | 'SELL' }[] = [];
    for (const user of users) {
      // Bought at one price (IDEAL, whatever TEST_FILL_MODEL says: the XMR book would give only
      // part of it), then on the book, where resting orders fill in parts
      // (docs/decisions/040-partial-fills.md).
      expectStatus(await updateUser(t.app, user, 'settings', { fill_model: 'IDEAL' }), 200);
      expectStatus(await buy(t.app, user, 'XMR', 20_000, 'USD'), 200);
      expectStatus(await updateUser(t.app, user, 'settings', { fill_model: 'BOOK' }), 200);
      for (let i = 0; i < 3; i += 1) {
        const side = random.chance(0.5) ? 'PURCHASE' : 'SELL';
        const amount =
          side === 'PURCHASE'
            ? { purchaseAsk: random.int(1_500, 5_000) }
            : { sellAsk: random.int(8, 25) };
        const res = await openLimit(t.app, user, {
          type: side,
          symbol: 'XMR',
          limitAsk: side === 'PURCHASE' ? LIMIT : 210,
          ...amount,
        });
        expectStatus(res, 201);
        orders.push({
          user,
          id: res.json<{ limitPosition: { positionId: string } }>().limitPosition.positionId,
          side,
        });
      }
    }
    const answers: Answer[] = [];
    const record = (label: string) => (res: Parameters<typeof injected>[1]) => {
      answers.push(injected(label, res));
    };
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round += 1) {
      // A tick crossing the buys, then one crossing the sells, each filling some in parts.
      work.push(setPrice(t.app, 'XMR', round % 2 ? 210 : LIMIT));
      for (const o of random.shuffle([...orders]).slice(0, 3)) {
        if (random.chance(0.2))
          work.push(cancelLimit(t.app, o.user, o.id).then(record(`cancel ${o.id}`)));
        else
          work.push(
            modify(
              o.user,
              o.side === 'PURCHASE'
                ? { positionId: o.id, purchaseAsk: random.int(1_000, 4_000) }
                : { positionId: o.id, sellAsk: random.int(5, 20) },
            ).then(record(`modify ${o.id}`)),
          );
      }
      await Promise.all(work.splice(0));
    }
    const bad = answers.map(unacceptable).filter((a): a is string => a !== null);
    expect(bad).toEqual([]);
    const parts = await t.ctx.db
      .selectFrom('limit_orders')
      .select('id')
      .where('filled_shares', '>', 0n)
      .execute();
    // The interleavings are random; that slices happened at all is what makes them a race.
    expect(parts.length).toBeGreaterThan(0);
    await expectSound(
      t.ctx,
      users.map((u) => u.id),
    );
  });

  /**
   * A buy of $5,000 at 190 on the book, which one tick's XMR trades (at most about $1,750 at the
   * limit) fill only in part: it is partly filled before the race, and the racing tick fills
   * another part, or not if the other call lands first.
   */
  async function partlyFilledBuy(user: TestUser) {
    await setPrice(t.app, 'XMR', 200);
    expectStatus(await updateUser(t.app, user, 'settings', { fill_model: 'BOOK' }), 200);
    const cashBefore = (await balances(t.ctx, user.id, 'XMR')).cash;
    const res = await openLimit(t.app, user, {
      type: 'PURCHASE',
      symbol: 'XMR',
      limitAsk: LIMIT,
      purchaseAsk: 5_000,
    });
    expectStatus(res, 201);
    const id = res.json<{ limitPosition: { positionId: string } }>().limitPosition.positionId;
    await setPrice(t.app, 'XMR', LIMIT);
    const row = await orderRow(t.ctx, id);
    expect({ status: row.status, filled: BigInt(row.filled_shares ?? 0n) > 0n }).toEqual({
      status: 'WORKING',
      filled: true,
    });
    return { id, cashBefore };
  }

  /** What the order's parts cost with their fees, and what the user's cash lost since before it. */
  async function spent(user: TestUser, id: string, cashBefore: bigint) {
    const fills = await fillsOf(t.ctx, id);
    const paid = fills.reduce((sum, f) => sum + BigInt(f.total_cents) + BigInt(f.fee_cents), 0n);
    return { paid, lost: cashBefore - (await balances(t.ctx, user.id, 'XMR')).cash };
  }

  it('a cancel racing a tick that fills a partly filled order in part gives back exactly what no part used', async () => {
    const [ann] = users;
    const { id, cashBefore } = await partlyFilledBuy(ann);
    const [, cancel] = await Promise.all([
      setPrice(t.app, 'XMR', LIMIT - 0.01),
      cancelLimit(t.app, ann, id),
    ]);
    expectStatus(cancel, 200);
    expect((await orderRow(t.ctx, id)).status).toBe('CANCELLED');
    // Whichever came first, the cash the user lost is what the parts paid: the rest came back.
    const { paid, lost } = await spent(ann, id, cashBefore);
    expect(lost).toBe(paid);
    expect((await fillsOf(t.ctx, id)).length).toBeGreaterThan(0);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a modify racing a tick that fills a partly filled order in part leaves it reserving what is still to fill', async () => {
    const [, bob] = users;
    const { id, cashBefore } = await partlyFilledBuy(bob);
    const [, modified] = await Promise.all([
      setPrice(t.app, 'XMR', LIMIT - 0.01),
      modify(bob, { positionId: id, purchaseAsk: 3_000 }),
    ]);
    expectStatus(modified, 200);
    const row = await orderRow(t.ctx, id);
    expect(row.status).toBe('WORKING');
    const reserved = BigInt(row.purchase_cents ?? 0n);
    // The modify set $3,000 still to fill; a part that came after it used some of that.
    expect(reserved).toBeLessThanOrEqual(300_000n);
    expect(reserved).toBeGreaterThan(0n);
    const { paid, lost } = await spent(bob, id, cashBefore);
    expect(lost).toBe(paid + reserved);
    await expectSound(t.ctx, [bob.id]);
  });
});
