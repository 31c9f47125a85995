import { quoteMarketBuy, quoteMarketSell, STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, setPrice, updateUser } from '../../../test/calls.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import type { OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';

// A batch of fills binds each table's rows as a JSON text on SQLite and as arrays on PostgreSQL
// (db/batch-rows.ts). A JSON number or a float is exact only to 2^53, so these amounts are past
// it and odd (no double holds them), and each user has two orders in the same batch, whose moves
// the batch sums per user.
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });
// These orders are far larger than a tick's simulated trades: with the IDEAL fill model they fill
// whole, as this file's batch mechanics expect (docs/decisions/040-partial-fills.md).
beforeEach(async () => {
  for (const user of [ann, bob])
    expectStatus(await updateUser(t.app, user, 'settings', { fill_model: 'IDEAL' }), 200);
});

/** $0.00001987: a price that leaves every product below with all its digits. */
const TICK = 1_987n;
const LIMIT = 0.00001987;

async function open(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await openLimit(t.app, user, { symbol: 'DOGE', limitAsk: LIMIT, ...body });
  expectStatus(res, 201);
  return res.json<OpenAnswer>().limitPosition.positionId;
}

const lotTotals = (userId: string) =>
  t.ctx.db
    .selectFrom('lot_totals')
    .select(['shares', 'cost'])
    .where('portfolio_id', '=', userId)
    .where('symbol', '=', 'DOGE')
    .executeTakeFirst();

const notADouble = (units: bigint) => units > 2n ** 53n && BigInt(Number(units)) !== units;

describe('limit fills in a batch', () => {
  it('fills two orders of each user once each, at the tick price, with amounts no double holds exact', async () => {
    await setPrice(t.app, 'DOGE', 0.00001);
    // 50,000 USD at $0.00001: 5,000,000,000 DOGE (5e17 units) in one lot at 1,000 price units.
    expectStatus(await buy(t.app, ann, 'DOGE', 50_000, 'USD'), 200);
    await open(ann, { type: 'SELL', sellAsk: 2_345_678_901.23457 });
    await open(ann, { type: 'SELL', sellAsk: 1_234_567_890.12347 });
    await open(bob, { type: 'PURCHASE', purchaseAsk: 12_345.67 });
    await open(bob, { type: 'PURCHASE', purchaseAsk: 23_456.78 });
    const orders = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['id', 'type', 'purchase_cents', 'sell_shares'])
      .execute();
    const expected = orders.map((o) => {
      const fill =
        o.type === 'PURCHASE'
          ? quoteMarketBuy({ unit: 'USD', cents: BigInt(o.purchase_cents ?? 0n) }, TICK)
          : quoteMarketSell({ unit: 'SYMBOL', shares: BigInt(o.sell_shares ?? 0n) }, TICK);
      return {
        position_id: o.id,
        type: o.type,
        shares: fill.shares,
        total_cents: fill.totalCents,
        price: TICK,
      };
    });
    expect(expected.every((e) => notADouble(e.shares))).toBe(true);

    // Crossed, then away and back: each order fills on the first of these ticks only.
    await setPrice(t.app, 'DOGE', LIMIT);
    await setPrice(t.app, 'DOGE', 0.00002);
    await setPrice(t.app, 'DOGE', LIMIT);

    const txs = await t.ctx.db
      .selectFrom('transactions')
      .select(['position_id', 'type', 'shares', 'total_cents', 'price'])
      .where('method', '=', 'LIMIT')
      .execute();
    const byOrder = (a: { position_id: string | null }, b: { position_id: string | null }) =>
      (a.position_id ?? '') < (b.position_id ?? '') ? -1 : 1;
    expect(txs.sort(byOrder)).toEqual(expected.sort(byOrder));
    const after = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'fill_price'])
      .execute();
    expect(after).toEqual(Array(4).fill({ status: 'FILLED', fill_price: TICK }));

    const sum = (type: string, key: 'shares' | 'total_cents') =>
      expected.filter((e) => e.type === type).reduce((s, e) => s + e[key], 0n);
    const annLeft = 5n * 10n ** 17n - sum('SELL', 'shares');
    expect(await balances(t.ctx, ann.id, 'DOGE')).toEqual({
      cash: 5_000_000n + sum('SELL', 'total_cents'),
      shares: annLeft,
      reservedShares: 0n,
      reservedCash: 0n,
    });
    // Lot costs in 1e-16 dollars, past 64 bits, as decimal text.
    expect(await lotTotals(ann.id)).toEqual({
      shares: annLeft,
      cost: (annLeft * 1_000n).toString(),
    });
    const bobShares = sum('PURCHASE', 'shares');
    expect(await balances(t.ctx, bob.id, 'DOGE')).toEqual({
      cash: STARTING_BALANCE_CENTS - sum('PURCHASE', 'total_cents'),
      shares: bobShares,
      reservedShares: 0n,
      reservedCash: 0n,
    });
    expect(await lotTotals(bob.id)).toEqual({
      shares: bobShares,
      cost: (bobShares * TICK).toString(),
    });
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it("a batch of buys writes each buyer's shares, free ones included, in one lot totals statement", async () => {
    await setPrice(t.app, 'DOGE', 0.00001);
    await open(bob, { type: 'PURCHASE', purchaseAsk: 100 });
    await open(bob, { type: 'PURCHASE', purchaseAsk: 200 });
    await open(ann, { type: 'PURCHASE', purchaseAsk: 300 });
    const statements = await captureStatements(() => setPrice(t.app, 'DOGE', LIMIT));
    // The free shares live in the lot totals row (docs/decisions/024-holdings-in-lot-totals.md).
    const writes = statements.filter((s) =>
      /^\s*(INSERT INTO|UPDATE|DELETE FROM) lot_totals/i.test(s.sql),
    );
    expect(writes).toHaveLength(1);
    for (const [user, cents] of [
      [bob, [10_000n, 20_000n]],
      [ann, [30_000n]],
    ] as const) {
      const bought = cents.reduce(
        (sum, c) => sum + quoteMarketBuy({ unit: 'USD', cents: c }, TICK).shares,
        0n,
      );
      expect(await balances(t.ctx, user.id, 'DOGE')).toMatchObject({ shares: bought });
    }
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('does not fill an order of an earlier epoch of its portfolio, even when the price crosses it', async () => {
    await setPrice(t.app, 'DOGE', 0.00001);
    const id = await open(bob, { type: 'PURCHASE', purchaseAsk: 100 });
    // What a reset does to the portfolio; an order it missed keeps the old epoch.
    await t.ctx.db
      .updateTable('portfolios')
      .set((eb) => ({ epoch: eb('epoch', '+', 1n) }))
      .where('id', '=', bob.id)
      .execute();
    await setPrice(t.app, 'DOGE', LIMIT);
    const order = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'transaction_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'WORKING', transaction_id: null });
    expect(
      await t.ctx.db
        .selectFrom('transactions')
        .select('id')
        .where('position_id', '=', id)
        .execute(),
    ).toEqual([]);
  });
});
