import { describe, expect, it } from 'vitest';
import { bracketProblem } from './brackets.ts';
import { priceFromNumber } from './money.ts';

const p = (n: number) => priceFromNumber(n) ?? 0n;

describe('bracket legs', () => {
  it('a take-profit above the entry and a stop-loss below it are fine, alone or together', () => {
    expect(bracketProblem(p(100), 'the limit', p(120), p(90))).toBeNull();
    expect(bracketProblem(p(100), 'the limit', p(120), null)).toBeNull();
    expect(bracketProblem(p(100), 'the limit', null, p(90))).toBeNull();
  });

  it('a take-profit at or below the stop-loss is named first, under the take-profit', () => {
    expect(bracketProblem(p(100), 'the limit', p(90), p(95))).toMatchObject({
      leg: 'TAKE_PROFIT',
      code: 'TAKE_PROFIT_BELOW_STOP',
    });
    expect(bracketProblem(p(100), 'the limit', p(95), p(95))?.message).toBe(
      'The take-profit ($95.00) must be above the stop-loss ($95.00)',
    );
  });

  it('a take-profit at the entry, or a stop-loss at it, would sell at once', () => {
    expect(bracketProblem(p(100), 'the limit', p(100), null)).toMatchObject({
      leg: 'TAKE_PROFIT',
      code: 'TAKE_PROFIT_BELOW_ENTRY',
    });
    expect(bracketProblem(p(100), 'the current price', null, p(100.5))).toMatchObject({
      leg: 'STOP_LOSS',
      code: 'STOP_LOSS_ABOVE_ENTRY',
      message:
        'The stop-loss must be below the current price of $100.00: at $100.50 it would sell at once',
    });
  });
});
