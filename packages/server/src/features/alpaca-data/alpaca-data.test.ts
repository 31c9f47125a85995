import { describe, expect, it } from 'vitest';
import { cryptoApi, createTestKey, listenOrigin } from '../../../test/alpaca-data-kit.ts';
import { setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * Alpaca's crypto Market Data API (docs/api.md, "Alpaca-compatible market data and streams";
 * docs/decisions/032-alpaca-data-and-streams.md) driven by the official SDK's CryptoApi.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

interface AssetAnswer {
  id: string;
  symbol: string;
  currentPrice: number;
}
async function allAssets(): Promise<Map<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/all-assets' });
  return new Map(res.json<AssetAnswer[]>().map((a) => [`${a.symbol}/USD`, a.currentPrice]));
}

const MINUTE = 60_000;

/** 1m candles of BTC at `minutes` whole minutes before the current one (the simulator's minute stays). */
async function addMinuteCandles(assetId: string, minutes: number[]): Promise<number[]> {
  const current = Math.floor(Date.now() / MINUTE) * MINUTE;
  const starts = minutes.map((m) => current - m * MINUTE);
  await t.ctx.db
    .insertInto('candles')
    .values(
      starts.map((start, i) => ({
        asset_id: assetId,
        interval: '1m',
        start_ts: BigInt(start),
        open: BigInt(9_000_000_000_000 + i * 100_000_000),
        high: BigInt(9_100_000_000_000 + i * 100_000_000),
        low: BigInt(8_900_000_000_000 + i * 100_000_000),
        close: BigInt(9_050_000_000_000 + i * 100_000_000),
        volume: null,
      })),
    )
    .onConflict((oc) => oc.columns(['asset_id', 'interval', 'start_ts']).doNothing())
    .execute();
  return starts;
}

