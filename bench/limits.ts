/**
 * npm run bench:limits: the limit-order trigger against 1,000,000 working orders.
 * Builds a temporary SQLite database with the real migrations, bulk-inserts 1,000,000 WORKING
 * orders (10,000 users, 20 symbols, limit prices far from the market, open lots behind every
 * SELL), then times the trigger called directly (no HTTP): the median of several ticks that cross
 * nothing, and of several ticks that cross 1,000 fresh orders (500 PURCHASE, 500 SELL).
 * The trigger is wired as the app wires it (features/trading/routes.ts): the balance points of
 * the users whose orders filled go to the batched queue. Its flush, which the app runs within a
 * second of the tick, is timed on its own and printed beside the tick.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ASSET_CATALOG } from '../packages/server/src/market/asset-catalog.ts';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { newId } from '../packages/server/src/db/new-id.ts';
import { createInProcessBus } from '../packages/server/src/realtime/event-bus.ts';
import { createLimitTrigger } from '../packages/server/src/features/trading/limit-trigger.ts';
import { createBalancePointQueue } from '../packages/server/src/users/balance-point-queue.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const USERS = 10_000;
const CROSSING = 1_000;
const QUIET_RUNS = 21;
const CROSSING_RUNS = 5;
const TARGET_QUIET_MS = 1;
const TARGET_CROSSING_MS = 100;

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
const scale = (price: bigint, factor: number) => (price * BigInt(Math.round(factor * 1e6))) / 1_000_000n;

// ---------------------------------------------------------------- bulk set-up, raw and fast
/** The running totals the ledger keeps beside the lots (decision 006): the seeded lots must be in them. */
function addLotTotal(raw: SQLite.Database, userId: string, symbol: string, shares: bigint, price: bigint): void {
  const row = raw.prepare('SELECT shares, cost FROM lot_totals WHERE portfolio_id = ? AND symbol = ?').get(userId, symbol) as
    | { shares: bigint; cost: string }
    | undefined;
  const total = { shares: (row?.shares ?? 0n) + shares, cost: BigInt(row?.cost ?? '0') + shares * price };
  raw
    .prepare('INSERT INTO lot_totals (portfolio_id, symbol, shares, cost) VALUES (?, ?, ?, ?) ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = excluded.shares, cost = excluded.cost')
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
    const asset = raw.prepare('INSERT INTO assets (id, symbol, name, position, price, volatility, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    ASSET_CATALOG.forEach((a, i) => asset.run(a.id, a.symbol, a.name, i, a.price, a.volatility, now));
    const user = raw.prepare(`INSERT INTO users (id, email, password_hash, username, username_lower, display_name,
      account_type, wallet_address, created_at)
      VALUES (?, ?, 'x', ?, ?, ?, 'PERSONAL', ?, ?)`);
    const portfolio = raw.prepare(`INSERT INTO portfolios (id, user_id, kind, wallet_address, cash_cents, starting_balance_cents, created_at)
      VALUES (?, ?, 'MAIN', ?, 10000000, 10000000, ?)`);
    for (let i = 0; i < USERS; i += 1) {
      const id = newId(now);
      userIds.push(id);
      const wallet = `0x${i.toString(16).padStart(40, '0')}`;
      user.run(id, `b${i}@bench.test`, `b${i}`, `b${i}`, `b${i}`, wallet, now);
      portfolio.run(id, id, wallet, now);
    }
    const order = raw.prepare(`INSERT INTO limit_orders (id, portfolio_id, epoch, symbol, type, limit_price, purchase_cents,
      sell_shares, status, created_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?, 'WORKING', ?)`);
    const lots = new Map<string, bigint>();
    for (let i = 0; i < ORDERS; i += 1) {
      const userId = userIds[i % USERS] as string;
      const { symbol, price } = pick(ASSET_CATALOG);
      if (random() < 0.5) {
        order.run(newId(now), userId, symbol, 'PURCHASE', scale(price, 0.3 + random() * 0.3), BigInt(1000 + Math.floor(random() * 99_000)), null, now);
      } else {
        const shares = BigInt(1_000_000 + Math.floor(random() * 99_000_000));
        order.run(newId(now), userId, symbol, 'SELL', scale(price, 1.7 + random() * 0.8), null, shares, now);
        const key = `${userId}|${symbol}`;
        lots.set(key, (lots.get(key) ?? 0n) + shares);
      }
    }
    const lot = raw.prepare('INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (?, ?, ?, ?, ?, ?)');
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

/** 1,000 orders near the market: BTC purchases 1..5 % below it, ETH sells 1..5 % above it. */
function addCrossingOrders(file: string, userIds: readonly string[]): void {
  const raw = new SQLite(file);
  raw.defaultSafeIntegers(true);
  const now = Date.now();
  const btc = market.get('BTC') as bigint;
  const eth = market.get('ETH') as bigint;
  raw.transaction(() => {
    const order = raw.prepare(`INSERT INTO limit_orders (id, portfolio_id, epoch, symbol, type, limit_price, purchase_cents,
      sell_shares, status, created_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?, 'WORKING', ?)`);
    const lot = raw.prepare('INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < CROSSING / 2; i += 1) {
      order.run(newId(now), pick(userIds), 'BTC', 'PURCHASE', scale(btc, 0.95 + random() * 0.04), 10_000n, null, now);
      const seller = pick(userIds);
      order.run(newId(now), seller, 'ETH', 'SELL', scale(eth, 1.01 + random() * 0.04), null, 1_000_000n, now);
      lot.run(newId(now), seller, 'ETH', 1_000_000n, eth, now);
      addLotTotal(raw, seller, 'ETH', 1_000_000n, eth);
    }
  })();
  raw.close();
}

// ---------------------------------------------------------------- measure
const file = path.join(dataDir, 'app.db');
try {
  const setupStart = performance.now();
  let userIds: string[];
  if (keptDir && existsSync(file)) {
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
  console.error(`set-up: ${ORDERS} orders in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const quietTimes: number[] = [];
  const crossingTimes: number[] = [];
  const flushTimes: number[] = [];
  let filled = 0;
  for (let run = 0; run < CROSSING_RUNS; run += 1) {
    addCrossingOrders(file, userIds);
    const db = openDatabase({ dataDir });
    const balancePoints = createBalancePointQueue(db.db, log);
    const trigger = createLimitTrigger({ db: db.db, database: db, bus: createInProcessBus() }, log, { balancePoints });
    for (let i = 0; i < QUIET_RUNS; i += 1) {
      const started = performance.now();
      const quiet = await trigger(market, Date.now());
      quietTimes.push(performance.now() - started);
      if (quiet.filled !== 0) throw new Error(`a quiet tick filled ${quiet.filled} orders`);
    }
    const prices = new Map(market);
    prices.set('BTC', scale(market.get('BTC') as bigint, 0.94));
    prices.set('ETH', scale(market.get('ETH') as bigint, 1.06));
    const started = performance.now();
    const result = await trigger(prices, Date.now());
    crossingTimes.push(performance.now() - started);
    const flushStarted = performance.now();
    await balancePoints.close();
    flushTimes.push(performance.now() - flushStarted);
    filled += result.filled;
    if (result.filled !== CROSSING || result.cancelled !== 0) {
      throw new Error(`expected ${CROSSING} fills and no cancellation, got ${result.filled} and ${result.cancelled}`);
    }
    await db.close();
  }
  const working = ORDERS;
  console.log(
    `limits: ${working} working, tick crossing 0: ${median(quietTimes).toFixed(2)} ms, crossing ${CROSSING}: ` +
      `${median(crossingTimes).toFixed(0)} ms (targets <= ${TARGET_QUIET_MS} ms, <= ${TARGET_CROSSING_MS} ms); ` +
      `its balance points, written after the tick: ${median(flushTimes).toFixed(0)} ms`,
  );
  console.error(`(${quietTimes.length} quiet ticks, ${crossingTimes.length} crossing ticks, ${filled} fills in all)`);
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
