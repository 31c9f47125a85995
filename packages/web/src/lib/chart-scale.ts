import { formatPrice } from '@papertrade/domain';

/**
 * A chart's price axis and crosshair label in dollars, by the same rules as every price on screen
 * (domain formatPrice: "$100,000.06", "$0.3985", "$0.0001235"), so the chart and the header agree.
 */
export function formatChartPrice(price: number): string {
  return `${price < 0 ? '−' : ''}$${formatPrice(Math.abs(price))}`;
}

interface Autoscale {
  priceRange: { minValue: number; maxValue: number } | null;
}

/**
 * An autoscale that shows at least `fraction` of the values' level, centred on them: a flat day
 * then reads as flat instead of zooming a few cents to the full height of the chart.
 */
export function minimumRangeAutoscale(fraction: number) {
  return <T extends Autoscale>(original: () => T | null): T | null => {
    const info = original();
    if (!info?.priceRange) return info;
    const { minValue, maxValue } = info.priceRange;
    const middle = (minValue + maxValue) / 2;
    const half = Math.max((maxValue - minValue) / 2, (Math.abs(middle) * fraction) / 2);
    return { ...info, priceRange: { minValue: middle - half, maxValue: middle + half } };
  };
}
