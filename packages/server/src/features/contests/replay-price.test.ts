import { describe, expect, it } from 'vitest';
import { priceInCandle, replayedAt } from './replay-price.ts';

const candle = (open: number, high: number, low: number, close: number) => ({
  start_ts: 0,
  open: BigInt(open),
  high: BigInt(high),
  low: BigInt(low),
  close: BigInt(close),
});

describe('replayed prices', () => {
  it('a falling candle is walked open, high, low, close in three equal legs', () => {
    const c = candle(100, 130, 40, 70);
    expect(
      [0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000].map((o) => priceInCandle(c, o)),
    ).toEqual([100n, 115n, 130n, 85n, 40n, 55n, 70n]);
  });

  it('a rising candle is walked open, low, high, close', () => {
    const c = candle(100, 160, 70, 130);
    expect([20_000, 40_000].map((o) => priceInCandle(c, o))).toEqual([70n, 160n]);
  });

  it('the replayed moment runs speed times faster from the start and stops short of the end', () => {
    const schedule = { startsAt: 1_000, from: 500_000, to: 800_000, speed: 60 };
    expect(replayedAt(schedule, 0)).toBe(500_000);
    expect(replayedAt(schedule, 2_000)).toBe(560_000);
    expect(replayedAt(schedule, 1_000_000)).toBe(799_999);
  });
});
