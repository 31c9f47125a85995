import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';
import {
  bucketStart,
  generateHistory,
  MIN_PRICE,
  MS_PER_YEAR,
  stepPrice,
  toPriceUnits,
} from './simulator.ts';

const walk = (seed: string, steps: number, start: bigint, volatility: number, dt: number) => {
  const random = createRandom(seed);
  const path: bigint[] = [];
  let price = start;
  for (let i = 0; i < steps; i++) path.push((price = stepPrice(price, volatility, dt, random)));
  return path;
};

describe('simulator', () => {
  it('the same seed walks the same path', () => {
    const dt = 1000 / MS_PER_YEAR;
    expect(walk('s', 500, 9_500_000_000_000n, 0.6, dt)).toEqual(
      walk('s', 500, 9_500_000_000_000n, 0.6, dt),
    );
    expect(walk('s', 50, 9_500_000_000_000n, 0.6, dt)).not.toEqual(
      walk('t', 50, 9_500_000_000_000n, 0.6, dt),
    );
  });

  it('GBM stays positive even with absurd volatility', () => {
    const path = walk('wild', 2000, 1000n, 50, 1 / 365);
    expect(path.every((p) => p >= MIN_PRICE)).toBe(true);
    expect(toPriceUnits(-5)).toBe(MIN_PRICE);
    expect(toPriceUnits(Number.NaN) > 0n).toBe(true);
  });

  it('one-second steps move a price by a plausible fraction', () => {
    const path = walk('calm', 1000, 100_000_000n * 3400n, 0.7, 1000 / MS_PER_YEAR);
    const moves = path.slice(1).map((p, i) => Math.abs(Number(p - path[i]!) / Number(path[i])));
    expect(Math.max(...moves)).toBeLessThan(0.001);
    expect(new Set(path).size).toBeGreaterThan(900);
  });

  it('history ends exactly at the end price and covers the range', () => {
    const end = Date.UTC(2024, 11, 15, 12, 34, 56, 789);
    const rows = generateHistory({
      endPrice: 9_500_000_000_000n,
      volatility: 0.55,
      end,
      days: 3,
      stepMs: 15_000,
      coarseStepMs: 60_000,
      random: createRandom('h'),
    });
    for (const interval of ['1m', '1h', '1d'] as const) {
      const ofInterval = rows.filter((r) => r.interval === interval);
      const last = ofInterval[ofInterval.length - 1]!;
      expect(last.close).toBe(9_500_000_000_000n);
      expect(last.startTs).toBe(bucketStart(interval, end));
      for (const [i, r] of ofInterval.entries()) {
        expect(r.low <= r.open && r.low <= r.close && r.high >= r.open && r.high >= r.close).toBe(
          true,
        );
        // Each candle opens where the previous one closed.
        if (i > 0) expect(r.open).toBe(ofInterval[i - 1]!.close);
      }
    }
    const minutes = rows.filter((r) => r.interval === '1m');
    expect(minutes).toHaveLength(1441);
    expect(minutes[0]!.startTs).toBe(bucketStart('1m', end - 86_400_000));
    expect(rows.filter((r) => r.interval === '1h')).toHaveLength(73);
  });

  it('history is deterministic for a seed', () => {
    const input = (seed: string) => ({
      endPrice: 100_000_000n,
      volatility: 0.9,
      end: 1_734_000_000_000,
      days: 1,
      stepMs: 60_000,
      random: createRandom(seed),
    });
    expect(generateHistory(input('x'))).toEqual(generateHistory(input('x')));
  });
});
