/**
 * npm run bench:group-commit (`-- --pg`: on a throwaway PostgreSQL): do concurrent market orders
 * of different portfolios go faster sharing one transaction and one commit (db/group-commit.ts)
 * than each in its own? Builds the app in-process, signs up 50 users, then for each mode 50
 * clients, one per user, send market orders back to back for BENCH_GROUP_S seconds (default 5),
 * alternating a $10 buy and a $5 sell of BTC, calling the order function itself (no HTTP, no
 * answer), so the figures are the order's database work. Prints orders/s and p50/p99 per mode.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import type { MarketOrderBody } from '@papertrade/domain';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const onPostgres = process.argv.includes('--pg');
const postgres = onPostgres ? startThrowawayPostgres() : null;
if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
const { createTestApp, createTestUser } = await import('../packages/server/test/test-app.ts');
const { groupCommit } = await import('../packages/server/src/db/group-commit.ts');
const { marketBuy, marketSell } =
  await import('../packages/server/src/features/trading/market-orders.ts');

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_GROUP_S ?? 5);
const buyBody = { symbol: 'BTC', assetAmount: 10, unit: 'USD' } as MarketOrderBody;
const sellBody = { symbol: 'BTC', assetAmount: 5, unit: 'USD' } as MarketOrderBody;

const t = await createTestApp();
try {
  const users: { id: string }[] = [];
  for (let i = 0; i < CLIENTS; i += 1) users.push(await createTestUser(t.ctx));
  type Run = (portfolioId: string, buy: boolean) => Promise<unknown>;
  const order =
    (db: typeof t.ctx.db) =>
    (portfolioId: string, buy: boolean): Promise<unknown> =>
      (buy ? marketBuy : marketSell)(
        { db, database: t.ctx.database },
        { id: portfolioId, contestId: null },
        buy ? buyBody : sellBody,
      );
  const alone: Run = order(t.ctx.db);
  const grouped = (maxGroups: number): Run => {
    const groups = groupCommit(t.ctx.db, { maxGroup: CLIENTS, maxGroups });
    return (portfolioId, buy) =>
      groups.run(portfolioId, (trx) => order(trx as unknown as typeof t.ctx.db)(portfolioId, buy));
  };

  const measure = async (name: string, run: Run) => {
    const times: number[] = [];
    let failed = 0;
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      users.map(async (user, i) => {
        for (let n = i; performance.now() < until; n += 1) {
          const from = performance.now();
          try {
            await run(user.id, n % 2 === 0);
          } catch {
            failed += 1;
          }
          times.push(performance.now() - from);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.floor(times.length * q)] ?? NaN).toFixed(1);
    console.log(
      `${name}: ${Math.round(times.length / SECONDS)} orders/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms` +
        ` (${times.length} orders, ${failed} refused or failed; load ${os.loadavg()[0]?.toFixed(1)})`,
    );
  };

  const dialect = t.ctx.database.dialect;
  // Warm up both paths (statement caches, prepared statements), then alternate the modes twice.
  await measure(`${dialect} warm-up, one transaction per order`, alone);
  for (let round = 1; round <= 2; round += 1) {
    await measure(`${dialect} one transaction per order`, alone);
    await measure(`${dialect} group commit, one group in flight`, grouped(1));
    await measure(`${dialect} group commit, four groups in flight`, grouped(4));
  }
} finally {
  await t.close();
  postgres?.stop();
}
