import { describe, expect, it } from 'vitest';
import {
  percentDirection,
  DECIMALS,
  abbreviateNumber,
  displayAssetName,
  formatAmount,
  formatPercent,
  formatPrice,
  formatShares,
  formatExactPrice,
  formatUsdCompact,
  formatUsd,
  pairSlug,
  shortAssetName,
  shortWalletAddress,
  symbolFromPair,
} from './format.ts';

describe('abbreviateNumber', () => {
  it('abbreviates thousands with k and 2 decimals', () => {
    expect(abbreviateNumber(1234)).toBe('1.23k');
  });

  it('trims trailing zeros', () => {
    expect(abbreviateNumber(1.5e6)).toBe('1.5M');
    expect(abbreviateNumber(2000)).toBe('2k');
  });

  it('uses k, M, B, T, P and E', () => {
    expect([1e3, 1e6, 1e9, 1e12, 1e15, 1e18].map((n) => abbreviateNumber(n))).toEqual([
      '1k',
      '1M',
      '1B',
      '1T',
      '1P',
      '1E',
    ]);
  });

  it('keeps the sign of negative numbers', () => {
    expect(abbreviateNumber(-2500)).toBe('-2.5k');
    expect(abbreviateNumber(-12)).toBe('-12');
  });

  it('leaves numbers below 1000 without a suffix', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.345)).toBe('12.35');
    expect(abbreviateNumber(0)).toBe('0');
  });

  it('moves to the next suffix when rounding reaches 1000', () => {
    expect(abbreviateNumber(999_999)).toBe('1M');
  });

  it('takes another number of decimals', () => {
    expect(abbreviateNumber(1234567, 4)).toBe('1.2346M');
    expect(abbreviateNumber(1234567, 0)).toBe('1M');
  });

  it('grows past E instead of inventing a suffix', () => {
    expect(abbreviateNumber(2.5e21)).toBe('2500E');
  });
});

describe('shortWalletAddress', () => {
  it('shows the first 6 characters and the characters from position 38 on', () => {
    expect(shortWalletAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...9EE7');
  });

  it('leaves a short text alone', () => {
    expect(shortWalletAddress('0x1234')).toBe('0x1234');
  });
});

describe('shortAssetName', () => {
  it('leaves names of up to 14 characters alone', () => {
    expect(shortAssetName('Bitcoin')).toBe('Bitcoin');
    expect(shortAssetName('Shiba Inu Coin')).toBe('Shiba Inu Coin');
  });

  it('cuts longer names to 12 characters plus an ellipsis', () => {
    expect(shortAssetName('Wrapped Bitcoin BEP2')).toBe('Wrapped Bitc\u2026');
  });
});

describe('displayAssetName', () => {
  it('shows XRP as Ripple', () => {
    expect(displayAssetName('XRP')).toBe('Ripple');
  });

  it('shows other names as they are', () => {
    expect(displayAssetName('Bitcoin')).toBe('Bitcoin');
  });
});

describe('pairSlug and symbolFromPair', () => {
  it('makes the slug from the lowercase symbol plus usd', () => {
    expect(pairSlug('BTC')).toBe('btcusd');
  });

  it('reads the symbol back from a slug', () => {
    expect(symbolFromPair('btcusd')).toBe('BTC');
    expect(symbolFromPair('usdcusd')).toBe('USDC');
  });

  it('returns null for a text that is not a pair', () => {
    for (const text of ['btc', 'usd', 'btc-usd', '']) expect(symbolFromPair(text)).toBeNull();
  });
});

describe('formatUsd', () => {
  it('shows dollars with a sign, grouping and 2 decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-3)).toBe('-$3.00');
  });

  it('takes another number of decimals', () => {
    expect(formatUsd(0.123456, 4)).toBe('$0.1235');
  });
});

describe('fixed decimals', () => {
  it('formats amounts with 2 decimals', () => {
    expect(formatAmount(1234.567)).toBe('1,234.57');
  });

  it('formats holdings with at least 4 decimals and every digit up to the share scale', () => {
    expect(formatShares(0.5)).toBe('0.5000');
    expect(formatShares(0.01053035)).toBe('0.01053035');
    expect(formatShares(0.00000001)).toBe('0.00000001');
    expect(formatShares(1234.5)).toBe('1,234.5000');
  });

  it('names the decimals of the display rules', () => {
    expect(DECIMALS).toEqual({ amount: 2, holding: 4 });
  });
});

describe('formatUsdCompact', () => {
  it('abbreviates from 100,000 up and keeps cents below', () => {
    expect(formatUsdCompact(1_000_000)).toBe('$1M');
    expect(formatUsdCompact(1_234_567.89)).toBe('$1.23M');
    expect(formatUsdCompact(250_000)).toBe('$250k');
    expect(formatUsdCompact(99_999.99)).toBe('$99,999.99');
    expect(formatUsdCompact(-2_500_000)).toBe('-$2.5M');
  });
});

describe('formatPercent', () => {
  it('signs gains and losses', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
  });

  it('shows no sign for what rounds to zero', () => {
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });
});

describe('formatPrice', () => {
  it('shows a price by its magnitude: 2 decimals from 1, 4 from a cent, 4 significant digits below', () => {
    expect(formatPrice(43250.128)).toBe('43,250.13');
    expect(formatPrice(1)).toBe('1.00');
    expect(formatPrice(0.39849964)).toBe('0.3985');
    expect(formatPrice(0.5)).toBe('0.5000');
    expect(formatPrice(0.00001234)).toBe('0.00001234');
    expect(formatPrice(0.000012345678)).toBe('0.00001235');
    expect(formatPrice(0)).toBe('0.00');
  });

  it('never reads 0.00 for a price above zero', () => {
    for (const p of [0.00000001, 0.0000005, 0.004, 0.009999])
      expect(formatPrice(p)).not.toMatch(/^0\.0+$/);
  });
});

describe('formatExactPrice', () => {
  it('keeps every digit up to the price scale', () => {
    expect(formatExactPrice(0.39849964)).toBe('0.39849964');
    expect(formatExactPrice(0.5)).toBe('0.50');
    expect(formatExactPrice(43250.1)).toBe('43,250.10');
  });
});

describe('percentDirection', () => {
  it('follows the rounded text: 0.001 and -0.004 read 0.00%, so they are flat', () => {
    expect([0.001, -0.004, 0].map(percentDirection)).toEqual([0, 0, 0]);
    expect([0.005, 1.2, -0.005, -3].map(percentDirection)).toEqual([1, 1, -1, -1]);
    expect(formatPercent(0.001)).toBe('0.00%');
  });
});
