import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePrice,
  bigMax,
  bigMin,
  centsFromNumber,
  centsToNumber,
  costOfShares,
  decimalPlaces,
  formatUnits,
  unitsToNumber,
  parseDecimal,
  priceFromNumber,
  priceToNumber,
  proceedsOfShares,
  sharesForCents,
  sharesFromNumber,
  sharesToNumber,
  sharesToRaiseCents,
  valueOfShares,
} from './money.ts';

const shares = (n: string) => parseDecimal(n, 8)!;
const price = (n: string) => parseDecimal(n, 8)!;

describe('parseDecimal', () => {
  it('parses 0.1 as exactly 10 cents, not its binary float', () => {
    expect(parseDecimal(0.1, 2)).toBe(10n);
    expect(parseDecimal(0.1, 8)).toBe(10_000_000n);
  });

  it('parses 1e-7, which prints in exponent notation, as 10 units of 1e-8', () => {
    expect(parseDecimal(1e-7, 8)).toBe(10n);
    expect(parseDecimal(1.5e-7, 8)).toBe(15n);
  });

  it('rejects 1e21 and larger, whose digits a number no longer holds exactly', () => {
    expect(parseDecimal(1e21, 2)).toBeNull();
    expect(parseDecimal(1e20, 2)).toBe(10n ** 22n);
  });

  it('rejects NaN and Infinity', () => {
    expect(parseDecimal(NaN, 2)).toBeNull();
    expect(parseDecimal(Infinity, 2)).toBeNull();
    expect(parseDecimal(-Infinity, 8)).toBeNull();
  });

  it('rejects more decimals than the scale holds instead of rounding', () => {
    expect(parseDecimal(1.234, 2)).toBeNull();
    expect(parseDecimal(1e-9, 8)).toBeNull();
    expect(parseDecimal(0.1 + 0.2, 8)).toBeNull();
  });

  it('ignores trailing zeros when counting decimals', () => {
    expect(parseDecimal('1.2300', 2)).toBe(123n);
  });

  it('parses text, negative values and surrounding spaces', () => {
    expect(parseDecimal(' 2.5 ', 2)).toBe(250n);
    expect(parseDecimal('-1.5', 2)).toBe(-150n);
    expect(parseDecimal(-0.01, 2)).toBe(-1n);
  });

  it('rejects text that is not a plain decimal', () => {
    for (const text of ['', 'abc', '1e5', '.5', '1.', '+1', '1,000', '0x10']) {
      expect(parseDecimal(text, 2)).toBeNull();
    }
  });
});

describe('decimalPlaces', () => {
  it('counts the decimals of the shortest representation, exponents included', () => {
    expect(decimalPlaces(1)).toBe(0);
    expect(decimalPlaces(0.1)).toBe(1);
    expect(decimalPlaces(1.25e-7)).toBe(9);
    expect(decimalPlaces(1e21)).toBe(0);
    expect(decimalPlaces(NaN)).toBe(Infinity);
  });
});

describe('formatUnits', () => {
  it('drops trailing zeros and keeps tiny and negative values', () => {
    expect(formatUnits(150n, 2)).toBe('1.5');
    expect(formatUnits(10_000n, 2)).toBe('100');
    expect(formatUnits(1n, 8)).toBe('0.00000001');
    expect(formatUnits(-5n, 2)).toBe('-0.05');
  });
});

describe('unitsToNumber', () => {
  it('gives the same number as parsing the decimal text, for every scale and size', () => {
    const safe = BigInt(Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: -safe, max: safe }),
          fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        ),
        fc.constantFrom(0, 2, 8, 16),
        (units, decimals) => {
          expect(unitsToNumber(units, decimals)).toBe(Number(formatUnits(units, decimals)));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('keeps the values people see exact: 0.1, a cent, the smallest share', () => {
    expect(unitsToNumber(10n, 2)).toBe(0.1);
    expect(unitsToNumber(1n, 2)).toBe(0.01);
    expect(unitsToNumber(1n, 8)).toBe(0.00000001);
    expect(unitsToNumber(-123456789n, 2)).toBe(-1234567.89);
  });
});

describe('costOfShares', () => {
  it('rounds a fraction of a cent up', () => {
    expect(costOfShares(1n, price('1'))).toBe(1n);
    expect(costOfShares(shares('1.5'), price('0.01'))).toBe(2n);
  });

  it('is exact when there is nothing to round', () => {
    expect(costOfShares(shares('2'), price('100'))).toBe(20_000n);
    expect(costOfShares(0n, price('100'))).toBe(0n);
  });
});

describe('proceedsOfShares', () => {
  it('rounds a fraction of a cent down', () => {
    expect(proceedsOfShares(1n, price('1'))).toBe(0n);
    expect(proceedsOfShares(shares('1.5'), price('0.01'))).toBe(1n);
  });

  it('is exact when there is nothing to round, and valueOfShares is the same rule', () => {
    expect(proceedsOfShares(shares('2'), price('100'))).toBe(20_000n);
    expect(valueOfShares(shares('1.5'), price('0.01'))).toBe(1n);
  });
});

describe('sharesForCents', () => {
  it('rounds down to 1e-8 shares', () => {
    expect(sharesForCents(100n, price('3'))).toBe(33_333_333n);
  });

  it('is exact when the cents divide evenly', () => {
    expect(sharesForCents(10_000n, price('50'))).toBe(shares('2'));
  });
});

describe('sharesToRaiseCents', () => {
  it('rounds up to 1e-8 shares', () => {
    expect(sharesToRaiseCents(100n, price('3'))).toBe(33_333_334n);
  });

  it('always raises at least the cents asked for', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 16n }),
        (cents, p) => proceedsOfShares(sharesToRaiseCents(cents, p), p) >= cents,
      ),
    );
  });
});

describe('averagePrice', () => {
  it('divides a total by a size, rounded to the nearest 1e-8, and is 0 for no shares', () => {
    expect(averagePrice(10_000n, shares('3'))).toBe(3_333_333_333n);
    expect(averagePrice(20_000n, shares('3'))).toBe(6_666_666_667n);
    expect(averagePrice(100n, 0n)).toBe(0n);
  });
});

describe('bigMin and bigMax', () => {
  it('pick the smaller and the larger bigint', () => {
    expect(bigMin(3n, -2n)).toBe(-2n);
    expect(bigMax(3n, -2n)).toBe(3n);
  });
});

describe('conversions', () => {
  it('round trip typical wire numbers exactly', () => {
    expect(centsToNumber(centsFromNumber(1234.56)!)).toBe(1234.56);
    expect(sharesToNumber(sharesFromNumber(0.00000001)!)).toBe(0.00000001);
    expect(priceToNumber(priceFromNumber(43250.12345678)!)).toBe(43250.12345678);
  });

  it('reject numbers that do not fit the scale', () => {
    expect(centsFromNumber(0.001)).toBeNull();
    expect(sharesFromNumber(1e-9)).toBeNull();
    expect(priceFromNumber(NaN)).toBeNull();
  });

  it('round trip every value of up to 15 significant digits', () => {
    const units = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });
    fc.assert(
      fc.property(units, (u) => {
        expect(centsFromNumber(centsToNumber(u))).toBe(u);
        expect(sharesFromNumber(sharesToNumber(u))).toBe(u);
        expect(priceFromNumber(priceToNumber(u))).toBe(u);
      }),
    );
  });
});
