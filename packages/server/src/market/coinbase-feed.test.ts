import type { Asset } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../test/calls.ts';
import { startFakeCoinbase, type FakeCoinbase } from '../../test/fake-coinbase.ts';
import { createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts';

/** The exchange carries Bitcoin and Ether only: every other asset of our list is untradable. */
const PRODUCTS = ['BTC-USD', 'ETH-USD'];
const NOW_S = Math.floor(Date.now() / 60_000) * 60;

let fake: FakeCoinbase;
let t: TestApp;
let ann: TestUser;

beforeEach(async () => {
  fake = await startFakeCoinbase(PRODUCTS);
  // Three past minutes of Bitcoin: [time, low, high, open, close, volume], newest first.
  fake.candles.set('BTC-USD 60', [
    [NOW_S - 60, 41_900, 42_100, 42_000, 42_050.5, 3],
    [NOW_S - 120, 41_800, 42_000, 41_900, 42_000, 2],
    [NOW_S - 180, 41_700, 41_950, 41_750, 41_900, 1],
  ]);
  t = await createTestApp({
    marketFeed: 'coinbase',
    marketFeedWsUrl: fake.wsUrl,
    marketFeedRestUrl: fake.restUrl,
    marketStaleMs: 15_000,
  });
  ann = await createTestUser(t.ctx);
  await fake.subscribed();
});

afterEach(async () => {
  await t.close();
  await fake.close();
});

async function assets(): Promise<Asset[]> {
  const res = await t.app.inject({ method: 'GET', url: '/all-assets' });
  expect(res.statusCode).toBe(200);
  return res.json<Asset[]>();
}
const asset = async (symbol: string) => (await assets()).find((a) => a.symbol === symbol);

/** Waits until the feed's frames are stored and the list shows `check` true. */
async function until(check: (list: Asset[]) => boolean): Promise<Asset[]> {
  return vi.waitFor(
    async () => {
      await t.ctx.market.tick();
      const list = await assets();
      if (!check(list)) throw new Error('not yet');
      return list;
    },
    { timeout: 5_000, interval: 50 },
  );
}
const priceOf = (list: Asset[], symbol: string) =>
  list.find((a) => a.symbol === symbol)?.currentPrice;

async function metric(series: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('MARKET_FEED=coinbase against a fake exchange', () => {
  it('prices come from the ticker, with their time, source and 24 h change', async () => {
    fake.ticker('BTC-USD', '43000.12345678', { open24h: '40000' });
    const list = await until((l) => priceOf(l, 'BTC') === 43_000.12345678);
    const btc = list.find((a) => a.symbol === 'BTC');
    expect(btc).toMatchObject({ source: 'coinbase', stale: false, tradable: true });
    expect(btc?.dayChangePercentage).toBe(7.5);
    expect(await metric('papertrade_feed_messages_total{kind="ticker"}')).toBe(1);
  });

  it('an asset the feed does not carry is listed untradable and its orders answer 409 NOT_TRADABLE', async () => {
    const sol = await asset('SOL');
    expect(sol).toMatchObject({ source: 'coinbase', tradable: false, stale: true });
    const res = await post(t.app, ann, '/purchase-asset', {
      symbol: 'SOL',
      assetAmount: 100,
      unit: 'USD',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_TRADABLE' });
  });

  it('history is filled from the candles at start, and the last close is the price until the ticker speaks', async () => {
    expect(fake.candleRequests).toContain('BTC-USD 60');
    const rows = await t.ctx.db
      .selectFrom('candles')
      .select(['start_ts', 'close'])
      .where('asset_id', '=', 'btcusd')
      .where('interval', '=', '1m')
      .orderBy('start_ts')
      .execute();
    expect(rows.map((r) => [Number(r.start_ts), BigInt(r.close)])).toEqual([
      [(NOW_S - 180) * 1000, 4_190_000_000_000n],
      [(NOW_S - 120) * 1000, 4_200_000_000_000n],
      [(NOW_S - 60) * 1000, 4_205_050_000_000n],
    ]);
    expect((await asset('BTC'))?.currentPrice).toBe(42_050.5);
  });

  it('the book is the snapshot with its updates applied', async () => {
    fake.snapshot(
      'BTC-USD',
      [
        ['42000.00', '1.5'],
        ['41999.50', '2'],
      ],
      [
        ['42001.00', '0.75'],
        ['42002.00', '3'],
      ],
    );
    fake.l2update('BTC-USD', [
      ['buy', '41999.50', '0'],
      ['buy', '42000.50', '0.25'],
      ['sell', '42001.00', '1.123456789'],
    ]);
    const book = await vi.waitFor(
      async () => {
        await t.ctx.market.tick();
        const res = await t.app.inject({ method: 'GET', url: '/assets/btcusd/book?depth=5' });
        const body = res.json<{ bids: number[][]; asks: number[][] }>();
        if (body.bids.length !== 2 || body.bids[0]?.[0] !== 42_000.5) throw new Error('not yet');
        return body;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(book.bids).toEqual([
      [42_000.5, 0.25],
      [42_000, 1.5],
    ]);
    expect(book.asks).toEqual([
      [42_001, 1.12345678],
      [42_002, 3],
    ]);
  });

  it('after a drop the feed reconnects, subscribes again and prices flow', async () => {
    fake.drop();
    await fake.subscribed(2);
    expect(fake.connections()).toBe(2);
    expect(fake.subscribes[1]?.channels).toEqual(['ticker', 'level2_batch', 'heartbeat']);
    fake.ticker('ETH-USD', '2500');
    await until((l) => priceOf(l, 'ETH') === 2500);
    expect(await metric('papertrade_feed_reconnects_total')).toBe(1);
  });

  it('a paused feed goes stale, orders at its price answer 409 MARKET_STALE, and it resumes', async () => {
    // The last trade the feed reported was 20 s ago: no update for longer than MARKET_STALE_MS.
    fake.ticker('BTC-USD', '42100', { time: Date.now() - 20_000 });
    await until((l) => priceOf(l, 'BTC') === 42_100);
    expect(await asset('BTC')).toMatchObject({ stale: true });
    const refused = await post(t.app, ann, '/purchase-asset', {
      symbol: 'BTC',
      assetAmount: 100,
      unit: 'USD',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MARKET_STALE' });
    expect(await metric('papertrade_market_stale_assets')).toBeGreaterThan(0);

    fake.ticker('BTC-USD', '42200');
    await until((l) => priceOf(l, 'BTC') === 42_200);
    expect(await asset('BTC')).toMatchObject({ stale: false });
    const bought = await post(t.app, ann, '/purchase-asset', {
      symbol: 'BTC',
      assetAmount: 100,
      unit: 'USD',
    });
    expect(bought.statusCode).toBe(200);
  });

  it('market control cannot set a fed price', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'btcusd', price: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MARKET_FEED' });
  });

  it('garbage frames are ignored and counted', async () => {
    fake.ticker('BTC-USD', '42000');
    await until((l) => priceOf(l, 'BTC') === 42_000);
    fake.raw('not json');
    fake.raw(JSON.stringify({ type: 'ticker', product_id: 'BTC-USD', sequence: 1 }));
    fake.ticker('BTC-USD', 'abc');
    fake.ticker('BTC-USD', '-5');
    fake.ticker('BTC-USD', '99000'); // a jump of more than half
    fake.ticker('BTC-USD', '42010');
    await until((l) => priceOf(l, 'BTC') === 42_010);
    expect(await metric('papertrade_feed_messages_total{kind="ignored_malformed"}')).toBe(4);
    expect(await metric('papertrade_feed_messages_total{kind="ignored_absurd"}')).toBe(1);
  });

  it('lost tickers (the heartbeat names a newer trade) end in a fresh subscription and candles', async () => {
    fake.ticker('BTC-USD', '42000', { tradeId: 10 });
    await until((l) => priceOf(l, 'BTC') === 42_000);
    const candleCalls = fake.candleRequests.length;
    fake.heartbeat('BTC-USD', 12);
    fake.heartbeat('BTC-USD', 12);
    await fake.subscribed(2);
    expect(fake.subscribes[1]?.product_ids).toEqual(['BTC-USD']);
    await vi.waitFor(() => expect(fake.candleRequests.length).toBeGreaterThan(candleCalls));
    expect(await metric('papertrade_feed_gaps_total')).toBe(1);
  });
});
