import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { batchRows } from '../../db/batch-rows.ts';
import { fullScans } from '../../../test/query-plans.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { createAlertTrigger } from './alert-trigger.ts';

/**
 * The tick must not scan alerts: with many waiting and fired alerts of every symbol, a tick that
 * reaches nothing and a tick that reaches a few send statements that read no whole table of
 * alerts (their plans EXPLAINed with their own parameters) and return only what they fire.
 * On PostgreSQL the planner sees real statistics (ANALYZE).
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

describe("the alert trigger's statements", () => {
  it('read only the alerts a tick reaches, through the index', { timeout: 60_000 }, async () => {
    const assets = await t.ctx.db.selectFrom('assets').select(['symbol', 'price']).execute();
    const rows: (string | bigint | null)[][] = [];
    let n = 0;
    for (const { symbol, price } of assets) {
      for (let i = 1; i <= 500; i += 1) {
        // Levels 1% to 50% away on both sides, half of them fired long ago.
        const gap = (BigInt(price) * BigInt(i)) / 1000n;
        const fired = i % 2 === 0 ? 1n : null;
        rows.push([`a${n++}`, ann.id, symbol, 'ABOVE', BigInt(price) + gap + 1n, fired]);
        rows.push([`a${n++}`, ann.id, symbol, 'BELOW', BigInt(price) - gap - 1n, fired]);
      }
    }
    const columns = {
      id: 'text',
      user_id: 'text',
      symbol: 'text',
      direction: 'text',
      price: 'bigint',
      triggered_at: 'bigint',
    } as const;
    for (let i = 0; i < rows.length; i += 2000) {
      await sql`INSERT INTO price_alerts (id, user_id, symbol, direction, price, created_at, triggered_at)
        SELECT c.id, c.user_id, c.symbol, c.direction, c.price, 0, c.triggered_at FROM ${batchRows(t.ctx.db, columns, rows.slice(i, i + 2000))} AS c`.execute(
        t.ctx.db,
      );
    }
    if (t.ctx.database.dialect === 'postgres') await sql`ANALYZE`.execute(t.ctx.db);

    const trigger = createAlertTrigger(t.ctx, { error: () => undefined });
    const current = new Map(assets.map((a) => [a.symbol, BigInt(a.price)]));
    const quiet = await captureStatements(async () =>
      expect(await trigger(current, 1)).toEqual({ fired: 0 }),
    );
    expect(quiet).toHaveLength(1);
    expect(quiet[0]?.rows).toBe(0);

    // BTC up 1%: the waiting ABOVE alerts at 0.1%, 0.3%, ..., 0.9% above are reached.
    const btc = current.get('BTC') ?? 0n;
    const moved = new Map(current).set('BTC', btc + btc / 100n);
    const busy = await captureStatements(async () =>
      expect(await trigger(moved, 2)).toEqual({ fired: 5 }),
    );
    const tables = ['price_alerts', 'notifications'];
    expect(await fullScans(t.ctx.db, t.ctx.database.dialect, [...quiet, ...busy], tables)).toEqual(
      [],
    );
    const large = busy
      .filter((s) => (s.rows ?? 0) > 5)
      .map((s) => `${s.rows} rows: ${s.sql.slice(0, 100)}`);
    expect(large).toEqual([]);
  });
});
