import { formatExactPrice } from './format.ts';
import { priceToNumber, type PriceUnits } from './money.ts';

/**
 * Rules of the orders that wait for a price (docs/api.md "Orders beyond market and limit"): when
 * each kind acts and what its fill says about why. The server's index queries implement the same
 * comparisons in SQL (features/trading/crossing-orders.ts); these are their reference.
 */
export type WorkingOrderKind = 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'TRAILING_STOP';
export type OrderSide = 'PURCHASE' | 'SELL';

/**
 * A trail of 0.1 % is already inside a quiet minute's noise, and one past 50 % is no longer a
 * stop; Alpaca and most brokers take the same range. Percent trails carry at most 2 decimals and
 * are kept in basis points.
 */
export const TRAIL_PERCENT_MIN = 0.1;
export const TRAIL_PERCENT_MAX = 50;
export const TRAIL_BPS_MIN = 10n;
export const TRAIL_BPS_MAX = 5_000n;

/** A limit acts on a PURCHASE when the price is at or below it, on a SELL at or above. */
export function limitCrossed(side: OrderSide, limit: PriceUnits, price: PriceUnits): boolean {
  return side === 'PURCHASE' ? price <= limit : price >= limit;
}

/** A stop acts on a SELL when the price is at or below it, on a PURCHASE at or above. */
export function stopCrossed(side: OrderSide, stop: PriceUnits, price: PriceUnits): boolean {
  return side === 'PURCHASE' ? price >= stop : price <= stop;
}

/**
 * Whether a stop placed now would act on the very next tick: a SELL stop must be below the
 * current price, a PURCHASE stop above it, or it is a market order by another name.
 */
export function stopOnWrongSide(side: OrderSide, stop: PriceUnits, price: PriceUnits): boolean {
  return stopCrossed(side, stop, price);
}

/** A trail in basis points of the water mark, or in price units. */
export type Trail = { bps: bigint } | { amount: PriceUnits };

/**
 * A trailing order's stop for its water mark (the highest price since placing for a SELL, the
 * lowest for a PURCHASE): the mark minus the trail for a SELL, plus it for a PURCHASE. The percent
 * part is mark x bps / 10,000 rounded down, computed as the server's SQL does (split at 10,000 so
 * that a $1,000,000,000 price times 5,000 bps stays inside 64 bits there too).
 */
export function trailingStop(side: OrderSide, mark: PriceUnits, trail: Trail): PriceUnits {
  const offset =
    'bps' in trail
      ? (mark / 10_000n) * trail.bps + ((mark % 10_000n) * trail.bps) / 10_000n
      : trail.amount;
  return side === 'SELL' ? mark - offset : mark + offset;
}

/** A water mark moves with a SELL's new high or a PURCHASE's new low, never back. */
export function nextWaterMark(side: OrderSide, mark: PriceUnits, price: PriceUnits): PriceUnits {
  if (side === 'SELL') return price > mark ? price : mark;
  return price < mark ? price : mark;
}

/** A DAY order expires at the first 00:00 UTC after it was placed. */
export function nextUtcMidnight(now: number): number {
  const day = 86_400_000;
  return Math.floor(now / day) * day + day;
}

/** "$61,050.00", "$0.25412": every digit of the price, as a dollar amount. */
const shown = (units: PriceUnits) => `$${formatExactPrice(priceToNumber(units))}`;

export interface FillCause {
  orderType: WorkingOrderKind;
  side: OrderSide;
  tickPrice: PriceUnits;
  limitPrice: PriceUnits | null;
  stopPrice: PriceUnits | null;
  waterMark: PriceUnits | null;
  trail: Trail | null;
}

function trailText(trail: Trail): string {
  if ('amount' in trail) return shown(trail.amount);
  const whole = trail.bps / 100n;
  const cents = trail.bps % 100n;
  return `${whole}${cents ? `.${String(cents).padStart(2, '0').replace(/0$/, '')}` : ''}%`;
}

/**
 * Why a working order filled, in words: "price $61,020.15 reached the stop at $61,050.00". Prices
 * are dollar amounts with every significant digit (2 to 8 decimals), as in docs/api.md. The text
 * carries no brackets of its own, so a notification can put it in brackets and stay balanced.
 */
export function fillReason(c: FillCause): string {
  const price = `price ${shown(c.tickPrice)}`;
  const stop = c.stopPrice === null ? '' : shown(c.stopPrice);
  switch (c.orderType) {
    case 'STOP':
      return `${price} reached the stop at ${stop}`;
    case 'STOP_LIMIT':
      return `${price} reached the limit at ${shown(c.limitPrice ?? 0n)} after the stop at ${stop} was reached`;
    case 'TRAILING_STOP': {
      if (c.trail === null || c.waterMark === null)
        return `${price} reached the trailing stop at ${stop}`;
      const where =
        c.side === 'SELL'
          ? `below the high of ${shown(c.waterMark)}`
          : `above the low of ${shown(c.waterMark)}`;
      return `${price} reached the trailing stop at ${stop}, ${trailText(c.trail)} ${where}`;
    }
    default:
      return `${price} reached the limit at ${shown(c.limitPrice ?? 0n)}`;
  }
}
