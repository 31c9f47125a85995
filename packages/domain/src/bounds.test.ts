import { describe, expect, it } from 'vitest';
import {
  BoundsError,
  clampRecordedBalance,
  MAX_ORDER_CENTS,
  MAX_PRICE_UNITS,
  MAX_RECORDED_BALANCE_CENTS,
} from './bounds.ts';
import { quoteMarketBuy, quoteMarketSell } from './trade-math.ts';

/** The code of the BoundsError that `quote` throws, or null when it quotes. */
function refusal(quote: () => unknown): string | null {
  try {
    quote();
    return null;
  } catch (error) {
    if (error instanceof BoundsError) return error.code;
    throw error;
  }
}

describe('bounds', () => {
  it('a quote at a price of 0 or past $1,000,000,000 is PRICE_OUT_OF_RANGE', () => {
    expect(refusal(() => quoteMarketBuy({ unit: 'USD', cents: 100n }, 0n))).toBe(
      'PRICE_OUT_OF_RANGE',
    );
    expect(
      refusal(() => quoteMarketSell({ unit: 'SYMBOL', shares: 1n }, MAX_PRICE_UNITS + 1n)),
    ).toBe('PRICE_OUT_OF_RANGE');
  });

  it('a sale whose proceeds pass $10,000,000,000 is AMOUNT_TOO_LARGE, one at the bound is not', () => {
    // 10 shares at $1,000,000,000 raise exactly $10,000,000,000.
    expect(
      quoteMarketSell({ unit: 'SYMBOL', shares: 10n * 10n ** 8n }, MAX_PRICE_UNITS).totalCents,
    ).toBe(MAX_ORDER_CENTS);
    expect(
      refusal(() =>
        quoteMarketSell({ unit: 'SYMBOL', shares: 10n * 10n ** 8n + 1n }, MAX_PRICE_UNITS),
      ),
    ).toBe('AMOUNT_TOO_LARGE');
  });

  it('a dollar buy that gets more than 10,000,000,000 shares at a tiny price is AMOUNT_TOO_LARGE', () => {
    // $100 at 1e-8 buys exactly 1e10 shares; a cent more is past the bound.
    expect(quoteMarketBuy({ unit: 'USD', cents: 10_000n }, 1n).shares).toBe(10n ** 18n);
    expect(refusal(() => quoteMarketBuy({ unit: 'USD', cents: 10_001n }, 1n))).toBe(
      'AMOUNT_TOO_LARGE',
    );
  });

  it('a balance point is stored at most at its bound', () => {
    expect(clampRecordedBalance(10n ** 20n)).toBe(MAX_RECORDED_BALANCE_CENTS);
    expect(clampRecordedBalance(123n)).toBe(123n);
  });
});
