import { describe, expect, it } from 'vitest';
import { liveCandle } from './live-candle.ts';

const HOUR = 3_600_000;
const candle = { time: 10 * HOUR, open: 1.02, high: 1.04, low: 1.01, close: 1.0351 };

describe('liveCandle', () => {
  it('moves the last close to the live price, so the tag and the header show one price', () => {
    expect(liveCandle([candle], 1.0349, '1h', 10 * HOUR + 5_000)).toEqual({
      ...candle,
      close: 1.0349,
    });
  });

  it('stretches the high and the low to a live price outside them', () => {
    expect(liveCandle([candle], 1.05, '1h', 10 * HOUR + 1)).toMatchObject({
      high: 1.05,
      low: 1.01,
    });
    expect(liveCandle([candle], 1.0, '1h', 10 * HOUR + 1)).toMatchObject({ high: 1.04, low: 1.0 });
  });

  it("opens a new candle at the last close once the last candle's interval is over", () => {
    expect(liveCandle([candle], 1.03, '1h', 11 * HOUR + 90_000)).toEqual({
      time: 11 * HOUR,
      open: 1.0351,
      high: 1.0351,
      low: 1.03,
      close: 1.03,
    });
    expect(liveCandle([candle], 1.04, '1m', 10 * HOUR + 61_000)).toMatchObject({
      time: 10 * HOUR + 60_000,
      open: 1.0351,
      close: 1.04,
    });
  });

  it('gives nothing without candles or without a price', () => {
    expect(liveCandle([], 1, '1h', 0)).toBeNull();
    expect(liveCandle([candle], Number.NaN, '1h', 10 * HOUR)).toBeNull();
  });
});
