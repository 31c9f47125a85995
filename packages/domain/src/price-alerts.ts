import type { PriceUnits } from './money.ts';

/**
 * Waiting alerts per user. Each one is a row the tick's index probe may meet, and a list of
 * more than a screenful stops being read; 50 is TradingView's free allowance too.
 */
export const MAX_ACTIVE_ALERTS = 50;

/** Alerts already fired that a user's list keeps (and the server stores), newest first. */
export const MAX_TRIGGERED_ALERTS = 50;

export type AlertDirection = 'ABOVE' | 'BELOW';

/**
 * Whether `price` has reached an alert's level: an ABOVE alert at or above it, a BELOW alert at
 * or below it. The tick fires an alert on the first price that reaches it; creating one that the
 * current price already reaches is refused, since it would fire on the very next tick and tell
 * the user nothing they do not see on the screen.
 */
export function alertReached(
  direction: AlertDirection,
  level: PriceUnits,
  price: PriceUnits,
): boolean {
  return direction === 'ABOVE' ? price >= level : price <= level;
}
