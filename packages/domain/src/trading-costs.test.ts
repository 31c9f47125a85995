import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from './money.ts';
import {
  budgetWithFee,
  costsFromSettings,
  feeCents,
  fillPrice,
  realismSettingError,
  type FeeRule,
} from './trading-costs.ts';

const cents = (n: string) => parseDecimal(n, 2)!;
const units = (n: string) => parseDecimal(n, 8)!;
const typical: FeeRule = { bps: 10n, minCents: 0n };

describe('feeCents', () => {
  it('is 0.1 % of $1,000.00 = $1.00, and rounds a fraction of a cent up', () => {
    expect(feeCents(typical, cents('1000'))).toBe(cents('1'));
    // 0.1 % of $10.01 is 1.001 cents: 2 cents, never 1.
    expect(feeCents(typical, cents('10.01'))).toBe(2n);
  });
  it('charges the minimum when the proportional fee is below it, never more than the fill', () => {
    const rule = { bps: 10n, minCents: cents('1') };
    expect(feeCents(rule, cents('50'))).toBe(cents('1'));
    expect(feeCents(rule, cents('0.40'))).toBe(cents('0.40'));
  });
  it('is 0 without a rule', () => {
    expect(feeCents({ bps: 0n, minCents: 0n }, cents('123.45'))).toBe(0n);
  });
});

describe('budgetWithFee', () => {
  it('buys for $999.00 out of $1,000.00 reserved at 0.1 % (999.00 + 1.00 = 1,000.00)', () => {
    expect(budgetWithFee(typical, cents('1000'))).toBe(cents('999'));
    expect(budgetWithFee(typical, cents('1000')) + feeCents(typical, cents('999'))).toBe(
      cents('1000'),
    );
  });
  it('leaves the minimum fee room: $100 reserved with a $5 minimum buys for $95', () => {
    expect(budgetWithFee({ bps: 10n, minCents: cents('5') }, cents('100'))).toBe(cents('95'));
  });
  it('is the largest budget whose cost and fee fit the reservation (brute force over small amounts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 3000 }),
        (bps, min, reserved) => {
          const rule = { bps: BigInt(bps), minCents: BigInt(min) };
          const r = BigInt(reserved);
          let best = 0n;
          for (let b = 1n; b <= r; b += 1n) if (b + feeCents(rule, b) <= r) best = b;
          expect(budgetWithFee(rule, r)).toBe(best);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('fits for large reservations too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (bps, min, r) => {
          const rule = { bps: BigInt(bps), minCents: BigInt(min) };
          const b = budgetWithFee(rule, r);
          expect(b + feeCents(rule, b)).toBeLessThanOrEqual(r);
          // One cent more would not fit.
          expect(b + 1n + feeCents(rule, b + 1n)).toBeGreaterThan(r);
        },
      ),
    );
  });
});

describe('fillPrice', () => {
  it('a 0.05 % spread: a buy pays 0.025 % above, a sell gets 0.025 % below', () => {
    expect(fillPrice('PURCHASE', units('100'), 5n)).toBe(units('100.025'));
    expect(fillPrice('SELL', units('100'), 5n)).toBe(units('99.975'));
  });
  it('rounds a fraction of 1e-8 against the trader', () => {
    // 0.00000003 x 1.0005 = 0.0000000300150: the buy pays 0.00000004, the sell gets 0.00000002.
    expect(fillPrice('PURCHASE', 3n, 10n)).toBe(4n);
    expect(fillPrice('SELL', 3n, 10n)).toBe(2n);
  });
  it('never fills a limit order worse than its limit', () => {
    expect(fillPrice('PURCHASE', units('99.99'), 20n, units('100'))).toBe(units('100'));
    expect(fillPrice('PURCHASE', units('90'), 20n, units('100'))).toBe(units('90.09'));
    expect(fillPrice('SELL', units('100.01'), 20n, units('100'))).toBe(units('100'));
  });
  it('without a spread is the market price', () => {
    expect(fillPrice('PURCHASE', units('61020.15'), 0n)).toBe(units('61020.15'));
  });
  it('a buy never pays less and a sell never gets more than the exact price', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        fc.integer({ min: 0, max: 100 }),
        (p, s) => {
          const spread = BigInt(s);
          const buy = fillPrice('PURCHASE', p, spread);
          const sell = fillPrice('SELL', p, spread);
          expect(buy * 20_000n).toBeGreaterThanOrEqual(p * (20_000n + spread));
          expect((buy - 1n) * 20_000n).toBeLessThan(p * (20_000n + spread));
          expect(sell * 20_000n).toBeLessThanOrEqual(p * (20_000n - spread));
          expect((sell + 1n) * 20_000n).toBeGreaterThan(p * (20_000n - spread));
        },
      ),
    );
  });
});

describe('realism settings', () => {
  it('accepts the ranges and refuses the rest', () => {
    expect(realismSettingError('trading_fee_bps', 10)).toBeNull();
    expect(realismSettingError('trading_fee_bps', 101)).toMatch(/0 to 100/);
    expect(realismSettingError('trading_fee_bps', 2.5)).toMatch(/whole number/);
    expect(realismSettingError('spread_bps', -1)).toMatch(/0 to 100/);
    expect(realismSettingError('spread_bps', '5')).toMatch(/0 to 100/);
    expect(realismSettingError('trading_fee_min_usd', 0.99)).toBeNull();
    expect(realismSettingError('trading_fee_min_usd', 0.999)).toMatch(/2 decimals/);
    expect(realismSettingError('trading_fee_min_usd', 101)).toMatch(/\$100/);
    expect(realismSettingError('trading_fee_min_usd', null)).toBeNull();
    expect(realismSettingError('theme_mode', 'dark')).toBeNull();
  });
  it('reads the costs, a missing or invalid value as 0', () => {
    expect(
      costsFromSettings({ trading_fee_bps: 10, spread_bps: 5, trading_fee_min_usd: 1.5 }),
    ).toEqual({
      fee: { bps: 10n, minCents: 150n },
      spreadBps: 5n,
    });
    expect(costsFromSettings({ trading_fee_bps: 500, spread_bps: 'x' })).toEqual({
      fee: { bps: 0n, minCents: 0n },
      spreadBps: 0n,
    });
  });
});
