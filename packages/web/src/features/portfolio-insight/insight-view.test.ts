import { describe, expect, it } from 'vitest';
import { allocationSlices, arcPath, shareText } from './insight-view.ts';

describe('allocationSlices', () => {
  it('cash then holdings, each with its share of the total', () => {
    const slices = allocationSlices([
      { symbol: null, value: 75 },
      { symbol: 'BTC', value: 20 },
      { symbol: 'ETH', value: 5 },
    ]);
    expect(slices.map((s) => [s.label, s.share])).toEqual([
      ['Cash', 0.75],
      ['BTC', 0.2],
      ['ETH', 0.05],
    ]);
    expect(new Set(slices.map((s) => s.colour)).size).toBe(3);
  });

  it('past seven slices the smallest holdings become one Other slice; empty cash has no slice', () => {
    const allocation = [
      { symbol: null, value: 0 },
      ...'ABCDEFGHI'.split('').map((s, i) => ({ symbol: s, value: 100 - i })),
    ];
    const slices = allocationSlices(allocation);
    expect(slices.map((s) => s.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'Other']);
    expect(slices.at(-1)?.value).toBe(94 + 93 + 92);
    expect(slices.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 12);
  });
});

describe('shareText', () => {
  it('shares never read 0.0% when there is something', () => {
    expect(shareText(0.0004)).toBe('<0.1%');
    expect(shareText(0.4251)).toBe('42.5%');
    expect(shareText(0)).toBe('0.0%');
  });
});

describe('arcPath', () => {
  it("a quarter from 12 o'clock to 3 o'clock, and a full ring as two halves", () => {
    expect(arcPath(0, 0.25, 10, 6)).toBe(
      'M 0.000 -10.000 A 10 10 0 0 1 10.000 0.000 L 6.000 0.000 A 6 6 0 0 0 0.000 -6.000 Z',
    );
    expect(arcPath(0, 1, 10, 6).match(/M /g)).toHaveLength(2);
  });
});
