/**
 * npm run bench:order-cost: does an order cost the same whatever the user's history?
 * Builds the app in-process (SQLite in a temporary folder; a fresh PostgreSQL database when
 * TEST_DATABASE_URL points at a server, as the tests do), gives one user 100 past orders (10 open
 * lots), one 10,000 (1,000) and one 100,000 (10,000), written in bulk (order-cost-history.ts),
 * then times market orders through app.inject ($10 buy, $5 sell, alternating), the users taking
 * turns round by round so machine load hits all alike. Prints each user's median per-order time
 * over the rounds and the ratios, then checks the ledgers still reconcile.
 *
 * ORDER_COST_ORDERS (default 100000) and ORDER_COST_LOTS (10000) change the big history.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { expectLedgersSound } from '../packages/server/test/ledger-check.ts';
import {
  createTestApp,
  createTestUser,
  testDialect,
  type TestUser,
} from '../packages/server/test/test-app.ts';
import { writeHistory } from './order-cost-history.ts';

const SYMBOL = 'BTC';
const BIG_ORDERS = Number(process.env.ORDER_COST_ORDERS ?? 100_000);
const BIG_LOTS = Number(process.env.ORDER_COST_LOTS ?? 10_000);
const WARMUP = 100;
const ROUNDS = 15;
const PER_ROUND = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Subject {
  name: string;
  orders: number;
  lots: number;
  user?: TestUser;
  times: number[];
  bytes: number;
}
const subjects: Subject[] = [
  { name: 'small', orders: 100, lots: 10, times: [], bytes: 0 },
  // Between the two: where the user record's bounded lists are already full.
  { name: 'mid', orders: BIG_ORDERS / 10, lots: BIG_LOTS / 10, times: [], bytes: 0 },
  { name: 'big', orders: BIG_ORDERS, lots: BIG_LOTS, times: [], bytes: 0 },
];

const t = await createTestApp();
try {
  const asset = await t.ctx.db
    .selectFrom('assets')
    .select('price')
    .where('symbol', '=', SYMBOL)
    .executeTakeFirstOrThrow();
  const price = BigInt(asset.price);
  const started = performance.now();
  for (const s of subjects) {
    s.user = await createTestUser(t.ctx);
    await writeHistory(t.ctx.db, { id: s.user.id, symbol: SYMBOL, price }, s.orders, s.lots);
  }
  // What autovacuum does to a real database after such a load: without statistics PostgreSQL
  // guesses a user has a few hundred rows and sorts all 100,000 transactions for the newest 100.
  if (testDialect === 'postgres') await sql`ANALYZE`.execute(t.ctx.db);
  console.log(
    `${testDialect}: history written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const ids = subjects.map((s) => s.user?.id ?? '');
  await expectLedgersSound(t.ctx, ids);

  let sent = 0;
  const run = async (s: Subject, count: number) => {
    const user = s.user as TestUser;
    const from = performance.now();
    for (let i = 0; i < count; i += 1) {
      const buy = sent++ % 2 === 0;
      const response = await t.app.inject({
        method: 'POST',
        url: buy ? '/purchase-asset' : '/sell-asset',
        headers: user.headers,
        payload: {
          symbol: SYMBOL,
          walletAddress: user.walletAddress,
          assetAmount: buy ? 10 : 5,
          unit: 'USD',
        },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      s.bytes = response.rawPayload.length;
    }
    return (performance.now() - from) / count;
  };

  for (const s of subjects) await run(s, WARMUP);
  for (let round = 0; round < ROUNDS; round += 1) {
    // A different user goes first each round, so none always runs on a warmer cache.
    for (let i = 0; i < subjects.length; i += 1) {
      const s = subjects[(round + i) % subjects.length] as Subject;
      s.times.push(await run(s, PER_ROUND));
    }
  }
  const ms = (s: Subject) => median(s.times);
  for (const s of subjects) {
    console.log(
      `${s.name}: ${s.orders.toLocaleString('en-US')} past orders, ${s.lots.toLocaleString('en-US')} open lots: ` +
        `${ms(s).toFixed(2)} ms per order, answer ${(s.bytes / 1024).toFixed(1)} KB`,
    );
  }
  const [small, mid, big] = subjects as [Subject, Subject, Subject];
  console.log(
    `ratio big / small: ${(ms(big) / ms(small)).toFixed(2)}; big / mid: ${(ms(big) / ms(mid)).toFixed(2)} ` +
      `(${ROUNDS} rounds of ${PER_ROUND} orders each, medians)`,
  );
  await expectLedgersSound(t.ctx, ids);
  console.log('ledgers reconcile');
} finally {
  await t.close();
}
