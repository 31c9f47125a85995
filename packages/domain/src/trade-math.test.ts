import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BoundsError,
  MAX_ORDER_CENTS,
  MAX_ORDER_SHARE_UNITS,
  MAX_PRICE_UNITS,
  MIN_PRICE_UNITS,
} from './bounds.ts';
import { PRICE_SCALE, SHARE_SCALE, parseDecimal } from './money.ts';
import {
  formatPreview,
  maxAmount,
  previewOtherUnit,
  quoteMarketBuy,
  quoteMarketSell,
} from './trade-math.ts';

const units = (n: string) => parseDecimal(n, 8)!;
const cents = (n: string) => parseDecimal(n, 2)!;
/** shares (1e-8) x price (1e-8) per cent. */
const PER_CENT = (SHARE_SCALE * PRICE_SCALE) / 100n;

describe('quoteMarketBuy', () => {
  it('in USD spends exactly the amount, for the shares it buys rounded down', () => {
    expect(quoteMarketBuy({ unit: 'USD', cents: cents('100') }, units('3'))).toEqual({
      shares: units('33.33333333'),
      totalCents: cents('100'),
    });
  });

  it('in shares gets exactly the shares, for their cost rounded up to the cent', () => {
    expect(quoteMarketBuy({ unit: 'SYMBOL', shares: units('0.333') }, units('0.1'))).toEqual({
      shares: units('0.333'),
      totalCents: cents('0.04'),
    });
  });

  it('refuses a price of zero instead of dividing by it', () => {
    expect(() => quoteMarketBuy({ unit: 'USD', cents: 100n }, 0n)).toThrow(RangeError);
  });
});

describe('quoteMarketSell', () => {
  it('in shares sells exactly the shares, for proceeds rounded down to the cent', () => {
    expect(quoteMarketSell({ unit: 'SYMBOL', shares: units('0.333') }, units('0.1'))).toEqual({
      shares: units('0.333'),
      totalCents: cents('0.03'),
    });
  });

  it('in USD raises exactly the amount, selling the shares needed rounded up', () => {
    expect(quoteMarketSell({ unit: 'USD', cents: cents('100') }, units('3'))).toEqual({
      shares: units('33.33333334'),
      totalCents: cents('100'),
    });
  });

  it('refuses a price of zero instead of dividing by it', () => {
    expect(() => quoteMarketSell({ unit: 'SYMBOL', shares: 1n }, 0n)).toThrow(RangeError);
  });
});

describe('trade maths properties', () => {
  // Prices across the whole bound, and amounts as large as an order may be at that price (bounds.ts).
  const price = fc.bigInt({ min: MIN_PRICE_UNITS, max: MAX_PRICE_UNITS });
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  /** Dollar amounts whose shares at price p stay inside one order's bounds. */
  const centsAt = (p: bigint) =>
    fc.bigInt({ min: 1n, max: min(MAX_ORDER_CENTS, (MAX_ORDER_SHARE_UNITS * p) / PER_CENT) });
  /** Share amounts whose cost at price p stays inside one order's bounds. */
  const sharesAt = (p: bigint) =>
    fc.bigInt({ min: 1n, max: min(MAX_ORDER_SHARE_UNITS, (MAX_ORDER_CENTS * PER_CENT) / p) });
  const orders = price.chain((p) => fc.tuple(fc.constant(p), centsAt(p), sharesAt(p)));

  it('a USD buy never spends more than asked nor gets more shares than cents / price', () => {
    fc.assert(
      fc.property(orders, ([p, c]) => {
        const fill = quoteMarketBuy({ unit: 'USD', cents: c }, p);
        expect(fill.totalCents).toBe(c);
        expect(fill.shares * p).toBeLessThanOrEqual(c * PER_CENT);
        // ...and not fewer than it allows either: one more 1e-8 share would cost too much.
        expect((fill.shares + 1n) * p).toBeGreaterThan(c * PER_CENT);
      }),
    );
  });

  it('a buy in shares never pays less than the shares are worth', () => {
    fc.assert(
      fc.property(orders, ([p, , s]) => {
        const fill = quoteMarketBuy({ unit: 'SYMBOL', shares: s }, p);
        expect(fill.totalCents * PER_CENT).toBeGreaterThanOrEqual(s * p);
        expect((fill.totalCents - 1n) * PER_CENT).toBeLessThan(s * p);
      }),
    );
  });

  it('a sell never raises more than shares x price', () => {
    fc.assert(
      fc.property(orders, ([p, c, s]) => {
        const bySymbol = quoteMarketSell({ unit: 'SYMBOL', shares: s }, p);
        expect(bySymbol.totalCents * PER_CENT).toBeLessThanOrEqual(bySymbol.shares * p);
        const byUsd = quoteMarketSell({ unit: 'USD', cents: c }, p);
        expect(byUsd.totalCents).toBe(c);
        expect(byUsd.totalCents * PER_CENT).toBeLessThanOrEqual(byUsd.shares * p);
      }),
    );
  });

  it('rounding never creates money: selling what was just bought never returns more', () => {
    fc.assert(
      fc.property(orders, ([p, c, s]) => {
        for (const bought of [
          quoteMarketBuy({ unit: 'USD', cents: c }, p),
          quoteMarketBuy({ unit: 'SYMBOL', shares: s }, p),
        ]) {
          const sold = quoteMarketSell({ unit: 'SYMBOL', shares: bought.shares }, p);
          expect(sold.totalCents).toBeLessThanOrEqual(bought.totalCents);
        }
        // Raising c dollars costs at least as many shares as c dollars would buy.
        const raised = quoteMarketSell({ unit: 'USD', cents: c }, p);
        expect(raised.shares).toBeGreaterThanOrEqual(
          quoteMarketBuy({ unit: 'USD', cents: c }, p).shares,
        );
      }),
    );
  });

  it("a quote past an order's bounds is refused, never rounded into them", () => {
    fc.assert(
      fc.property(price, fc.bigInt({ min: 1n, max: 10n ** 20n }), (p, amount) => {
        for (const quote of [
          () => quoteMarketBuy({ unit: 'USD', cents: amount }, p),
          () => quoteMarketBuy({ unit: 'SYMBOL', shares: amount }, p),
          () => quoteMarketSell({ unit: 'SYMBOL', shares: amount }, p),
        ]) {
          try {
            const fill = quote();
            expect(fill.shares).toBeLessThanOrEqual(MAX_ORDER_SHARE_UNITS);
            expect(fill.totalCents).toBeLessThanOrEqual(MAX_ORDER_CENTS);
          } catch (error) {
            expect(error).toBeInstanceOf(BoundsError);
          }
        }
      }),
    );
  });
});

