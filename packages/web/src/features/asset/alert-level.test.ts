import { describe, expect, it } from 'vitest';
import { levelError, levelValue, suggestedLevel } from './alert-level.ts';

describe('suggestedLevel', () => {
  it('is 5% past the price on the chosen side, to the cent', () => {
    expect(suggestedLevel(95_000, 'ABOVE')).toBe('99750');
    expect(suggestedLevel(95_000, 'BELOW')).toBe('90250');
    expect(suggestedLevel(2.345, 'ABOVE')).toBe('2.46');
  });

  it('keeps 4 significant digits for prices under a dollar', () => {
    expect(suggestedLevel(0.2541234, 'ABOVE')).toBe('0.2668');
    expect(suggestedLevel(0.00001234, 'BELOW')).toBe('0.00001172');
  });
});

describe('levelError', () => {
  const check = (text: string, direction: 'ABOVE' | 'BELOW' = 'ABOVE') =>
    levelError(text, direction, 95_000, 'BTC');

  it('accepts a price on the right side, with or without separators', () => {
    expect(check('99750')).toBeNull();
    expect(check('$99,750.5')).toBeNull();
    expect(check('90000', 'BELOW')).toBeNull();
    expect(levelValue('$99,750.5')).toBe(99_750.5);
  });

  it('says what is wrong with anything else', () => {
    expect(check('')).toBe('Enter a price');
    expect(check('abc')).toBe('Enter a price as a number, like 61000.50');
    expect(check('-5')).toBe('Enter a price as a number, like 61000.50');
    expect(check('0')).toBe('The price must be greater than 0');
    expect(check('100000.123456789')).toBe('A price has at most 8 decimals');
    expect(check('2000000000')).toBe('The price must be at most $1,000,000,000');
    expect(check('95000')).toBe('BTC is at $95,000.00 now: choose a price above it');
    expect(check('96000', 'BELOW')).toBe('BTC is at $95,000.00 now: choose a price below it');
  });
});
