import { formatPrice, numberFormat } from '@papertrade/domain';

/**
 * The price axis's tick labels, as short as they can be and still exact: "$100.25k", not
 * "$100,250.00" (on a phone those took a third of the chart). From $10,000 up in thousands (k) or
 * millions (M); the fewest decimals that write every tick exactly, at most 8.
 */
export function formatChartTicks(prices: readonly number[]): string[] {
  const top = Math.max(0, ...prices.map((p) => Math.abs(p)));
  const exactDecimals = (unit: number) => {
    let d = 0;
    const off = (v: number) => Math.abs(v * 10 ** d - Math.round(v * 10 ** d)) > 1e-6;
    while (d < 8 && prices.some((p) => off(p / unit))) d += 1;
    return d;
  };
  let [unit, suffix] =
    top >= 10_000_000 ? [1_000_000, 'M'] : top >= 10_000 ? [1_000, 'k'] : [1, ''];
  let decimals = exactDecimals(unit);
  // Ticks a few cents apart on a big figure (a flat day): "$100,000.06" reads better than "$100.00006k".
  if (unit > 1 && decimals > 2) [unit, suffix, decimals] = [1, '', exactDecimals(1)];
  const format = numberFormat({ maximumFractionDigits: decimals });
  return prices.map((p) => `${p < 0 ? '−' : ''}$${format.format(Math.abs(p) / unit)}${suffix}`);
}

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
