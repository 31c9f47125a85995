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
import type { TestUser } from '../../../test/test-app.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';
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
      expectStatus(await buy(t.app, user, 'XMR', 20_000, 'USD'), 200);
      // Bought at one price (the test app's IDEAL), then on the book, where resting orders fill in
      // parts (docs/decisions/040-partial-fills.md).
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
});
