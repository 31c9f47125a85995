/**
 * npm run bench:book-order: a whole market order that walks 20 levels of the simulated book
 * against one that takes a single level (docs/decisions/039-book-fills-without-a-lock.md; the
 * target is at most 1.2 times). In-process (SQLite in a temporary folder; a fresh PostgreSQL
 * database when TEST_DATABASE_URL points at a server, as the tests do), through marketBuy and
 * marketSell with the app's kept inputs, as the order routes call them: the walk, the ledger's
 * statements and the commit, without HTTP.
 *
 * Each order buys XMR (the catalog's thinnest coin) by shares, either a tenth of the best ask or
 * the first 19 asks and half the 20th, then sells the same shares back, which walks the bids.
 * Takes go to a second book keeper, at the same cost, so the walked book stays whole and every
 * order takes the levels it is meant to. Rounds alternate the two sizes so machine load hits both
 * alike; medians over BOOK_ORDER_ROUNDS rounds (default 15) of BOOK_ORDER_BATCH orders (default 20).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { MarketOrderBody } from '../packages/domain/src/index.ts';
import { marketBuy, marketSell } from '../packages/server/src/features/trading/market-orders.ts';
import { createOrderBooks } from '../packages/server/src/market/order-books.ts';
import { createInProcessBus } from '../packages/server/src/realtime/event-bus.ts';
import { createTestApp, createTestUser, testDialect } from '../packages/server/test/test-app.ts';

const ROUNDS = Number(process.env.BOOK_ORDER_ROUNDS ?? 15);
const BATCH = Number(process.env.BOOK_ORDER_BATCH ?? 20);
const SYMBOL = 'XMR';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const t = await createTestApp({ fillModel: 'BOOK' });
try {
  const books = t.ctx.orderBooks!;
  await books.refresh();
  // On a bus of its own: the app's books would otherwise apply its takes as another instance's.
  const elsewhere = createOrderBooks(
    t.ctx.db,
    createInProcessBus(),
    t.ctx.config.marketSeed,
    'BOOK',
  );
  const ctx = {
    ...t.ctx,
    orderBooks: {
      ...books,
      take: (...args: Parameters<typeof elsewhere.take>) => elsewhere.take(...args),
    },
  };
  const { price } = await t.ctx.db
    .selectFrom('assets')
    .select('price')
    .where('symbol', '=', SYMBOL)
    .executeTakeFirstOrThrow();
  const mid = BigInt(price);
  const asks = books.sideOf(SYMBOL, mid, 'ask', Date.now())!.levels;
  const one = asks[0]!.shares / 10n;
  const twenty = asks.slice(0, 19).reduce((sum, l) => sum + l.shares, 0n) + asks[19]!.shares / 2n;
  const body = (shares: bigint): MarketOrderBody =>
    ({ symbol: SYMBOL, assetAmount: Number(shares) / 1e8, unit: 'SYMBOL' }) as MarketOrderBody;

  // A fresh user every few orders, so the slippage paid never runs the cash out.
  let user = await createTestUser(t.ctx);
  let used = 0;
  const times = { one: [] as number[], twenty: [] as number[] };
  const levels = { one: 0, twenty: 0 };
  async function run(size: 'one' | 'twenty', record: boolean): Promise<void> {
    const shares = size === 'one' ? one : twenty;
    const from = performance.now();
    for (let i = 0; i < BATCH; i++) {
      if (used++ % 40 === 0) user = await createTestUser(t.ctx);
      const portfolio = { id: user.id, contestId: null };
      const bought = await marketBuy(ctx, portfolio, body(shares));
      levels[size] = Number(bought.transaction.levels);
      await marketSell(ctx, portfolio, body(bought.transaction.shares));
    }
    if (record) times[size].push(((performance.now() - from) * 1000) / (2 * BATCH));
  }
  for (let r = 0; r < ROUNDS + 2; r++) {
    // Two warm-up rounds; then the order of the two sizes alternates.
    const first = r % 2 ? 'one' : 'twenty';
    await run(first, r >= 2);
    await run(first === 'one' ? 'twenty' : 'one', r >= 2);
  }
  const m1 = median(times.one);
  const m20 = median(times.twenty);
  console.log(
    `${testDialect}, load ${loadavg()[0]!.toFixed(1)}: a market order (buy, then the sale back) taking ${levels.one} level: ${m1.toFixed(0)} us; taking ${levels.twenty} levels: ${m20.toFixed(0)} us; ratio ${(m20 / m1).toFixed(2)} (target <= 1.2)`,
  );
  elsewhere.close();
} finally {
  await t.close();
}
