import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('starting balance', () => {
  it('every choice a reset offers, the default among them, is inside the range a reset accepts', () => {
    expect(c.STARTING_BALANCE_CHOICES).toContain(c.STARTING_BALANCE_USD);
    for (const choice of c.STARTING_BALANCE_CHOICES) {
      expect(choice).toBeGreaterThanOrEqual(c.STARTING_BALANCE_MIN);
      expect(choice).toBeLessThanOrEqual(c.STARTING_BALANCE_MAX);
    }
  });
});

describe('asset names', () => {
  it('a cut name plus its ellipsis is no longer than a name that is not cut', () => {
    expect(c.ASSET_NAME_CUT + 1).toBeLessThanOrEqual(c.ASSET_NAME_MAX);
  });
});
