import {
  sharesToNumber,
  type BookLevel,
  type OrderBookLevels,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { cumulativeShares } from '../../lib/order-book.ts';

/** The ladder's levels a side: the nearest, where the market trades next; the chart shows all. */
export const LADDER_LEVELS = 10;

/** Price text with `decimals` decimals, grouped: display only, the sums stay in units. */
export function ladderPriceText(price: PriceUnits, decimals: number): string {
  return (Number(price) / 1e8).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/**
 * The fewest decimals (2 to 8) at which no two neighbouring levels read alike: a cheap coin's
 * levels are fractions of a cent apart, and "5.01, 5.01, 5.02" would hide that they differ.
 */
export function ladderDecimals(book: OrderBookLevels): number {
  const prices = [...book.asks.map((l) => l.price).reverse(), ...book.bids.map((l) => l.price)];
  for (let decimals = 2; decimals < 8; decimals++) {
    const texts = prices.map((p) => ladderPriceText(p, decimals));
    if (texts.every((text, i) => i === 0 || text !== texts[i - 1])) return decimals;
  }
  return 8;
}

/**
 * A level's size, short enough for three columns on a phone: 2 decimals from 1,000, 4 from 1, 4
 * significant digits below (display only; the running totals are summed in share units).
 */
export function ladderSharesText(shares: ShareUnits): string {
  const n = sharesToNumber(shares);
  const options: Intl.NumberFormatOptions =
    n >= 1000
      ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : n >= 1
        ? { minimumFractionDigits: 4, maximumFractionDigits: 4 }
        : { minimumSignificantDigits: 4, maximumSignificantDigits: 4 };
  return n.toLocaleString('en-US', options);
}

export interface DepthGeometry {
  /** SVG path data of the filled steps, in a 0..width x 0..height box, y down. */
  bidPath: string;
  askPath: string;
  low: PriceUnits;
  high: PriceUnits;
}

/**
 * The depth chart's areas: cumulative shares against price, bids stepping up to the left of the
 * spread and asks to the right, on one scale so the deeper side reads deeper. Floats only place
 * the drawing.
 */
export function depthGeometry(
  book: OrderBookLevels,
  width: number,
  height: number,
): DepthGeometry | null {
  const { bids, asks } = book;
  const lastBid = bids.at(-1);
  const lastAsk = asks.at(-1);
  if (!lastBid || !lastAsk) return null;
  const low = lastBid.price;
  const high = lastAsk.price;
  const span = Number(high - low) || 1;
  const bidTotals = cumulativeShares(bids);
  const askTotals = cumulativeShares(asks);
  const top = Number(
    (bidTotals.at(-1) ?? 0n) > (askTotals.at(-1) ?? 0n) ? bidTotals.at(-1) : askTotals.at(-1),
  );
  const x = (price: PriceUnits) => ((Number(price - low) / span) * width).toFixed(2);
  const y = (shares: bigint) => (height - (Number(shares) / (top || 1)) * height).toFixed(2);
  const steps = (levels: readonly BookLevel[], totals: readonly bigint[]) => {
    // From the best level outward: flat at the running total until the next level's price.
    let d = `M${x(levels[0]!.price)},${height}`;
    levels.forEach((level, i) => {
      d += ` L${x(level.price)},${y(totals[i - 1] ?? 0n)} L${x(level.price)},${y(totals[i]!)}`;
    });
    return `${d} L${x(levels.at(-1)!.price)},${height} Z`;
  };
  return { bidPath: steps(bids, bidTotals), askPath: steps(asks, askTotals), low, high };
}
