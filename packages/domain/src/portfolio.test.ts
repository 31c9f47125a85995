import { describe, expect, it } from 'vitest';
import { parseDecimal } from './money.ts';
import {
  averageCostPrice,
  gainPercentage,
  returnPercentage,
  totalBalanceCents,
} from './portfolio.ts';

const units = (n: string) => parseDecimal(n, 8)!;
const cents = (n: string) => parseDecimal(n, 2)!;
const prices = new Map([
  ['BTC', units('40000')],
  ['DOGE', units('0.33333333')],
]);

describe('totalBalanceCents', () => {
  it('is the cash alone when nothing is held or pending', () => {
    expect(
      totalBalanceCents({ cashCents: cents('100000'), holdings: [], workingOrders: [], prices }),
    ).toBe(cents('100000'));
  });

  it('adds holdings at the current price, each rounded down to the cent', () => {
    const total = totalBalanceCents({
      cashCents: cents('10'),
      holdings: [
        { symbol: 'BTC', shares: units('0.5') },
        { symbol: 'DOGE', shares: units('1') }, // 0.33333333 -> 0.33
      ],
      workingOrders: [],
      prices,
    });
    expect(total).toBe(cents('20010.33'));
  });

  it('counts a pending PURCHASE by its reserved dollars', () => {
    const total = totalBalanceCents({
      cashCents: cents('900'),
      holdings: [],
      workingOrders: [{ type: 'PURCHASE', symbol: 'BTC', purchaseCents: cents('100') }],
      prices,
    });
    expect(total).toBe(cents('1000'));
  });

  it('counts a pending SELL as its reserved shares times the current price', () => {
    const total = totalBalanceCents({
      cashCents: 0n,
      holdings: [{ symbol: 'BTC', shares: units('0.1') }],
      workingOrders: [{ type: 'SELL', symbol: 'BTC', sellShares: units('0.25') }],
      prices,
    });
    expect(total).toBe(cents('14000'));
  });

  it('values the free and reserved shares of a symbol together, so any split of them gives one total', () => {
    // DOGE at 0.33333333: 1.5 shares alone are worth 0.49 (0.4999999995), three 0.99, not 2 x 0.49.
    const whole = totalBalanceCents({
      cashCents: 0n,
      holdings: [{ symbol: 'DOGE', shares: units('3') }],
      workingOrders: [],
      prices,
    });
    const split = totalBalanceCents({
      cashCents: 0n,
      holdings: [{ symbol: 'DOGE', shares: units('1.5') }],
      workingOrders: [{ type: 'SELL', symbol: 'DOGE', sellShares: units('1.5') }],
      prices,
    });
    expect(whole).toBe(cents('0.99'));
    expect(split).toBe(whole);
  });

  it('counts a holding of an asset without a price as 0', () => {
    const total = totalBalanceCents({
      cashCents: cents('5'),
      holdings: [{ symbol: 'GONE', shares: units('3') }],
      workingOrders: [{ type: 'SELL', symbol: 'GONE', sellShares: units('1') }],
      prices,
    });
    expect(total).toBe(cents('5'));
  });
});

describe('averageCostPrice', () => {
  it('is the price itself for a single buy', () => {
    expect(averageCostPrice([{ shares: units('2'), price: units('123.45') }])).toBe(
      units('123.45'),
    );
  });

  it('weights buys of different sizes by their shares, not a plain mean of prices', () => {
    const lots = [
      { shares: units('1'), price: units('100') },
      { shares: units('0.01'), price: units('200') },
    ];
    // (100 + 2) / 1.01 = 100.99009900990099..., a plain mean would say 150.
    expect(averageCostPrice(lots)).toBe(units('100.99009901'));
  });

  it('equals the mean of the prices when the buys are the same size', () => {
    const lots = [
      { shares: units('1'), price: units('10') },
      { shares: units('1'), price: units('20') },
    ];
    expect(averageCostPrice(lots)).toBe(units('15'));
  });

  it('rounds to the nearest 1e-8', () => {
    const lots = [
      { shares: units('3'), price: units('0.00000001') },
      { shares: units('3'), price: units('0.00000002') },
    ];
    expect(averageCostPrice(lots)).toBe(2n); // 1.5e-8 rounds half up
  });

  it('is 0 without shares', () => {
    expect(averageCostPrice([])).toBe(0n);
  });
});

describe('gainPercentage', () => {
  it('is (price - average) / average x 100', () => {
    expect(gainPercentage(110, 100)).toBeCloseTo(10);
    expect(gainPercentage(50, 100)).toBeCloseTo(-50);
  });

  it('is 0 when there is no average', () => {
    expect(gainPercentage(110, 0)).toBe(0);
  });
});

describe('returnPercentage', () => {
  it('is the gain over the starting balance in percent', () => {
    expect(returnPercentage(cents('110000'), cents('100000'))).toBe(10);
    expect(returnPercentage(cents('99500'), cents('100000'))).toBe(-0.5);
  });

  it('is 0 without a starting balance', () => {
    expect(returnPercentage(cents('5'), 0n)).toBe(0);
  });
});
