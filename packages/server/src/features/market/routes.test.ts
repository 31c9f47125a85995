import { Asset, type Candle } from '@papertrade/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSET_CATALOG } from '../../market/asset-catalog.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { MAX_CANDLES } from './routes.ts';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function testApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  // These tests read price history: one day of it unless a test asks otherwise.
  const t = await createTestApp({ marketHistoryDays: 1, ...overrides });
  opened.push(t);
  return t;
}

describe('market routes', () => {
  it('GET /all-assets lists the catalog with prices, images and day change', async () => {
    const t = await testApp();
    const response = await t.app.inject({ method: 'GET', url: '/all-assets' });
    expect(response.statusCode).toBe(200);
    const assets = json<Asset[]>(response);
    expect(assets.map((a) => Asset.parse(a))).toEqual(assets);
    expect(assets.map((a) => a.id)).toEqual(ASSET_CATALOG.map((a) => a.id));
    expect(assets[0]).toMatchObject({
      id: 'btcusd',
      symbol: 'BTC',
      name: 'Bitcoin',
      image: '/icons/assets/btc.svg',
      currentPrice: 95000,
    });
    expect(assets.find((a) => a.symbol === 'XRP')).toMatchObject({ id: 'xrpusd', name: 'XRP' });
    for (const a of assets) expect(Number.isFinite(a.dayChangePercentage)).toBe(true);
  });

  it('GET /all-assets reflects a new price and its change against 24 hours ago', async () => {
    const t = await testApp();
    const candles = json<Candle[]>(
      await t.app.inject({
        method: 'GET',
        url: `/assets/ethusd/candles?interval=1m&to=${Date.now() - 86_400_000}`,
      }),
    );
    const reference = candles[candles.length - 1]!.close;
    const price = Number((reference * 1.1).toFixed(2));
    const set = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'ethusd', price },
    });
    expect(set.statusCode).toBe(200);
    const eth = json<Asset[]>(await t.app.inject({ method: 'GET', url: '/all-assets' })).find(
      (a) => a.id === 'ethusd',
    )!;
    expect(eth.dayChangePercentage).toBeCloseTo(10, 1);
  });

  it('GET /assets/:id/candles answers candles oldest first, ending at the current price', async () => {
    const t = await testApp();
    for (const interval of ['1m', '1h', '1d']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/assets/btcusd/candles?interval=${interval}`,
      });
      expect(response.statusCode).toBe(200);
      const candles = json<Candle[]>(response);
      expect(candles.length).toBeGreaterThan(0);
      expect(candles.length).toBeLessThanOrEqual(MAX_CANDLES);
      const times = candles.map((c) => c.time);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(candles[candles.length - 1]!.close).toBe(95000);
      for (const c of candles)
        expect(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)).toBe(
          true,
        );
    }
  });

  it('GET /assets/:id/candles keeps the most recent candles in the from/to range', async () => {
    const t = await testApp({ marketHistoryDays: 2 });
    const all = json<Candle[]>(
      await t.app.inject({ method: 'GET', url: '/assets/btcusd/candles?interval=1m' }),
    );
    expect(all).toHaveLength(MAX_CANDLES);
    const from = all[10]!.time;
    const to = all[20]!.time;
    const range = json<Candle[]>(
      await t.app.inject({
        method: 'GET',
        url: `/assets/btcusd/candles?interval=1m&from=${from}&to=${to}`,
      }),
    );
    expect(range.map((c) => c.time)).toEqual(all.slice(10, 21).map((c) => c.time));
    const hours = json<Candle[]>(
      await t.app.inject({ method: 'GET', url: '/assets/btcusd/candles' }),
    );
    expect(hours[1]!.time - hours[0]!.time).toBe(3_600_000);
  });

  it('GET /assets/:id/candles with a bad interval or range is 400', async () => {
    const t = await testApp();
    const bad = await t.app.inject({ method: 'GET', url: '/assets/btcusd/candles?interval=5m' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'interval' });
    const range = await t.app.inject({
      method: 'GET',
      url: '/assets/btcusd/candles?from=20&to=10',
    });
    expect(range.statusCode).toBe(400);
    expect(json(range)).toMatchObject({ code: 'INVALID_RANGE', field: 'from' });
    const notNumber = await t.app.inject({
      method: 'GET',
      url: '/assets/btcusd/candles?from=yesterday',
    });
    expect(notNumber.statusCode).toBe(400);
  });

  it('GET /assets/:id/candles of an unknown asset is 404 ASSET_NOT_FOUND', async () => {
    const t = await testApp();
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/nopeusd/candles?interval=1h',
    });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'ASSET_NOT_FOUND' });
  });

  it('GET /icons/assets/<symbol>.svg serves the icon with a long cache', async () => {
    const t = await testApp();
    const response = await t.app.inject({ method: 'GET', url: '/icons/assets/btc.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.body).toContain('<svg');
    for (const url of [
      '/icons/assets/nope.svg',
      '/icons/assets/btc.png',
      '/icons/assets/..%2Fpackage.json',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(json(missing)).toMatchObject({ code: 'ICON_NOT_FOUND' });
    }
  });

  it('POST /market-control/price sets the price and answers the asset', async () => {
    const t = await testApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'dogeusd', price: 0.12345678 },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      id: 'dogeusd',
      symbol: 'DOGE',
      currentPrice: 0.12345678,
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'nopeusd', price: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'ASSET_NOT_FOUND' });
    for (const price of [0, -1, 0.000000001, 'x']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/market-control/price',
        payload: { id: 'btcusd', price },
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ field: 'price' });
    }
  });

  it('POST /market-control/price answers after the tick listeners are done', async () => {
    const t = await testApp();
    let filled = false;
    t.ctx.market.onTick(async (prices) => {
      await new Promise((r) => setTimeout(r, 30));
      filled = prices.get('SOL') === 10_000_000_000n;
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'solusd', price: 100 },
    });
    expect(response.statusCode).toBe(200);
    expect(filled).toBe(true);
  });

  it('POST /market-control/tick moves prices', async () => {
    const t = await testApp();
    const response = await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    expect(response.statusCode).toBe(200);
    const assets = json<Asset[]>(response);
    expect(assets).toHaveLength(ASSET_CATALOG.length);
    expect(assets[0]!.currentPrice).not.toBe(95000);
  });

  it('market-control routes are 404 when disabled', async () => {
    const t = await testApp({ marketControl: false });
    const price = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'btcusd', price: 1 },
    });
    expect(price.statusCode).toBe(404);
    const tick = await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    expect(tick.statusCode).toBe(404);
  });
});
