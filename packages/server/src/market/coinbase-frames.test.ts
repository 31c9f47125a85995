import { describe, expect, it } from 'vitest';
import { parseFeedFrame } from './coinbase-frames.ts';

const ticker = {
  type: 'ticker',
  sequence: 37475248783,
  product_id: 'ETH-USD',
  price: '1285.22',
  open_24h: '1310.79',
  volume_24h: '245532.79269678',
  low_24h: '1280.52',
  high_24h: '1313.8',
  volume_30d: '9788783.60117027',
  best_bid: '1285.04',
  best_bid_size: '0.46688654',
  best_ask: '1285.27',
  best_ask_size: '1.56637040',
  side: 'buy',
  time: '2022-10-19T23:28:22.061769Z',
  trade_id: 370843401,
  last_size: '11.4396987',
};

describe('Coinbase frames', () => {
  it('a documented ticker reads into exact units with its time and 24 h figures', () => {
    expect(parseFeedFrame(JSON.stringify(ticker))).toEqual({
      type: 'ticker',
      product: 'ETH-USD',
      sequence: 37475248783,
      tradeId: 370843401,
      price: 128_522_000_000n,
      at: Date.parse('2022-10-19T23:28:22.061Z'),
      open24h: 131_079_000_000n,
      volume24h: 24_553_279_269_678n,
    });
  });

  it('book sizes with more than 8 decimals are cut, never rounded up', () => {
    const frame = parseFeedFrame(
      JSON.stringify({
        type: 'l2update',
        product_id: 'BTC-USD',
        time: '2022-10-19T23:28:22.061769Z',
        changes: [['sell', '19100.01', '0.123456789']],
      }),
    );
    expect(frame).toEqual({
      type: 'l2update',
      product: 'BTC-USD',
      changes: [{ side: 'ask', level: { price: 1_910_001_000_000n, shares: 12_345_678n } }],
    });
  });

  it('non-numeric, negative, zero and over-precise prices are refused', () => {
    for (const price of ['abc', '-1', '0', '1.123456789', '1e5', '']) {
      expect(parseFeedFrame(JSON.stringify({ ...ticker, price }))).toBeNull();
    }
  });

  it('text that is not JSON or not a documented frame is refused', () => {
    expect(parseFeedFrame('{')).toBeNull();
    expect(parseFeedFrame('null')).toBeNull();
    expect(parseFeedFrame(JSON.stringify({ type: 'match', price: '1' }))).toBeNull();
    expect(parseFeedFrame(JSON.stringify({ ...ticker, time: 'yesterday' }))).toBeNull();
  });
});
