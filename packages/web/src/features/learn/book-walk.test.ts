import { describe, expect, it } from 'vitest';
import { bookWalkAmount } from './book-walk.ts';

describe('bookWalkAmount', () => {
  it('buys $20,000 when the cash allows, nine tenths of the cash when it does not', () => {
    expect(bookWalkAmount(100_000)).toBe(20_000);
    expect(bookWalkAmount(5_000.55)).toBe(4_500);
  });

  it('too little cash buys nothing', () => {
    expect(bookWalkAmount(100)).toBeNull();
    expect(bookWalkAmount(0)).toBeNull();
  });
});
