import { describe, expect, it } from 'vitest';
import { formatChartPrice, formatChartTicks, minimumRangeAutoscale } from './chart-scale.ts';

describe('chart price scale', () => {
  it('writes axis ticks as short as they stay exact: thousands as k, no cents that are all zero', () => {
    expect(formatChartTicks([99_500, 99_750, 100_000, 100_250])).toEqual([
      '$99.5k',
      '$99.75k',
      '$100k',
      '$100.25k',
    ]);
    expect(formatChartTicks([1_000, 1_500, 2_000])).toEqual(['$1,000', '$1,500', '$2,000']);
    expect(formatChartTicks([0.0001, 0.00015, 0.0002])).toEqual(['$0.0001', '$0.00015', '$0.0002']);
    expect(formatChartTicks([12_000_000, 12_500_000])).toEqual(['$12M', '$12.5M']);
    expect(formatChartTicks([100_000.06, 100_000.08])).toEqual(['$100,000.06', '$100,000.08']);
  });

  it('formats prices in dollars with thousands separators', () => {
    expect(formatChartPrice(100_000.06)).toBe('$100,000.06');
    expect(formatChartPrice(1)).toBe('$1.00');
  });

  it('keeps the significant decimals of prices under $1', () => {
    expect(formatChartPrice(0.00012345)).toBe('$0.0001235');
    expect(formatChartPrice(0.5)).toBe('$0.5000');
  });

  it('widens a flat range to 1% of its value, centred on it', () => {
    const autoscale = minimumRangeAutoscale(0.01);
    const info = autoscale(() => ({ priceRange: { minValue: 100_000, maxValue: 100_000.06 } }));
    expect(info!.priceRange.minValue).toBeCloseTo(99_500.03, 2);
    expect(info!.priceRange.maxValue).toBeCloseTo(100_500.03, 2);
  });

  it('leaves a range wider than 1% and an empty one as they are', () => {
    const autoscale = minimumRangeAutoscale(0.01);
    const wide = { priceRange: { minValue: 90_000, maxValue: 110_000 } };
    expect(autoscale(() => wide)).toEqual(wide);
    expect(autoscale(() => ({ priceRange: null }))).toEqual({ priceRange: null });
    expect(autoscale(() => null)).toBeNull();
  });
});
