import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareReturnsDescending,
  periodStanding,
  periodStart,
  returnPercentOf,
  type RankInput,
} from './fair-rank.ts';

const NOW = Date.UTC(2026, 10, 24);
const DAY = 86_400_000;
const base: RankInput = {
  createdAt: NOW - 90 * DAY,
  resetAt: null,
  startingCents: 10_000_000n,
  totalCents: 10_000_000n,
  baselineCents: null,
};

describe('periodStanding', () => {
  it('all: the return since the last reset, from the balance the reset started with', () => {
    const reset = {
      ...base,
      resetAt: NOW - DAY,
      startingCents: 100_000_000n,
      totalCents: 100_000_000n,
    };
    expect(periodStanding(reset, 'all', NOW)).toEqual({
      ranked: true,
      since: NOW - DAY,
      result: { gainCents: 0n, baseCents: 100_000_000n },
    });
  });

  it('a reset inside the period is listed without a rank; one before it is ranked from the snapshot at the start', () => {
    const inside = { ...base, resetAt: NOW - 2 * DAY };
    expect(periodStanding(inside, 'week', NOW)).toEqual({
      ranked: false,
      since: NOW - 7 * DAY,
      resetAt: NOW - 2 * DAY,
    });
    const before = {
      ...base,
      resetAt: NOW - 10 * DAY,
      baselineCents: 12_000_000n,
      totalCents: 11_400_000n,
    };
    expect(periodStanding(before, 'week', NOW)).toEqual({
      ranked: true,
      since: NOW - 7 * DAY,
      result: { gainCents: -600_000n, baseCents: 12_000_000n },
    });
    // ... and for the month the same reset is inside the period.
    expect(periodStanding(before, 'month', NOW).ranked).toBe(false);
  });

  it('a sign-up inside the period is ranked from its starting balance', () => {
    const newcomer = { ...base, createdAt: NOW - DAY, totalCents: 10_500_000n };
    expect(periodStanding(newcomer, 'week', NOW)).toEqual({
      ranked: true,
      since: NOW - DAY,
      result: { gainCents: 500_000n, baseCents: 10_000_000n },
    });
  });

  it("without a snapshot before the start, the epoch's starting balance is the baseline", () => {
    expect(periodStanding({ ...base, totalCents: 9_000_000n }, 'month', NOW)).toMatchObject({
      result: { gainCents: -1_000_000n },
    });
  });

  it('a portfolio worth nothing at the start has a return of zero, not a division by zero', () => {
    expect(
      periodStanding({ ...base, baselineCents: 0n, totalCents: 500n }, 'week', NOW),
    ).toMatchObject({ result: { gainCents: 0n, baseCents: 1n } });
  });

  it('periods are 7 and 30 days back from now; all has no common start', () => {
    expect(periodStart('week', NOW)).toBe(NOW - 7 * DAY);
    expect(periodStart('month', NOW)).toBe(NOW - 30 * DAY);
    expect(periodStart('all', NOW)).toBeNull();
  });
});

describe('compareReturnsDescending', () => {
  it('0.00 % ranks below +0.01 % and above -0.05 %, whatever the sizes of the accounts', () => {
    const fresh = { gainCents: 0n, baseCents: 100_000_000n }; // $1,000,000 reset, untouched
    const small = { gainCents: 1n, baseCents: 10_000n }; // +0.01 % on $100
    const loser = { gainCents: -5_000n, baseCents: 10_000_000n }; // -0.05 % on $100,000
    expect([loser, fresh, small].sort(compareReturnsDescending)).toEqual([small, fresh, loser]);
  });

  it('agrees with comparing the exact fractions', () => {
    const ret = fc.record({
      gainCents: fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
      baseCents: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    });
    fc.assert(
      fc.property(ret, ret, (a, b) => {
        const sign = Math.sign(compareReturnsDescending(a, b));
        const exact = a.gainCents * b.baseCents - b.gainCents * a.baseCents; // > 0 when a is better
        expect(sign).toBe(exact > 0n ? -1 : exact < 0n ? 1 : 0);
        expect(Math.sign(compareReturnsDescending(b, a))).toBe(-sign || 0);
      }),
    );
  });
});

describe('returnPercentOf', () => {
  it('rounds to hundredths of a percent, half away from zero', () => {
    expect(returnPercentOf({ gainCents: 1n, baseCents: 20_000n })).toBe(0.01); // 0.005 %
    expect(returnPercentOf({ gainCents: -1n, baseCents: 20_000n })).toBe(-0.01);
    expect(returnPercentOf({ gainCents: 10_000n, baseCents: 100_000n })).toBe(10);
    expect(returnPercentOf({ gainCents: 0n, baseCents: 1n })).toBe(0);
  });
});
