/**
 * npm run bench:limits: the working-order trigger against 1,000,000 working orders of every kind.
 * Builds a temporary SQLite database with the real migrations, bulk-inserts 1,000,000 WORKING
 * orders (10,000 users, 20 symbols, prices far from the market, open lots behind every SELL): 40 %
 * limits, 20 % stops, 10 % stop-limits, 20 % trailing stops (their water marks near the market,
 * so a tick probes that index for real), 5 % limit buys carrying a bracket and 5 % in OCO pairs.
 * Then it times the trigger called directly (no HTTP): the median of several ticks that cross
 * nothing, and of several ticks that cross 1,000 fresh orders (BTC: 250 limit buys and 250 stop
 * sells; ETH: 250 limit sells and 250 stop buys).
 * It prints each crossing tick beside the median: they vary by a fifth from run to run on a quiet
 * machine (the checkpoint thread and the collector run beside them), so the median is of nine
 * (BENCH_CROSSING_RUNS changes that).
 * The trigger is wired as the app wires it (features/trading/routes.ts): the balance points of
 * the users whose orders filled go to the batched queue. Its flush, which the app runs within a
 * second of the tick, is timed on its own and printed beside the tick.
 *
 * Then the floor (fill-writes-floor.ts): 1,000 more crossing orders, four times, filled by the
 * fewest raw statements that leave the same rows, on a connection set as the app's, and the
 * balance points of the portfolios they filled by the fewest statements too. The target counts
 * the tick and its points together, so it is met only if both fit in it; the floor's two
 * together show whether any code could.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import SQLite from 'better-sqlite3';
import { ASSET_CATALOG } from '../packages/server/src/market/asset-catalog.ts';
import { configureConnection, openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { newId } from '../packages/server/src/db/new-id.ts';
import { createInProcessBus } from '../packages/server/src/realtime/event-bus.ts';
import { createLimitTrigger } from '../packages/server/src/features/trading/limit-trigger.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createOrderBooks } from '../packages/server/src/market/order-books.ts';
import { createBalancePointQueue } from '../packages/server/src/users/balance-point-queue.ts';
import { balancePointsFloor, fillWritesFloor } from './fill-writes-floor.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const USERS = 10_000;
const CROSSING = 1_000;
const QUIET_RUNS = 21;
const CROSSING_RUNS = Number(process.env.BENCH_CROSSING_RUNS ?? 9);
const FLOOR_RUNS = 4;
const TARGET_QUIET_MS = 1;
const TARGET_CROSSING_MS = 60;
/**
 * BENCH_FILL_MODEL=BOOK: the owners fill on the book (decision 040), so the crossing limits fill
 * as far as the tick's simulated trades at their price allow, the rest in part or not at all, and
 * the stops walk the book. Unset: every order fills whole (IDEAL), as the count of 1,000
 * fills assumes.
 */
const FILL_MODEL = process.env.BENCH_FILL_MODEL === 'BOOK' ? 'BOOK' : 'IDEAL';
/**
 * Each crossing BTC limit buy: 100 USD, or on the book 20,000 USD, so that the 250 of them ask
 * for more than the tick's simulated trades at their prices (about 3,000,000 USD of BTC): the
 * earlier ones fill whole, one fills in part, and the rest wait for the next tick (decision 040).
 */
const CROSSING_BUY_CENTS = FILL_MODEL === 'BOOK' ? 2_000_000n : 10_000n;

// BENCH_LIMITS_DIR keeps the seeded database between runs (seeding takes about a minute).
const keptDir = process.env.BENCH_LIMITS_DIR;
const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'papertrade-bench-limits-'));
const log = { error: (obj: unknown, msg: string) => console.error(msg, obj) };

/** A small deterministic generator: the same database every run. */
let seed = 12_345;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const market = new Map(ASSET_CATALOG.map((a) => [a.symbol, a.price]));
const scale = (price: bigint, factor: number) =>
  (price * BigInt(Math.round(factor * 1e6))) / 1_000_000n;

