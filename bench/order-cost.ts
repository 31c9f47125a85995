/**
 * npm run bench:order-cost: does an order cost the same whatever the user's history?
 * Builds the app in-process (SQLite in a temporary folder; a fresh PostgreSQL database when
 * TEST_DATABASE_URL points at a server, as the tests do), gives one user 100 past orders and
 * another 100,000 (10,000 of whose buys are still open lots), written in bulk
 * (order-cost-history.ts), then times market orders through app.inject ($10 buy, $5 sell,
 * alternating), the two users taking turns round by round so machine load hits both alike.
 * Prints each user's median per-order time over the rounds and the ratio big / small, then
 * checks both ledgers still reconcile.
 *
 * ORDER_COST_ORDERS (default 100000) and ORDER_COST_LOTS (10000) change the big history.
 */
import { performance } from 'node:perf_hooks';
import { expectLedgersSound } from '../packages/server/src/test-support/ledger-check.ts';
import { createTestApp, createTestUser, testDialect, type TestUser } from '../packages/server/src/test-support/test-app.ts';
import { writeHistory } from './order-cost-history.ts';

const SYMBOL = 'BTC';
const BIG_ORDERS = Number(process.env.ORDER_COST_ORDERS ?? 100_000);
const BIG_LOTS = Number(process.env.ORDER_COST_LOTS ?? 10_000);
const WARMUP = 100;
const ROUNDS = 15;
const PER_ROUND = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const t = await createTestApp();
try {
  const asset = await t.ctx.db.selectFrom('assets').select('price').where('symbol', '=', SYMBOL).executeTakeFirstOrThrow();
  const price = BigInt(asset.price);
  const small = await createTestUser(t.ctx);
  const big = await createTestUser(t.ctx);
  let started = performance.now();
  await writeHistory(t.ctx.db, { id: small.id, symbol: SYMBOL, price }, 100, 10);
  await writeHistory(t.ctx.db, { id: big.id, symbol: SYMBOL, price }, BIG_ORDERS, BIG_LOTS);
  console.log(`${testDialect}: history written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await expectLedgersSound({ db: t.ctx.db, dialect: t.ctx.database.dialect }, [small.id, big.id]);

  let sent = 0;
  let bytes = { small: 0, big: 0 };
  const order = async (user: TestUser, which: 'small' | 'big') => {
    const buy = sent++ % 2 === 0;
    const response = await t.app.inject({
      method: 'POST',
      url: buy ? '/purchase-asset' : '/sell-asset',
      headers: user.headers,
      payload: { symbol: SYMBOL, walletAddress: user.walletAddress, assetAmount: buy ? 10 : 5, unit: 'USD' },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    bytes = { ...bytes, [which]: response.rawPayload.length };
  };
  const run = async (user: TestUser, which: 'small' | 'big', count: number) => {
    const from = performance.now();
    for (let i = 0; i < count; i += 1) await order(user, which);
    return (performance.now() - from) / count;
  };

  await run(small, 'small', WARMUP);
  await run(big, 'big', WARMUP);
  const times = { small: [] as number[], big: [] as number[] };
  started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate who goes first, so neither always runs on a warmer cache.
    const pair = round % 2 === 0 ? (['small', 'big'] as const) : (['big', 'small'] as const);
    for (const which of pair) times[which].push(await run(which === 'small' ? small : big, which, PER_ROUND));
  }
  const s = median(times.small);
  const b = median(times.big);
  console.log(`small history (100 orders): ${s.toFixed(2)} ms per order, answer ${(bytes.small / 1024).toFixed(1)} KB`);
  console.log(
    `big history (${BIG_ORDERS.toLocaleString('en-US')} orders, ${BIG_LOTS.toLocaleString('en-US')} open lots): ` +
      `${b.toFixed(2)} ms per order, answer ${(bytes.big / 1024).toFixed(1)} KB`,
  );
  console.log(`ratio big / small: ${(b / s).toFixed(2)} (${ROUNDS} rounds of ${PER_ROUND} orders each, medians)`);
  await expectLedgersSound({ db: t.ctx.db, dialect: t.ctx.database.dialect }, [small.id, big.id]);
  console.log('ledgers reconcile');
} finally {
  await t.close();
}
