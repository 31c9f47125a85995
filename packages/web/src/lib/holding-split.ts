/**
 * Free and reserved shares of one asset. The User's `assets` holds the free shares only: a working
 * sell takes its shares out until it fills or is cancelled (docs/api.md, Shapes), so the holding is
 * the free shares plus what the asset's working sells reserve. Exact units, so 0.1 + 0.2 adds up.
 */
import { formatShares, holdsReservation, sharesToNumber, type User } from '@papertrade/domain';
import { toShareUnits } from './portfolio.ts';
import { isWorkingOrder } from './order-status.ts';

export interface HoldingSplit {
  total: number;
  free: number;
  reserved: number;
  /** The working sells that reserve shares. */
  orders: number;
}

export function holdingSplit(user: User, symbol: string): HoldingSplit {
  const free = toShareUnits(user.assets[symbol]);
  const sells = user.limitPositions.filter(
    (p) =>
      isWorkingOrder(p) &&
      p.symbol === symbol &&
      p.type === 'SELL' &&
      (p.sellAsk ?? 0) > 0 &&
      holdsReservation(p),
  );
  const reserved = sells.reduce((sum, p) => sum + toShareUnits(p.sellAsk), 0n);
  return {
    total: sharesToNumber(free + reserved),
    free: sharesToNumber(free),
    reserved: sharesToNumber(reserved),
    orders: sells.length,
  };
}

/** "2.0000 free, 4.0000 reserved by 2 orders"; null when nothing is reserved. */
export function splitText(split: HoldingSplit): string | null {
  if (split.reserved <= 0) return null;
  const orders = split.orders === 1 ? '1 order' : `${split.orders} orders`;
  return `${formatShares(split.free)} free, ${formatShares(split.reserved)} reserved by ${orders}`;
}

/** "0.0103 reserved by 1 order" under a holding's shares (/home and /portfolio); null when none are. */
export function reservedNote(split: HoldingSplit): string | null {
  if (split.reserved <= 0) return null;
  return `${formatShares(split.reserved)} reserved by ${split.orders === 1 ? '1 order' : `${split.orders} orders`}`;
}
