import { describe, expect, it } from 'vitest';
import { MINUS, signedPercent, signedUsd } from './format.ts';

describe('signed figures', () => {
  it('sign dollars and percentages with one minus sign', () => {
    expect(`${signedUsd(-104.47)} (${signedPercent(-5.5)})`).toBe(
      `${MINUS}$104.47 (${MINUS}5.50%)`,
    );
    expect(`${signedUsd(12)} (${signedPercent(1.234)})`).toBe('+$12.00 (+1.23%)');
  });

  it('read zero without a sign when it rounds to zero', () => {
    expect(signedUsd(0.001)).toBe('$0.00');
    expect(signedPercent(-0.001)).toBe('0.00%');
  });
});
