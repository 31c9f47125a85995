import { priceToNumber, type LimitPosition } from '@papertrade/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelLimit, openLimit, post, setPrice } from '../../../test/calls.ts';
import { ALLOWED_REFUSALS, quote } from '../../../test/race-kit.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { expectSound, moneySnapshot } from '../../../test/trading-test-kit.ts';

// One app for every run (building one takes about a second); each run gets three fresh users.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SYMBOLS = ['BTC', 'ETH', 'DOGE'] as const;
type Sym = (typeof SYMBOLS)[number];

type Step =
  | {
      kind: 'market';
      side: 'buy' | 'sell';
      user: number;
      symbol: Sym;
      unit: 'USD' | 'SYMBOL';
      units: number;
    }
  | {
      kind: 'limit';
      type: 'PURCHASE' | 'SELL';
      user: number;
      symbol: Sym;
      factor: number;
      units: number;
    }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'price'; symbol: Sym; factor: number };

const user = fc.integer({ min: 0, max: 2 });
const symbol = fc.constantFrom(...SYMBOLS);
// Amounts in the unit's smallest step: cents for USD, 1e-8 shares otherwise; both sizes happen,
// including ones larger than what the user has.
const units = fc.oneof(
  fc.integer({ min: 1, max: 3_000_000 }),
  fc.integer({ min: 1, max: 200_000_000 }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('market' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    user,
    symbol,
    unit: fc.constantFrom('USD' as const, 'SYMBOL' as const),
    units,
  }),
  fc.record({
    kind: fc.constant('limit' as const),
    type: fc.constantFrom('PURCHASE' as const, 'SELL' as const),
    user,
    symbol,
    factor: fc.integer({ min: 85, max: 115 }),
    units,
  }),
  fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('price' as const),
    symbol,
    factor: fc.integer({ min: 80, max: 125 }),
  }),
);

async function price(symbol: Sym): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('assets')
    .select('price')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return priceToNumber(BigInt(row.price));
}

async function run(step: Step, users: TestUser[], orders: string[][]) {
  switch (step.kind) {
    case 'price':
      await setPrice(t.app, step.symbol, quote((await price(step.symbol)) * (step.factor / 100)));
      return null;
    case 'market': {
      const u = users[step.user] as TestUser;
      const assetAmount = step.unit === 'USD' ? step.units / 100 : step.units / 1e8;
      return post(t.app, u, step.side === 'buy' ? '/purchase-asset' : '/sell-asset', {
        symbol: step.symbol,
        assetAmount,
        unit: step.unit,
      });
    }
    case 'limit': {
      const u = users[step.user] as TestUser;
      const limitAsk = quote((await price(step.symbol)) * (step.factor / 100));
      const amount =
        step.type === 'PURCHASE'
          ? { purchaseAsk: step.units / 100 }
          : { sellAsk: step.units / 1e8 };
      const res = await openLimit(t.app, u, {
        type: step.type,
        symbol: step.symbol,
        limitAsk,
        ...amount,
      });
      if (res.statusCode === 201)
        orders[step.user]?.push(
          res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId,
        );
      return res;
    }
    case 'cancel': {
      // Mostly the user's own orders; sometimes another user's, which must be 404 and change nothing.
      const all = orders.flat();
      const own = orders[step.user] ?? [];
      const pool = step.pick % 5 === 0 ? all : own;
      const id = pool[step.pick % Math.max(pool.length, 1)];
      if (!id) return null;
      return cancelLimit(t.app, users[step.user] as TestUser, id);
    }
  }
}

describe('money invariants', () => {
  it('random buys, sells, limit opens and cancels and price moves for 3 users keep every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 25, maxLength: 25 }), async (steps) => {
        const users = [
          await createTestUser(t.ctx),
          await createTestUser(t.ctx),
          await createTestUser(t.ctx),
        ];
        const ids = users.map((u) => u.id);
        const orders: string[][] = [[], [], []];
        for (const s of steps) {
          const before = s.kind === 'price' ? null : await moneySnapshot(t.ctx, ids);
          const res = await run(s, users, orders);
          if (res && res.statusCode >= 300) {
            const { code } = res.json<{ code: string }>();
            expect({
              step: s,
              status: res.statusCode,
              code,
              allowed: ALLOWED_REFUSALS.has(code),
            }).toMatchObject({ allowed: true });
            // A refusal (an empty book's 409 NO_LIQUIDITY too) moves no one's money.
            expect({ step: s, code, money: await moneySnapshot(t.ctx, ids) }).toEqual({
              step: s,
              code,
              money: before,
            });
          }
          await expectSound(t.ctx, ids);
        }
      }),
      { numRuns: 30 },
    );
    // About 10 s alone; the generous limit is for a machine shared with other test runs.
  }, 120_000);
});
