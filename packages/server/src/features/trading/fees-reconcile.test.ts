import {
  budgetWithFee,
  costsFromSettings,
  feeCents,
  fillPrice,
  priceToNumber,
  type CostRule,
  type LimitPosition,
} from '@papertrade/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelLimit, expectStatus, openLimit, post, setPrice } from '../../../test/calls.ts';
import { ALLOWED_REFUSALS, quote } from '../../../test/race-kit.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { contestPortfolio, setRealism } from '../../../test/fee-test-kit.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';

/**
 * Decision 013 as a property: across random market and limit orders, cancels, price moves and
 * changes of the realism settings, for two main portfolios with random settings and one contest
 * portfolio with a random fee, every fill is charged its fee exactly once, at its rule's amount
 * and price, and each portfolio's cash reconciles with its transactions to the cent:
 *   free cash + reserved cash = start - sum(buy total + fee) + sum(sell total - fee).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SYMBOLS = ['BTC', 'ETH', 'DOGE'] as const;
type Sym = (typeof SYMBOLS)[number];
interface Realism {
  trading_fee_bps: number;
  trading_fee_min_usd: number;
  spread_bps: number;
}

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
  | { kind: 'price'; symbol: Sym; factor: number }
  | { kind: 'settings'; user: number; realism: Realism };

const realism: fc.Arbitrary<Realism> = fc.record({
  trading_fee_bps: fc.integer({ min: 0, max: 100 }),
  trading_fee_min_usd: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 500 }).map((c) => c / 100),
  ),
  spread_bps: fc.integer({ min: 0, max: 100 }),
});
const user = fc.integer({ min: 0, max: 2 });
const symbol = fc.constantFrom(...SYMBOLS);
const units = fc.oneof(
  fc.integer({ min: 1, max: 3_000_000 }),
  fc.integer({ min: 1, max: 200_000_000 }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      user,
      symbol,
      unit: fc.constantFrom('USD' as const, 'SYMBOL' as const),
      units,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      type: fc.constantFrom('PURCHASE' as const, 'SELL' as const),
      user,
      symbol,
      factor: fc.integer({ min: 85, max: 115 }),
      units,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      symbol,
      factor: fc.integer({ min: 80, max: 125 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('settings' as const),
      user: fc.integer({ min: 0, max: 1 }),
      realism,
    }),
    weight: 1,
  },
);

async function priceUnits(symbol: string): Promise<bigint> {
  const row = await t.ctx.db
    .selectFrom('assets')
    .select('price')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return BigInt(row.price);
}

/** Fills seen with a fee, by method: the run must have charged fees on both kinds of order. */
const charged = { MARKET: 0, LIMIT: 0 };

interface Player {
  user: TestUser;
  rule: CostRule;
  orders: string[];
  seen: Set<string>;
}

async function run(s: Step, players: Player[]) {
  switch (s.kind) {
    case 'price': {
      const now = priceToNumber(await priceUnits(s.symbol));
      await setPrice(t.app, s.symbol, quote(now * (s.factor / 100)));
      return null;
    }
    case 'settings': {
      const p = players[s.user] as Player;
      const res = await setRealism(t.app, p.user, s.realism);
      expectStatus(res, 200);
      p.rule = costsFromSettings({ ...s.realism });
      return null;
    }
    case 'market': {
      const p = players[s.user] as Player;
      const assetAmount = s.unit === 'USD' ? s.units / 100 : s.units / 1e8;
      return post(t.app, p.user, s.side === 'buy' ? '/purchase-asset' : '/sell-asset', {
        symbol: s.symbol,
        assetAmount,
        unit: s.unit,
      });
    }
    case 'limit': {
      const p = players[s.user] as Player;
      const limitAsk = quote(priceToNumber(await priceUnits(s.symbol)) * (s.factor / 100));
      const amount =
        s.type === 'PURCHASE' ? { purchaseAsk: s.units / 100 } : { sellAsk: s.units / 1e8 };
      const res = await openLimit(t.app, p.user, {
        type: s.type,
        symbol: s.symbol,
        limitAsk,
        ...amount,
      });
      if (res.statusCode === 201)
        p.orders.push(res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId);
      return res;
    }
    case 'cancel': {
      const p = players[s.user] as Player;
      const id = p.orders[s.pick % Math.max(p.orders.length, 1)];
      return id ? cancelLimit(t.app, p.user, id) : null;
    }
  }
}

