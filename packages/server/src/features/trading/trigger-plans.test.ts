import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newId } from '../../db/new-id.ts';
import { fullScans } from '../../../test/query-plans.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { createLimitTrigger } from './limit-trigger.ts';

/**
 * A tick crossing nothing stays about 1 ms with 1,000,000 working orders of all kinds (README,
 * Benchmarks, bench:limits): that rests on each kind's trigger being an index range read
 * (decision 012). bench:limits measures the time; this checks the shape, on both databases:
 * 20,000 working orders of every kind, a quiet tick sends one statement, and neither it nor a
 * busy tick (trailing marks moving, stops and stop-limits reached, limits crossed, expiries)
 * reads the whole orders table.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const USD = 100_000_000n;
const PRICE = 50_000n * USD;

describe('the working-order trigger with many orders of every kind', () => {
  it(
    'reads only index ranges, and a tick that crosses nothing is one statement',
    { timeout: 120_000 },
    async () => {
      const now = Date.now();
      const kinds = ['LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP'] as const;
      const rows = [];
      for (let i = 0; i < 20_000; i += 1) {
        const kind = kinds[i % 4] as (typeof kinds)[number];
        const buy = i % 8 < 4;
        // Far from the price: nothing crosses at 50,000 (limits below a buy's price, stops above it).
        const away = BigInt(10 + (i % 30)) * 1_000n * USD;
        const near = buy ? PRICE - away : PRICE + away;
        const stopAt = buy ? PRICE + away : PRICE - away;
        rows.push({
          id: newId(now),
          portfolio_id: ann.id,
          epoch: 0,
          symbol: i % 3 ? 'BTC' : 'ETH',
          type: buy ? 'PURCHASE' : 'SELL',
          limit_price: kind === 'LIMIT' ? near : kind === 'STOP_LIMIT' ? stopAt : 0n,
          order_type: kind,
          armed: kind === 'LIMIT' ? 0 : 1,
          stop_price: kind === 'LIMIT' ? null : stopAt,
          trail_bps: kind === 'TRAILING_STOP' ? 500 : null,
          water_mark:
            kind === 'TRAILING_STOP' ? (buy ? PRICE - 10n * USD : PRICE + 10n * USD) : null,
          expires_at: i % 5 === 0 ? now + 86_400_000 : null,
          purchase_cents: buy ? 1_000n : null,
          sell_shares: buy ? null : 1_000n,
          status: 'WORKING',
          created_at: now,
        });
      }
      // A few the busy tick reaches: a stop buy, and a stop-limit buy whose limit that tick crosses too.
      for (const kind of ['STOP', 'STOP_LIMIT'] as const) {
        rows.push({
          id: newId(now),
          portfolio_id: ann.id,
          epoch: 0,
          symbol: 'BTC',
          type: 'PURCHASE',
          limit_price: kind === 'STOP' ? 0n : PRICE + 30n * USD,
          order_type: kind,
          armed: 1,
          stop_price: PRICE + 15n * USD,
          trail_bps: null,
          water_mark: null,
          expires_at: null,
          purchase_cents: 100_000n,
          sell_shares: null,
          status: 'WORKING',
          created_at: now,
        });
      }
      // A sell's high sits 10 USD above the price, a buy's low 10 below, as after a small move:
      // the quiet tick passes neither, the busy one (20 up) the sells'. (The buys reserve no cash: this test looks at plans, not the ledger.)
      for (let i = 0; i < rows.length; i += 500)
        await t.ctx.db
          .insertInto('limit_orders')
          .values(rows.slice(i, i + 500))
          .execute();
      // The sells' shares are in open lots, as every reserved share is: an expiry gives them back
      // to the free shares of their lot totals (docs/decisions/024-holdings-in-lot-totals.md).
      for (const symbol of ['BTC', 'ETH']) {
        const shares = rows
          .filter((r) => r.symbol === symbol && r.sell_shares !== null)
          .reduce((sum, r) => sum + (r.sell_shares ?? 0n), 0n);
        await t.ctx.db
          .insertInto('lots')
          .values({
            id: newId(now),
            portfolio_id: ann.id,
            symbol,
            shares,
            price: PRICE,
            created_at: now,
          })
          .execute();
        await t.ctx.db
          .insertInto('lot_totals')
          .values({
            portfolio_id: ann.id,
            symbol,
            shares,
            free_shares: 0n,
            cost: (shares * PRICE).toString(),
          })
          .execute();
      }
      if (t.ctx.database.dialect === 'postgres') await sql`ANALYZE`.execute(t.ctx.db);
      const trigger = createLimitTrigger(t.ctx, {
        error: (obj) => {
          throw new Error(JSON.stringify(obj));
        },
      });
      const prices = (btc: bigint) =>
        new Map([
          ['BTC', btc],
          ['ETH', PRICE],
        ]);

      const quiet = await captureStatements(() => trigger(prices(PRICE), now));
      expect(quiet).toHaveLength(1);
      expect(await fullScans(t.ctx.db, t.ctx.database.dialect, quiet, ['limit_orders'])).toEqual(
        [],
      );

      const busy = await captureStatements(() =>
        trigger(prices(PRICE + 20n * USD), now + 2 * 86_400_000),
      );
      expect(busy.length).toBeGreaterThan(1);
      expect(await fullScans(t.ctx.db, t.ctx.database.dialect, busy, ['limit_orders'])).toEqual([]);
      const moved = await t.ctx.db
        .selectFrom('limit_orders')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('water_mark', '=', PRICE + 20n * USD)
        .executeTakeFirstOrThrow();
      // The working trailing sells moved; the trailing buys and the expired did not.
      expect(Number(moved.n)).toBe(
        rows.filter(
          (r) =>
            r.order_type === 'TRAILING_STOP' &&
            r.type === 'SELL' &&
            r.symbol === 'BTC' &&
            r.expires_at === null,
        ).length,
      );
      const filled = await t.ctx.db
        .selectFrom('limit_orders')
        .select('order_type')
        .where('status', '=', 'FILLED')
        .orderBy('order_type')
        .execute();
      expect(filled.map((o) => o.order_type)).toEqual(['STOP', 'STOP_LIMIT']);
    },
  );
});
