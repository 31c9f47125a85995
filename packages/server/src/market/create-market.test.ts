import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createInProcessBus, type BusEvent } from '../realtime/event-bus.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';
import { createMarket, type MarketOptions } from './create-market.ts';
import type { TickPrices } from './market.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function testApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  // These tests read price history: one day of it unless a test asks otherwise.
  const t = await createTestApp({ marketHistoryDays: 1, ...overrides });
  opened.push(t);
  return t;
}

/** A second connection to the same database: what a restarted server would open. */
function reopen(t: TestApp): Database {
  const database = openDatabase({ databaseUrl: t.ctx.config.databaseUrl, dataDir: t.dataDir });
  opened.push(database);
  return database;
}

async function prices(t: TestApp | Database): Promise<Record<string, bigint>> {
  const db = 'ctx' in t ? t.ctx.db : t.db;
  const rows = await db.selectFrom('assets').select(['id', 'price']).orderBy('position').execute();
  return Object.fromEntries(rows.map((r) => [r.id, BigInt(r.price)]));
}

async function candleCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('candles')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function restartedMarket(t: TestApp, database: Database, options: MarketOptions = {}) {
  const market = createMarket(database.db, createInProcessBus(), t.ctx.config, options);
  opened.push({ close: () => market.stop() });
  return market;
}

