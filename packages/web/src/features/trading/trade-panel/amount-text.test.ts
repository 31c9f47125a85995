import { describe, expect, it } from 'vitest';
import {
  allSharesText,
  amountText,
  maxUsdText,
  nextAmountText,
  parseAmount,
  sanitizeAmount,
  SHARES_INPUT_MAX_LENGTH,
} from './amount-text.ts';

describe('amount text', () => {
  it('drops letters, signs and a second decimal point', () => {
    expect(sanitizeAmount('-1,2a3.4.5e6')).toBe('123.456');
  });

  it('refuses an edit with a sign, a letter or a currency sign and keeps what was there', () => {
    expect(nextAmountText('-5', '')).toBe('');
    expect(nextAmountText('1e', '1')).toBe('1');
    expect(nextAmountText('$20', '2')).toBe('2');
  });

  it('takes a pasted amount with grouping commas and spaces as its digits', () => {
    expect(nextAmountText('1,000.50', '')).toBe('1000.50');
    expect(nextAmountText(' 12 ', '')).toBe('12');
  });

  it('cuts typed text to 10 characters', () => {
    expect(sanitizeAmount('12345678901')).toBe('1234567890');
  });

  it('lets an amount of shares keep all 8 decimals past 10 characters', () => {
    expect(nextAmountText('109.86333655', '', SHARES_INPUT_MAX_LENGTH)).toBe('109.86333655');
    expect(nextAmountText('1234567890.12345678', '', SHARES_INPUT_MAX_LENGTH)).toBe(
      '1234567890.12345678',
    );
  });

  it("writes every held share exactly for a sell's Max", () => {
    expect(allSharesText(10_986_333_655n)).toBe('109.86333655');
    expect(allSharesText(123_456_789_012_345_678n)).toBe('1234567890.12345678');
    expect(allSharesText(0n)).toBe('0');
  });

  it('writes a dollar Max to the cent, never rounding up', () => {
    expect(maxUsdText(100.1)).toBe('100.10');
    expect(maxUsdText(1234.56)).toBe('1234.56');
    expect(maxUsdText(0)).toBe('0');
  });

  it('writes tiny numbers without an exponent', () => {
    expect(amountText(1e-7)).toBe('0.0000001');
  });

  it('cuts a Max value down (never up) to fit 10 characters', () => {
    expect(amountText(12345.123456789)).toBe('12345.1234');
    expect(amountText(0.999999999)).toBe('0.99999999');
  });

  it('writes 0 for nothing to fill', () => {
    expect(amountText(0)).toBe('0');
  });

  it('reads empty or partial text as 0', () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('.')).toBe(0);
    expect(parseAmount('.5')).toBe(0.5);
  });
});
