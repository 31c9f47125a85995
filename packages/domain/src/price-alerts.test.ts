import { describe, expect, it } from 'vitest';
import { alertReached } from './price-alerts.ts';

describe('alertReached', () => {
  it('an ABOVE alert is reached at its level and above, not below', () => {
    expect(alertReached('ABOVE', 100n, 99n)).toBe(false);
    expect(alertReached('ABOVE', 100n, 100n)).toBe(true);
    expect(alertReached('ABOVE', 100n, 101n)).toBe(true);
  });

  it('a BELOW alert is reached at its level and below, not above', () => {
    expect(alertReached('BELOW', 100n, 101n)).toBe(false);
    expect(alertReached('BELOW', 100n, 100n)).toBe(true);
    expect(alertReached('BELOW', 100n, 99n)).toBe(true);
  });
});
