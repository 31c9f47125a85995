import { describe, expect, it } from 'vitest';
import { compareSharpeDescending, sharpeRatio } from './sharpe.ts';

describe('sharpeRatio', () => {
  it('is the mean of daily returns over their sample deviation times the root of 365', () => {
    // Returns +10 %, -5 %, +2 %: mean 0.02333.., sample sd 0.07505.., x sqrt(365) = 5.94
    const closes = [100_000n, 110_000n, 104_500n, 106_590n];
    expect(sharpeRatio(closes)).toBe(5.94);
  });

  it('is null with fewer than two returns or returns that never vary', () => {
    expect(sharpeRatio([])).toBeNull();
    expect(sharpeRatio([100n, 110n])).toBeNull();
    expect(sharpeRatio([100n, 100n, 100n])).toBeNull();
  });

  it('ranks a missing ratio after every known one', () => {
    expect([null, 1, 3].sort(compareSharpeDescending)).toEqual([3, 1, null]);
  });
});