// ---------------------------------------------------------------- bulk set-up, raw and fast
/** The running totals the ledger keeps beside the lots (decision 006): the seeded lots must be in them. */
function addLotTotal(
  raw: SQLite.Database,
  userId: string,
  symbol: string,
  shares: bigint,
  price: bigint,
): void {
  const row = raw
    .prepare('SELECT shares, cost FROM lot_totals WHERE portfolio_id = ? AND symbol = ?')
    .get(userId, symbol) as { shares: bigint; cost: string } | undefined;
  const total = {
    shares: (row?.shares ?? 0n) + shares,
    cost: BigInt(row?.cost ?? '0') + shares * price,
  };
  raw
    .prepare(
      'INSERT INTO lot_totals (portfolio_id, symbol, shares, cost) VALUES (?, ?, ?, ?) ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost',
    )
    .run(userId, symbol, total.shares, total.cost.toString());
}
function seedDatabase(file: string): string[] {
  const raw = new SQLite(file);
  raw.defaultSafeIntegers(true);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const now = Date.now();
  const userIds: string[] = [];
  raw.transaction(() => {
    const asset = raw.prepare(
      'INSERT INTO assets (id, symbol, name, position, price, volatility, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    ASSET_CATALOG.forEach((a, i) =>
      asset.run(a.id, a.symbol, a.name, i, a.price, a.volatility, now),
    );
    const user =
      raw.prepare(`INSERT INTO users (id, email, password_hash, username, username_lower, display_name,
      account_type, wallet_address, created_at)
      VALUES (?, ?, 'x', ?, ?, ?, 'PERSONAL', ?, ?)`);
    const portfolio =
      raw.prepare(`INSERT INTO portfolios (id, user_id, kind, wallet_address, cash_cents, starting_balance_cents, created_at)
      VALUES (?, ?, 'MAIN', ?, ?, ?, ?)`);
    for (let i = 0; i < USERS; i += 1) {
      const id = newId(now);
      userIds.push(id);
      const wallet = `0x${i.toString(16).padStart(40, '0')}`;
      user.run(id, `b${i}@bench.test`, `b${i}`, `b${i}`, `b${i}`, wallet, now);
      portfolio.run(id, id, wallet, STARTING_BALANCE_CENTS, STARTING_BALANCE_CENTS, now);
    }
    const insert = orderInsert(raw);
    const lots = new Map<string, bigint>();
    const reserve = (userId: string, symbol: string, shares: bigint) => {
      const key = `${userId}|${symbol}`;
      lots.set(key, (lots.get(key) ?? 0n) + shares);
    };
    for (let i = 0; i < ORDERS; i += 1) {
      const userId = userIds[i % USERS] as string;
      const { symbol, price } = pick(ASSET_CATALOG);
      const buy = random() < 0.5;
      const cents = BigInt(1000 + Math.floor(random() * 99_000));
      const shares = BigInt(1_000_000 + Math.floor(random() * 99_000_000));
      const far = buy ? scale(price, 0.3 + random() * 0.3) : scale(price, 1.7 + random() * 0.8);
      const base = {
        portfolioId: userId,
        symbol,
        type: buy ? 'PURCHASE' : 'SELL',
        cents: buy ? cents : null,
        shares: buy ? null : shares,
      };
      const kind = random();
      if (kind < 0.4) insert({ ...base, orderType: 'LIMIT', limit: far });
      else if (kind < 0.6)
        insert({
          ...base,
          orderType: 'STOP',
          stop: buy ? scale(price, 1.7 + random() * 0.8) : scale(price, 0.3 + random() * 0.3),
        });
      else if (kind < 0.7) {
        const stop = buy ? scale(price, 1.7 + random() * 0.8) : scale(price, 0.3 + random() * 0.3);
        insert({ ...base, orderType: 'STOP_LIMIT', stop, limit: stop });
      } else if (kind < 0.9) {
        // A trailing sell's high a little above the market, a buy's low a little below, trails of 45-50 %.
        const bps = 4_500n + BigInt(Math.floor(random() * 500));
        const mark = buy ? scale(price, 0.8 + random() * 0.1) : scale(price, 1.1 + random() * 0.2);
        const offset = (mark * bps) / 10_000n;
        insert({
          ...base,
          orderType: 'TRAILING_STOP',
          stop: buy ? mark + offset : mark - offset,
          mark,
          trailBps: bps,
        });
        if (!buy) reserve(userId, symbol, shares);
        continue;
      } else if (kind < 0.95) {
        insert({
          ...base,
          type: 'PURCHASE',
          cents,
          shares: null,
          orderType: 'LIMIT',
          limit: scale(price, 0.3 + random() * 0.3),
          takeProfit: price,
          stopLossAt: scale(price, 0.2),
        });
        continue;
      } else {
        // An OCO pair: a take-profit far above, a stop-loss far below, the shares reserved once.
        const group = newId(now);
        insert({
          ...base,
          id: group,
          type: 'SELL',
          cents: null,
          shares,
          orderType: 'LIMIT',
          limit: scale(price, 1.7 + random() * 0.8),
          group,
          leg: 'TAKE_PROFIT',
        });
        insert({
          ...base,
          type: 'SELL',
          cents: null,
          shares,
          orderType: 'STOP',
          stop: scale(price, 0.3 + random() * 0.3),
          group,
          leg: 'STOP_LOSS',
        });
        reserve(userId, symbol, shares);
        continue;
      }
      if (!buy) reserve(userId, symbol, shares);
    }
    const lot = raw.prepare(
      'INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const [key, shares] of lots) {
      const [userId, symbol] = key.split('|') as [string, string];
      const price = market.get(symbol) ?? 1n;
      lot.run(newId(now), userId, symbol, shares, price, now);
      addLotTotal(raw, userId, symbol, shares, price);
    }
  })();
  raw.pragma('optimize');
  raw.close();
  return userIds;
}

