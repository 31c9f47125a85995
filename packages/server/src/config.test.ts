import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('the market feed is the simulator unless MARKET_FEED names coinbase', () => {
    expect(loadConfig({}).marketFeed).toBe('simulator');
    const fed = loadConfig({
      MARKET_FEED: 'coinbase',
      MARKET_FEED_REST_URL: 'http://localhost:9/',
    });
    expect(fed).toMatchObject({
      marketFeed: 'coinbase',
      marketFeedWsUrl: 'wss://ws-feed.exchange.coinbase.com',
      marketFeedRestUrl: 'http://localhost:9',
      marketStaleMs: 15_000,
    });
  });

  it('an unknown MARKET_FEED or a bad MARKET_STALE_MS stops the start with a clear error', () => {
    expect(() => loadConfig({ MARKET_FEED: 'binance' })).toThrow(
      'MARKET_FEED must be "simulator" or "coinbase", got "binance"',
    );
    expect(() => loadConfig({ MARKET_STALE_MS: '-1' })).toThrow('MARKET_STALE_MS must be');
  });
});