describe('Alpaca crypto market data', () => {
  it('latest trades and bars match the prices of /all-assets', async () => {
    await setPrice(t.app, 'btc', 97_123.45);
    await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    const api = cryptoApi(await listenOrigin(t.app));
    const symbols = 'BTC/USD,ETH/USD';
    const [trades, latestBars, bars, prices] = await Promise.all([
      api.cryptoLatestTrades({ loc: 'us', symbols }),
      api.cryptoLatestBars({ loc: 'us', symbols }),
      api.cryptoBars({ loc: 'us', symbols, timeframe: '1Min' }),
      allAssets(),
    ]);
    for (const symbol of ['BTC/USD', 'ETH/USD']) {
      expect(trades.trades[symbol]?.p).toBe(prices.get(symbol));
      expect(latestBars.bars[symbol]?.c).toBe(prices.get(symbol));
      const series = bars.bars[symbol] as { c: number }[];
      expect(series.at(-1)?.c).toBe(prices.get(symbol));
    }
    expect(trades.trades['BTC/USD']?.t).toBeInstanceOf(Date);
    expect(trades.trades['BTC/USD']?.s).toBeGreaterThan(0);
    expect(bars.nextPageToken).toBeNull();
  });

  it('quotes and order books are the simulated book', async () => {
    const api = cryptoApi(await listenOrigin(t.app));
    const [quotes, books] = await Promise.all([
      api.cryptoLatestQuotes({ loc: 'us', symbols: 'BTC/USD' }),
      api.cryptoLatestOrderbooks({ loc: 'us', symbols: 'BTC/USD' }),
    ]);
    const book = (await t.app.inject({ method: 'GET', url: '/assets/btcusd/book?depth=1' })).json<{
      bids: [number, number][];
      asks: [number, number][];
    }>();
    const quote = quotes.quotes['BTC/USD']!;
    // The book refills over time, so only the prices are compared, not the sizes a moment later.
    expect(quote.bp).toBe(book.bids[0]?.[0]);
    expect(quote.ap).toBe(book.asks[0]?.[0]);
    expect(quote.bs).toBeGreaterThan(0);
    const orderbook = books.orderbooks['BTC/USD']!;
    expect(orderbook.b[0]?.p).toBe(quote.bp);
    expect(orderbook.a[0]?.p).toBe(quote.ap);
    expect(orderbook.b.length).toBeGreaterThan(1);
  });

  it('snapshots carry the latest trade, quote and bars', async () => {
    await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    const api = cryptoApi(await listenOrigin(t.app));
    const answer = await api.cryptoSnapshots({ loc: 'us', symbols: 'BTC/USD' });
    const snapshot = answer.snapshots['BTC/USD']!;
    const prices = await allAssets();
    expect(snapshot.latestTrade?.p).toBe(prices.get('BTC/USD'));
    expect(snapshot.minuteBar?.c).toBe(prices.get('BTC/USD'));
    expect(snapshot.dailyBar?.c).toBe(prices.get('BTC/USD'));
    expect(snapshot.latestQuote?.ap).toBeGreaterThan(snapshot.latestQuote?.bp ?? Infinity);
  });

  it('bars page across symbols with next_page_token', async () => {
    const starts = await addMinuteCandles('btcusd', [3, 2, 1]);
    await addMinuteCandles('ethusd', [3, 2, 1]);
    const api = cryptoApi(await listenOrigin(t.app));
    const request = {
      loc: 'us' as const,
      symbols: 'ETH/USD,BTC/USD',
      timeframe: '1Min',
      start: new Date(starts[0]!),
      end: new Date(starts[2]!),
      limit: 2,
    };
    const first = await api.cryptoBars(request);
    expect(Object.keys(first.bars)).toEqual(['BTC/USD']);
    expect(first.bars['BTC/USD']?.map((b) => new Date(b.t).getTime())).toEqual(starts.slice(0, 2));
    const second = await api.cryptoBars({ ...request, pageToken: first.nextPageToken! });
    expect(second.bars['BTC/USD']?.map((b) => new Date(b.t).getTime())).toEqual([starts[2]]);
    expect(second.bars['ETH/USD']).toHaveLength(1);
    const third = await api.cryptoBars({ ...request, pageToken: second.nextPageToken! });
    expect(third.bars['ETH/USD']).toHaveLength(2);
    expect(third.nextPageToken).toBeNull();
  });

  it('five-minute bars gather the minutes of each five', async () => {
    const starts = await addMinuteCandles('btcusd', [12, 11, 10, 9, 8, 7, 6, 5]);
    const api = cryptoApi(await listenOrigin(t.app));
    const answer = await api.cryptoBars({
      loc: 'us',
      symbols: 'BTC/USD',
      timeframe: '5Min',
      start: new Date(starts[0]!),
      end: new Date(starts[7]!),
    });
    const bars = answer.bars['BTC/USD'] ?? [];
    const firstBucket = Math.floor(starts[0]! / (5 * MINUTE)) * 5 * MINUTE;
    expect(new Date(bars[0]!.t).getTime()).toBe(firstBucket);
    expect(bars.reduce((sum, b) => sum + b.n, 0)).toBe(8);
  });

  it('trades are one a minute at the minute close', async () => {
    const starts = await addMinuteCandles('btcusd', [3, 2]);
    const api = cryptoApi(await listenOrigin(t.app));
    const answer = await api.cryptoTrades({
      loc: 'us',
      symbols: 'BTC/USD',
      start: new Date(starts[0]!),
      end: new Date(starts[1]!),
    });
    expect(answer.trades['BTC/USD']).toEqual([
      expect.objectContaining({ p: 90_500, t: new Date(starts[0]! + MINUTE - 1).toISOString() }),
      expect.objectContaining({ p: 90_501, t: new Date(starts[1]! + MINUTE - 1).toISOString() }),
    ]);
  });

  it("an unknown symbol answers Alpaca's 400", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1beta3/crypto/us/latest/trades?symbols=BTC/EUR',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 40010000,
      message: 'invalid symbol: BTC/EUR (every pair here is quoted in USD)',
    });
  });

  it("a timeframe we do not serve answers Alpaca's 400 naming the ones we do", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1beta3/crypto/us/bars?symbols=BTC/USD&timeframe=2Hour',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('1Min, 5Min, 15Min, 1Hour, 1Day');
  });

  it("a wrong key answers Alpaca's 401 and a right one is counted against its rate", async () => {
    const key = await createTestKey(t.app, ann);
    const url = '/v1beta3/crypto/us/latest/trades?symbols=BTC/USD';
    const wrong = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'apca-api-key-id': key.keyId, 'apca-api-secret-key': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 40110000, message: 'Unknown API key or wrong secret' });
    // The SDK sends no key to crypto data (Alpaca's is public): a key sent anyway is checked.
    const right = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'apca-api-key-id': key.keyId, 'apca-api-secret-key': key.secret },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['x-ratelimit-limit']).toBe('200');
  });
});