interface SeedOrder {
  id?: string;
  portfolioId: string;
  symbol: string;
  type: string;
  cents: bigint | null;
  shares: bigint | null;
  orderType: string;
  limit?: bigint;
  stop?: bigint;
  mark?: bigint;
  trailBps?: bigint;
  group?: string;
  leg?: string;
  takeProfit?: bigint;
  stopLossAt?: bigint;
}

/** A raw insert of one working order of any kind, as the app would have written it. */
function orderInsert(raw: SQLite.Database) {
  const statement =
    raw.prepare(`INSERT INTO limit_orders (id, portfolio_id, epoch, symbol, type, limit_price, purchase_cents,
    sell_shares, status, created_at, order_type, armed, stop_price, trail_bps, water_mark, oco_group_id, leg, tp_limit_price, sl_stop_price)
    VALUES (?, ?, 0, ?, ?, ?, ?, ?, 'WORKING', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const now = Date.now();
  return (o: SeedOrder) =>
    statement.run(
      o.id ?? newId(now),
      o.portfolioId,
      o.symbol,
      o.type,
      o.orderType === 'STOP' || o.orderType === 'TRAILING_STOP' ? 0n : (o.limit ?? 0n),
      o.cents,
      o.shares,
      now,
      o.orderType,
      o.orderType === 'LIMIT' ? 0n : 1n,
      o.stop ?? null,
      o.trailBps ?? null,
      o.mark ?? null,
      o.group ?? null,
      o.leg ?? null,
      o.takeProfit ?? null,
      o.stopLossAt ?? null,
    );
}

/**
 * 1,000 orders near the market, half found through each crossing index: BTC limit buys 1..5 %
 * below it and stop sells 1..5 % below it; ETH limit sells 1..5 % above it and stop buys 1..5 %
 * above it. The crossing tick moves BTC 6 % down and ETH 6 % up.
 */
function addCrossingOrders(file: string, userIds: readonly string[]): void {
  const raw = new SQLite(file);
  raw.defaultSafeIntegers(true);
  const now = Date.now();
  const btc = market.get('BTC') as bigint;
  const eth = market.get('ETH') as bigint;
  raw.transaction(() => {
    const insert = orderInsert(raw);
    const lot = raw.prepare(
      'INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const held = (userId: string, symbol: string, price: bigint) => {
      lot.run(newId(now), userId, symbol, 1_000_000n, price, now);
      addLotTotal(raw, userId, symbol, 1_000_000n, price);
    };
    for (let i = 0; i < CROSSING / 4; i += 1) {
      insert({
        portfolioId: pick(userIds),
        symbol: 'BTC',
        type: 'PURCHASE',
        cents: CROSSING_BUY_CENTS,
        shares: null,
        orderType: 'LIMIT',
        limit: scale(btc, 0.95 + random() * 0.04),
      });
      const btcSeller = pick(userIds);
      insert({
        portfolioId: btcSeller,
        symbol: 'BTC',
        type: 'SELL',
        cents: null,
        shares: 1_000_000n,
        orderType: 'STOP',
        stop: scale(btc, 0.95 + random() * 0.04),
      });
      held(btcSeller, 'BTC', btc);
      const ethSeller = pick(userIds);
      insert({
        portfolioId: ethSeller,
        symbol: 'ETH',
        type: 'SELL',
        cents: null,
        shares: 1_000_000n,
        orderType: 'LIMIT',
        limit: scale(eth, 1.01 + random() * 0.04),
      });
      held(ethSeller, 'ETH', eth);
      insert({
        portfolioId: pick(userIds),
        symbol: 'ETH',
        type: 'PURCHASE',
        cents: 10_000n,
        shares: null,
        orderType: 'STOP',
        stop: scale(eth, 1.01 + random() * 0.04),
      });
    }
  })();
  raw.close();
}

/** The crossing tick's prices: BTC 6 % down, ETH 6 % up. */
const crossingPrices = () => ({
  BTC: scale(market.get('BTC') as bigint, 0.94),
  ETH: scale(market.get('ETH') as bigint, 1.06),
});

// ---------------------------------------------------------------- measure
const file = path.join(dataDir, 'app.db');
try {
  const setupStart = performance.now();
  let userIds: string[];
  if (keptDir && existsSync(file)) {
    // A kept database follows the schema: migrations added since it was seeded run on it first.
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    await database.close();
    const raw = new SQLite(file);
    userIds = raw.prepare('SELECT id FROM users ORDER BY id').pluck().all() as string[];
    raw.close();
  } else {
    mkdirSync(dataDir, { recursive: true });
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    await database.close();
    userIds = seedDatabase(file);
  }
  console.error(
    `set-up: ${ORDERS} orders in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
  );

  const quietTimes: number[] = [];
  const crossingTimes: number[] = [];
  const crossingCounts: string[] = [];
  const flushTimes: number[] = [];
  let filled = 0;
  let partial = 0;
  // One connection for every run, as a running server keeps one: its statements are prepared by the
  // first crossing tick, and the median is of the ticks after it. The crossing orders come in through
  // a connection of their own, as orders placed between ticks would.
  const db = openDatabase({ dataDir });
  for (let run = 0; run < CROSSING_RUNS; run += 1) {
    addCrossingOrders(file, userIds);
    const balancePoints = createBalancePointQueue(db.db, log);
    const bus = createInProcessBus();
    const orderBooks = createOrderBooks(db.db, bus, 'papertrade', FILL_MODEL);
    await orderBooks.refresh();
    const trigger = createLimitTrigger(
      {
        db: db.db,
        database: db,
        bus,
        // IDEAL as the app ran before the book: no book for the stops to walk.
        ...(FILL_MODEL === 'BOOK' && { orderBooks }),
        config: loadConfig({ FILL_MODEL, DATA_DIR: dataDir }),
      },
      log,
      { balancePoints },
    );
    for (let i = 0; i < QUIET_RUNS; i += 1) {
      const started = performance.now();
      const quiet = await trigger(market, Date.now());
      quietTimes.push(performance.now() - started);
      if (quiet.filled !== 0) throw new Error(`a quiet tick filled ${quiet.filled} orders`);
    }
    const prices = new Map(market);
    for (const [symbol, price] of Object.entries(crossingPrices())) prices.set(symbol, price);
    const started = performance.now();
    const result = await trigger(prices, Date.now());
    crossingTimes.push(performance.now() - started);
    const flushStarted = performance.now();
    await balancePoints.close();
    flushTimes.push(performance.now() - flushStarted);
    filled += result.filled;
    partial += result.partial;
    crossingCounts.push(`${result.filled}+${result.partial}`);
    orderBooks.close();
    if (
      FILL_MODEL === 'BOOK'
        ? result.cancelled !== 0
        : result.filled !== CROSSING || result.cancelled !== 0
    ) {
      throw new Error(
        `expected ${CROSSING} fills and no cancellation, got ${result.filled} and ${result.cancelled}`,
      );
    }
  }
  await db.close();
  // The floor's connection is set as the app's (configureConnection), no checkpoints on it (the app's run in a worker),
  // and kept across its runs as the trigger's is: the first run warms its page cache.
  const raw = new SQLite(file);
  configureConnection(raw);
  raw.pragma('wal_autocheckpoint = 0');
  const floorTimes: number[] = [];
  const floorPointTimes: number[] = [];
  for (let run = 0; run < FLOOR_RUNS; run += 1) {
    addCrossingOrders(file, userIds);
    const { ms, portfolioIds } = fillWritesFloor(raw, crossingPrices());
    floorTimes.push(ms);
    floorPointTimes.push(balancePointsFloor(raw, portfolioIds));
  }
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  const working = ORDERS;
  console.log(
    `limits (${FILL_MODEL}): ${working} working, tick crossing 0: ${median(quietTimes).toFixed(2)} ms, crossing ${CROSSING}: ` +
      `${median(crossingTimes).toFixed(0)} ms (each: ${crossingTimes.map((t) => t.toFixed(0)).join(', ')}; the quiet tick's target <= ${TARGET_QUIET_MS} ms); ` +
      `its balance points, written after the tick: ${median(flushTimes).toFixed(0)} ms`,
  );
  const totals = crossingTimes.map((t, i) => t + (flushTimes[i] ?? 0));
  console.log(
    `limits tick and its balance points together: median ${median(totals).toFixed(0)} ms (target <= ${TARGET_CROSSING_MS} ms)`,
  );
  const floorTotals = floorTimes.map((t, i) => t + (floorPointTimes[i] ?? 0)).slice(1);
  console.log(
    `limits floor: 1,000 such fills' rows written by raw statements alone, median ${median(floorTimes.slice(1)).toFixed(0)} ms ` +
      `(each: ${floorTimes.map((t) => t.toFixed(0)).join(', ')}; the first warms the connection); their balance points ` +
      `${median(floorPointTimes.slice(1)).toFixed(0)} ms (each: ${floorPointTimes.map((t) => t.toFixed(0)).join(', ')}); ` +
      `together ${median(floorTotals).toFixed(0)} ms`,
  );
  console.error(
    `(${quietTimes.length} quiet ticks, ${crossingTimes.length} crossing ticks, ${filled} whole fills and ${partial} partial fills in all; whole+partial per crossing tick: ${crossingCounts.join(', ')})`,
  );
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