describe('market', () => {
  it('history backfill ends at the catalog price', async () => {
    const t = await testApp();
    const now = await prices(t);
    for (const asset of ASSET_CATALOG) {
      expect(now[asset.id]).toBe(asset.price);
      for (const interval of ['1m', '1h', '1d']) {
        const last = await t.ctx.db
          .selectFrom('candles')
          .select(['close'])
          .where('asset_id', '=', asset.id)
          .where('interval', '=', interval)
          .orderBy('start_ts', 'desc')
          .executeTakeFirstOrThrow();
        expect(BigInt(last.close)).toBe(asset.price);
      }
    }
    const minutes = await t.ctx.db
      .selectFrom('candles')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('asset_id', '=', 'btcusd')
      .where('interval', '=', '1m')
      .executeTakeFirstOrThrow();
    expect(Number(minutes.n)).toBe(1441);
  });

  it('history backfill is idempotent on restart', async () => {
    const t = await testApp();
    await t.ctx.market.tick();
    const before = { candles: await candleCount(t), prices: await prices(t) };
    await t.ctx.market.stop();

    const database = reopen(t);
    await restartedMarket(t, database).start();
    expect(await candleCount(t)).toBe(before.candles);
    expect(await prices(database)).toEqual(before.prices);
  });

  it('restart continues from the persisted prices and random state', async () => {
    // One market ticking four times...
    const straight = await testApp();
    for (let i = 0; i < 4; i++) await straight.ctx.market.tick();
    const expected = await prices(straight);

    // ...equals a market ticking twice, stopped, and a new one over the same database ticking twice.
    const t = await testApp();
    await t.ctx.market.tick();
    await t.ctx.market.tick();
    await t.ctx.market.stop();
    const market = restartedMarket(t, reopen(t));
    await market.start();
    await market.tick();
    await market.tick();
    expect(await prices(t)).toEqual(expected);
    expect(expected.btcusd).not.toBe(ASSET_CATALOG[0]!.price);
  });

  it('the same seed gives the same prices and another seed other prices', async () => {
    const a = await testApp({ marketSeed: 'one' });
    const b = await testApp({ marketSeed: 'one' });
    const c = await testApp({ marketSeed: 'two' });
    for (const t of [a, b, c]) await t.ctx.market.tick();
    expect(await prices(a)).toEqual(await prices(b));
    expect((await prices(a)).btcusd).not.toBe((await prices(c)).btcusd);
  });

  it('a tick updates prices, the open candles, then listeners, then publishes prices', async () => {
    const t = await testApp();
    const order: string[] = [];
    let seen: TickPrices | undefined;
    t.ctx.market.onTick(async (tickPrices) => {
      seen = tickPrices;
      await new Promise((r) => setTimeout(r, 20));
      order.push('listener');
    });
    t.ctx.bus.subscribe((event: BusEvent) => {
      if (event.type === 'prices') order.push('published');
    });
    await t.ctx.market.tick();
    expect(order).toEqual(['listener', 'published']);
    const now = await prices(t);
    expect(seen?.get('BTC')).toBe(now.btcusd);
    const candle = await t.ctx.db
      .selectFrom('candles')
      .selectAll()
      .where('asset_id', '=', 'btcusd')
      .where('interval', '=', '1m')
      .orderBy('start_ts', 'desc')
      .executeTakeFirstOrThrow();
    expect(BigInt(candle.close)).toBe(now.btcusd);
    expect(BigInt(candle.high) >= now.btcusd! && BigInt(candle.low) <= now.btcusd!).toBe(true);
  });

  it('a failing listener is logged and the tick still completes', async () => {
    const t = await testApp();
    const errors: string[] = [];
    const market = restartedMarket(t, t.ctx.database, {
      onError: (message) => errors.push(message),
    });
    await market.start();
    let later = false;
    market.onTick(() => Promise.reject(new Error('boom')));
    market.onTick(() => {
      later = true;
      return Promise.resolve();
    });
    await market.tick();
    expect(errors).toEqual(['market tick listener failed']);
    expect(later).toBe(true);
  });

  it('setPrice runs the tick listeners before answering and keeps other prices', async () => {
    const t = await testApp();
    const before = await prices(t);
    let listenerDone = false;
    t.ctx.market.onTick(async (tickPrices) => {
      await new Promise((r) => setTimeout(r, 30));
      listenerDone = tickPrices.get('ETH') === 123_456_789n;
    });
    const asset = await t.ctx.market.setPrice('ethusd', 123_456_789n);
    expect(listenerDone).toBe(true);
    expect(asset).toMatchObject({ id: 'ethusd', symbol: 'ETH', currentPrice: 1.23456789 });
    const after = await prices(t);
    expect(after).toEqual({ ...before, ethusd: 123_456_789n });
  });

  it('setPrice of an unknown asset is 404 ASSET_NOT_FOUND', async () => {
    const t = await testApp();
    await expect(t.ctx.market.setPrice('nopeusd', 100n)).rejects.toMatchObject({
      statusCode: 404,
      code: 'ASSET_NOT_FOUND',
    });
  });

  it('concurrent ticks and setPrice never interleave', async () => {
    const t = await testApp();
    let running = 0;
    let overlapped = false;
    t.ctx.market.onTick(async () => {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    });
    await Promise.all([
      t.ctx.market.tick(),
      t.ctx.market.setPrice('btcusd', 9_000_000_000_000n),
      t.ctx.market.tick(),
      t.ctx.market.tick(),
    ]);
    expect(overlapped).toBe(false);
  });

  it('dayChangePercentage is measured against the price 24 hours earlier', async () => {
    const t = await testApp();
    const at = Date.now() + 5 * 60_000;
    const market = restartedMarket(t, t.ctx.database, { now: () => at });
    await market.start();
    await market.setPrice('btcusd', 10_000_000_000_000n);
    const reference = await t.ctx.db
      .selectFrom('candles')
      .select('close')
      .where('asset_id', '=', 'btcusd')
      .where('interval', '=', '1m')
      .where('start_ts', '<=', BigInt(at - 86_400_000))
      .orderBy('start_ts', 'desc')
      .executeTakeFirstOrThrow();
    const ref = Number(reference.close);
    const assets = await market.listAssets();
    expect(assets.map((a) => a.id)).toEqual(ASSET_CATALOG.map((a) => a.id));
    const btc = assets.find((a) => a.id === 'btcusd')!;
    expect(btc.currentPrice).toBe(100_000);
    expect(btc.dayChangePercentage).toBeCloseTo(((1e13 - ref) / ref) * 100, 2);
  });

  it('without a candle 24 hours back the oldest candle is the reference', async () => {
    const t = await testApp({ marketHistoryDays: 0 });
    await t.ctx.market.setPrice('btcusd', ASSET_CATALOG[0]!.price * 2n);
    const btc = (await t.ctx.market.listAssets()).find((a) => a.id === 'btcusd')!;
    expect(btc.dayChangePercentage).toBe(100);
  });

  it('ticks every MARKET_TICK_MS once started, and stop() ends them', async () => {
    const t = await testApp();
    const market2 = createMarket(t.ctx.db, createInProcessBus(), {
      ...t.ctx.config,
      marketTickMs: 20,
    });
    opened.push({ close: () => market2.stop() });
    let ticks = 0;
    market2.onTick(() => {
      ticks += 1;
      return Promise.resolve();
    });
    await market2.start();
    const until = Date.now() + 5000;
    while (ticks < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(market2.isLeader()).toBe(true);
    await market2.stop();
    const stoppedAt = ticks;
    await new Promise((r) => setTimeout(r, 100));
    expect(ticks).toBe(stoppedAt);
    expect((await prices(t)).btcusd).not.toBe(ASSET_CATALOG[0]!.price);
  });

  it('1m candles older than two days are pruned by the first tick of a minute', async () => {
    const t = await testApp();
    const at = Date.now() + 2 * 60_000;
    const old = { asset_id: 'btcusd', interval: '1m', open: 1n, high: 1n, low: 1n, close: 1n };
    await t.ctx.db
      .insertInto('candles')
      .values([
        { ...old, start_ts: at - 3 * 86_400_000 },
        { ...old, interval: '1h', start_ts: at - 3 * 86_400_000 },
      ])
      .execute();
    const market = restartedMarket(t, t.ctx.database, { now: () => at });
    await market.start();
    await market.tick();
    const left = await t.ctx.db
      .selectFrom('candles')
      .select(['interval'])
      .where('asset_id', '=', 'btcusd')
      .where('start_ts', '=', BigInt(at - 3 * 86_400_000))
      .execute();
    expect(left.map((r) => r.interval)).toEqual(['1h']);
  });

  it('a 30-day history fills in on start, back to 30 days ago', async () => {
    const t = await testApp({ marketHistoryDays: 30 });
    expect(await candleCount(t)).toBeGreaterThan(40_000);
    const oldest = await t.ctx.db
      .selectFrom('candles')
      .select((eb) => eb.fn.min('start_ts').as('ts'))
      .where('asset_id', '=', 'btcusd')
      .executeTakeFirstOrThrow();
    expect(Number(oldest.ts)).toBeLessThanOrEqual(Date.now() - 29 * 86_400_000);
  });
});