/** Each new transaction of the step: its fee and price exactly as its portfolio's rule says, once. */
async function checkNewFills(p: Player, marketPrices: ReadonlyMap<string, bigint>) {
  const txs = await t.ctx.db
    .selectFrom('transactions')
    .selectAll()
    .where('portfolio_id', '=', p.user.id)
    .execute();
  for (const tx of txs) {
    if (p.seen.has(tx.id)) continue;
    p.seen.add(tx.id);
    const side = tx.type as 'PURCHASE' | 'SELL';
    const total = BigInt(tx.total_cents);
    expect({ tx: tx.id, fee: BigInt(tx.fee_cents) }).toEqual({
      tx: tx.id,
      fee: feeCents(p.rule.fee, total),
    });
    if (BigInt(tx.fee_cents) > 0n) charged[tx.method as 'MARKET' | 'LIMIT'] += 1;
    if (tx.position_id === null) {
      expect(BigInt(tx.price)).toBe(
        fillPrice(side, marketPrices.get(tx.symbol) ?? 0n, p.rule.spreadBps),
      );
      continue;
    }
    const order = await t.ctx.db
      .selectFrom('limit_orders')
      .selectAll()
      .where('id', '=', tx.position_id)
      .executeTakeFirstOrThrow();
    expect(order.transaction_id).toBe(tx.id);
    expect(BigInt(tx.price)).toBe(
      fillPrice(side, BigInt(order.fill_price ?? 0n), p.rule.spreadBps, BigInt(order.limit_price)),
    );
    if (side === 'PURCHASE') {
      const reserved = BigInt(order.purchase_cents ?? 0n);
      expect(total).toBe(budgetWithFee(p.rule.fee, reserved));
      expect(total + BigInt(tx.fee_cents)).toBeLessThanOrEqual(reserved);
    }
  }
}

/** Cash reconciles with the transactions: every fee taken once, every change given back. */
async function reconcile(p: Player) {
  const { db } = t.ctx;
  const portfolio = await db
    .selectFrom('portfolios')
    .select(['cash_cents', 'starting_balance_cents'])
    .where('id', '=', p.user.id)
    .executeTakeFirstOrThrow();
  const working = await db
    .selectFrom('limit_orders')
    .select('purchase_cents')
    .where('portfolio_id', '=', p.user.id)
    .where('status', '=', 'WORKING')
    .execute();
  const txs = await db
    .selectFrom('transactions')
    .select(['type', 'total_cents', 'fee_cents'])
    .where('portfolio_id', '=', p.user.id)
    .execute();
  const reserved = working.reduce((sum, o) => sum + BigInt(o.purchase_cents ?? 0n), 0n);
  let expected = BigInt(portfolio.starting_balance_cents);
  for (const tx of txs) {
    const total = BigInt(tx.total_cents);
    const fee = BigInt(tx.fee_cents);
    expected += tx.type === 'PURCHASE' ? -(total + fee) : total - fee;
  }
  expect(BigInt(portfolio.cash_cents) + reserved).toBe(expected);
}

describe('fees through the ledger', () => {
  it('random market and limit orders with fees and spreads: each fill charged once, cash reconciles exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(realism, realism),
        fc.record({
          bps: fc.integer({ min: 0, max: 100 }),
          minCents: fc.integer({ min: 0, max: 500 }),
        }),
        fc.array(step, { minLength: 25, maxLength: 25 }),
        async ([first, second], contestFee, steps) => {
          const [a, b, c] = [
            await createTestUser(t.ctx),
            await createTestUser(t.ctx),
            await createTestUser(t.ctx),
          ];
          const players: Player[] = [
            { user: a, rule: costsFromSettings({ ...first }), orders: [], seen: new Set() },
            { user: b, rule: costsFromSettings({ ...second }), orders: [], seen: new Set() },
            // The contest's rule, with no spread, whatever its member's main settings say.
            {
              user: await contestPortfolio(t.ctx, c, contestFee),
              rule: {
                fee: { bps: BigInt(contestFee.bps), minCents: BigInt(contestFee.minCents) },
                spreadBps: 0n,
              },
              orders: [],
              seen: new Set(),
            },
          ];
          expectStatus(await setRealism(t.app, a, first), 200);
          expectStatus(await setRealism(t.app, b, second), 200);
          expectStatus(
            await setRealism(t.app, c, {
              trading_fee_bps: 100,
              trading_fee_min_usd: 0,
              spread_bps: 100,
            }),
            200,
          );
          const ids = players.map((p) => p.user.id);
          for (const s of steps) {
            const prices = new Map(
              await Promise.all(SYMBOLS.map(async (sym) => [sym, await priceUnits(sym)] as const)),
            );
            const res = await run(s, players);
            if (res && res.statusCode >= 300) {
              const { code } = res.json<{ code: string }>();
              expect({
                step: s,
                status: res.statusCode,
                code,
                allowed: ALLOWED_REFUSALS.has(code),
              }).toMatchObject({ allowed: true });
            }
            for (const p of players) {
              await checkNewFills(p, prices);
              await reconcile(p);
            }
            await expectSound(t.ctx, ids);
          }
        },
      ),
      { numRuns: 20 },
    );
    expect(charged.MARKET).toBeGreaterThan(0);
    expect(charged.LIMIT).toBeGreaterThan(0);
  }, 300_000);
});
