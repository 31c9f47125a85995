import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeBulkHistory } from '../../../test/bulk-history.ts';
import { expectStatus } from '../../../test/calls.ts';
import { fullScans } from '../../../test/query-plans.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * An order's database work must not grow with the user's history. Timing would be
 * flaky, so this looks at plans and row counts instead: every statement the order routes send
 * (the order, its ledger moves, and the User answer) is EXPLAINed with its own parameters, for a
 * user with 10,000 open lots and a long past, and none may read a whole table of per-user history
 * or return more rows than a bounded list holds. On PostgreSQL the planner sees real statistics
 * (ANALYZE), so a Seq Scan there is what it would do.
 */
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

// Not lot_totals (free shares included): one row per symbol held, which PostgreSQL rightly reads whole when small.
const HISTORY_TABLES = [
  'lots',
  'transactions',
  'limit_orders',
  'notifications',
  'balance_snapshots',
];

describe('the order path with a long history', () => {
  it(
    'reads no whole table of lots, transactions, orders, notifications or balance points',
    { timeout: 120_000 },
    async () => {
      const asset = await t.ctx.db
        .selectFrom('assets')
        .select('price')
        .where('symbol', '=', 'BTC')
        .executeTakeFirstOrThrow();
      const price = BigInt(asset.price);
      const size = {
        lots: 10_000,
        extra: 10_000,
        closedOrders: 2_000,
        notifications: 2_000,
        points: 3_000,
      };
      await writeBulkHistory(t.ctx.db, { id: ann.id, symbol: 'BTC', price }, size);
      // Another user's rows, so a user_id condition is selective as it is in a real database.
      await writeBulkHistory(t.ctx.db, { id: bob.id, symbol: 'ETH', price }, size);
      if (t.ctx.database.dialect === 'postgres') await sql`ANALYZE`.execute(t.ctx.db);

      const order = (url: string, payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: ann.headers,
          payload: { walletAddress: ann.walletAddress, ...payload },
        });
      const statements = await captureStatements(async () => {
        expectStatus(
          await order('/purchase-asset', { symbol: 'BTC', assetAmount: 10, unit: 'USD' }),
          200,
        );
        // More than a few lots' worth, so the sale pages through the oldest lots.
        expectStatus(
          await order('/sell-asset', { symbol: 'BTC', assetAmount: 0.3, unit: 'SYMBOL' }),
          200,
        );
        const opened = await order('/open-limit-position', {
          type: 'SELL',
          symbol: 'BTC',
          limitAsk: 1_000_000,
          sellAsk: 0.01,
        });
        expectStatus(opened, 201);
        const { limitPosition } = opened.json<{ limitPosition: { positionId: string } }>();
        expectStatus(
          await order('/cancel-limit-position', { positionId: limitPosition.positionId }),
          200,
        );
      });

      expect(statements.filter((s) => /lots/.test(s.sql)).length).toBeGreaterThan(0);
      expect(await fullScans(t.ctx.db, t.ctx.database.dialect, statements, HISTORY_TABLES)).toEqual(
        [],
      );
      // An index search can still read every row of the user (the old holdings query returned all
      // 10,000 lots): no statement may return more than the largest bounded list (501 points).
      const large = statements
        .filter((s) => (s.rows ?? 0) > 501)
        .map((s) => `${s.rows} rows: ${s.sql.replace(/\s+/g, ' ').slice(0, 120)}`);
      expect(large).toEqual([]);
      // A search can also walk every closed order of the user to find the few working ones: the
      // record's working-orders read must go through the partial index of working orders.
      if (t.ctx.database.dialect === 'sqlite') {
        const working = statements.filter((s) =>
          /FROM limit_orders WHERE portfolio_id = \? AND status = 'WORKING'/.test(s.sql),
        );
        expect(working.length).toBeGreaterThan(0);
        for (const s of working) {
          const { rows } = await t.ctx.db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`EXPLAIN QUERY PLAN ${s.sql}`, [...s.parameters]),
          );
          expect(rows.find((r) => /SEARCH limit_orders USING/.test(r.detail))?.detail).toContain(
            'limit_orders_portfolio_working',
          );
        }
      }
    },
  );
});
