import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { CompiledQuery } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { buy, expectStatus, openLimit, setPrice } from '../../test/calls.ts';
import { captureStatements } from '../../test/statement-capture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  recordBalanceSnapshot,
  recordBalanceSnapshots,
  totalBalanceCents,
} from './total-balance.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const points = (userId: string) =>
  t.ctx.db
    .selectFrom('balance_snapshots')
    .select(['ts', 'balance_cents'])
    .where('portfolio_id', '=', userId)
    .orderBy('ts')
    .execute();

describe('balance points', () => {
  it('the batch balance point is the total of docs/product.md, the free and reserved shares of a symbol valued together', async () => {
    await setPrice(t.app, 'ETH', 3_000.03);
    expectStatus(await buy(t.app, ann, 'ETH', 3), 200);
    // Three SELLs of the same odd size: valued one by one they would round down three times
    // (decision 041).
    for (let i = 0; i < 3; i += 1)
      expectStatus(
        await openLimit(t.app, ann, {
          type: 'SELL',
          symbol: 'ETH',
          limitAsk: 9_000,
          sellAsk: 0.33333333,
        }),
        201,
      );
    expectStatus(
      await openLimit(t.app, ann, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 1_000,
        purchaseAsk: 1_234.56,
      }),
      201,
    );
    expectStatus(
      await openLimit(t.app, ann, {
        type: 'PURCHASE',
        symbol: 'ETH',
        limitAsk: 1_000,
        purchaseAsk: 0.01,
      }),
      201,
    );
    await setPrice(t.app, 'ETH', 3_333.37);

    const at = Date.now() + 120_000;
    await recordBalanceSnapshots(t.ctx.db, [ann.id, bob.id], at);
    const [annPoint] = (await points(ann.id)).filter((p) => Number(p.ts) === at);
    const [bobPoint] = (await points(bob.id)).filter((p) => Number(p.ts) === at);
    const { cash_cents: cash } = await t.ctx.db
      .selectFrom('portfolios')
      .select('cash_cents')
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    // 3 ETH at 3,333.37 is 10,000.11 whole; free 2.00000001 (6,666.74) and three reserved
    // 0.33333333 (1,111.12 each) would be 10,000.10.
    const expected = BigInt(cash) + 1_234_56n + 1n + 10_000_11n;
    expect(annPoint?.balance_cents).toBe(expected);
    expect(await totalBalanceCents(t.ctx.db, ann.id)).toBe(expected);
    expect(bobPoint?.balance_cents).toBe(STARTING_BALANCE_CENTS);
  });

  it('points closer than a minute replace each other', async () => {
    const at = Date.now() + 120_000;
    await recordBalanceSnapshots(t.ctx.db, [ann.id], at);
    await recordBalanceSnapshots(t.ctx.db, [ann.id], at + 30_000);
    await recordBalanceSnapshots(t.ctx.db, [ann.id], at + 100_000);
    const later = (await points(ann.id)).filter((p) => Number(p.ts) >= at).map((p) => Number(p.ts));
    expect(later).toEqual([at + 30_000, at + 100_000]);
  });

  it("one user's point inside the caller's transaction is the same rule", async () => {
    const at = Date.now() + 120_000;
    await recordBalanceSnapshot(t.ctx.db, ann.id, at);
    await t.ctx.db.transaction().execute((trx) => recordBalanceSnapshot(trx, ann.id, at + 10_000));
    const later = (await points(ann.id)).filter((p) => Number(p.ts) >= at);
    expect(later).toEqual([{ ts: BigInt(at + 10_000), balance_cents: STARTING_BALANCE_CENTS }]);
  });

  it('many portfolios are four statements, no working sell read and the reserved cash summed through its index', async () => {
    expectStatus(await buy(t.app, bob, 'ETH', 1), 200);
    expectStatus(
      await openLimit(t.app, bob, { type: 'SELL', symbol: 'ETH', limitAsk: 90_000, sellAsk: 0.5 }),
      201,
    );
    // The orders' own points (the queue's, within a second) land first, outside the capture.
    const placed = Date.now();
    await vi.waitFor(
      async () => expect((await points(bob.id)).some((p) => Number(p.ts) >= placed)).toBe(true),
      { timeout: 5_000 },
    );
    const ids = [ann.id, bob.id, ...Array.from({ length: 600 }, (_, i) => `missing-${i}`)];
    const at = Date.now() + 300_000;
    const statements = (
      await captureStatements(() => recordBalanceSnapshots(t.ctx.db, ids, at))
    ).filter((s) => !/^\s*(begin|commit|savepoint|release)/i.test(s.sql));
    expect(statements).toHaveLength(4);
    expect(statements.some((s) => /type = 'SELL'/.test(s.sql))).toBe(false);
    for (const who of [ann, bob])
      expect((await points(who.id)).filter((p) => Number(p.ts) === at)).toEqual([
        { ts: BigInt(at), balance_cents: await totalBalanceCents(t.ctx.db, who.id) },
      ]);
    if (t.ctx.database.dialect === 'sqlite') {
      const buys = statements.find((s) => /type = 'PURCHASE'/.test(s.sql));
      const { rows } = await t.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${buys?.sql ?? ''}`, [...(buys?.parameters ?? [])]),
      );
      expect(rows.map((r) => r.detail).join(' | ')).toContain('limit_orders_portfolio_working');
    }
  });
});