describe('previewOtherUnit', () => {
  it('turns a USD amount into shares: amount / price', () => {
    expect(previewOtherUnit(100, 'USD', 40)).toBe(2.5);
  });

  it('turns shares into USD: shares x price', () => {
    expect(previewOtherUnit(2.5, 'SYMBOL', 40)).toBe(100);
  });

  it('shows 0 without a usable price or amount', () => {
    expect(previewOtherUnit(100, 'USD', 0)).toBe(0);
    expect(previewOtherUnit(NaN, 'SYMBOL', 40)).toBe(0);
  });
});

describe('formatPreview', () => {
  it('shows dollars with 2 decimals and an amount of the asset with its digits, never "0.00 BTC"', () => {
    expect(formatPreview(2.5, 'USD')).toBe('2.50');
    expect(formatPreview(1234.567, 'USD')).toBe('1,234.57');
    expect(formatPreview(0.00105263, 'SYMBOL')).toBe('0.00105263');
    expect(formatPreview(2.5, 'SYMBOL')).toBe('2.5000');
    expect(formatPreview(Infinity, 'USD')).toBe('0.00');
  });
});

describe('maxAmount', () => {
  const account = { cashCents: cents('1234.56'), heldShares: units('0.5'), price: units('333.33') };

  it('fills the buying power for a buy in USD', () => {
    expect(maxAmount({ ...account, side: 'PURCHASE', unit: 'USD' })).toBe(1234.56);
  });

  it('fills the shares the buying power affords for a buy in shares, rounded down', () => {
    // 1234.56 / 333.33 = 3.703717037... shares; buying them costs at most the cash.
    expect(maxAmount({ ...account, side: 'PURCHASE', unit: 'SYMBOL' })).toBe(3.70371703);
    expect(maxAmount({ ...account, price: 0n, side: 'PURCHASE', unit: 'SYMBOL' })).toBe(0);
  });

  it('fills the held shares for a sell in shares', () => {
    expect(maxAmount({ ...account, side: 'SELL', unit: 'SYMBOL' })).toBe(0.5);
  });

  it('fills the holdings value rounded down to the cent for a sell in USD', () => {
    // 0.5 x 333.33 = 166.665
    expect(maxAmount({ ...account, side: 'SELL', unit: 'USD' })).toBe(166.66);
  });

  it('fills 0 for a sell in USD without a price', () => {
    expect(maxAmount({ ...account, price: 0n, side: 'SELL', unit: 'USD' })).toBe(0);
  });
});
