import { describe, expect, it } from 'vitest';
import { depthGeometry, ladderDecimals, ladderSharesText } from './book-display.ts';

const level = (price: bigint, shares: bigint) => ({ price, shares });

describe('book display', () => {
  it('prices get 2 decimals unless neighbouring levels would read alike', () => {
    expect(
      ladderDecimals({ asks: [level(10_010_000_000n, 1n)], bids: [level(9_990_000_000n, 1n)] }),
    ).toBe(2);
    // $5.0012 and $5.0018 both read "5.00" at 2 decimals, and "5.001" and "5.002" at 3.
    expect(
      ladderDecimals({ asks: [level(500_180_000n, 1n)], bids: [level(500_120_000n, 1n)] }),
    ).toBe(3);
  });

  it('sizes are short: 2 decimals from 1,000, 4 from 1, 4 significant digits below', () => {
    expect(ladderSharesText(140_889_030_270n)).toBe('1,408.89');
    expect(ladderSharesText(273_488_990_58n)).toBe('273.4890');
    expect(ladderSharesText(1_234_567n)).toBe('0.01235');
  });

  it('the depth chart steps up from the spread on each side, on one scale', () => {
    const geometry = depthGeometry(
      {
        bids: [level(900n, 1n), level(800n, 1n)],
        asks: [level(1100n, 2n), level(1200n, 2n)],
      },
      400,
      100,
    );
    // Price 800..1200 across 400 px; the asks' 4 shares reach the top, the bids' 2 half way.
    expect(geometry?.bidPath).toBe(
      'M100.00,100 L100.00,100.00 L100.00,75.00 L0.00,75.00 L0.00,50.00 L0.00,100 Z',
    );
    expect(geometry?.askPath).toBe(
      'M300.00,100 L300.00,100.00 L300.00,50.00 L400.00,50.00 L400.00,0.00 L400.00,100 Z',
    );
    expect(depthGeometry({ bids: [], asks: [level(1n, 1n)] }, 400, 100)).toBeNull();
  });
});
