/**
 * The largest numbers the ledger accepts (docs/decisions/005-transactions-and-bounds.md). Checked
 * where a number enters (request, market price, order quote), so that no sum or product the
 * server or the database makes can leave a 64-bit integer, whatever prices the market reaches.
 * Each is far beyond anything a learner trades, and far inside 9.2e18, the 64-bit limit.
 */
import type { Cents, PriceUnits, ShareUnits } from './money.ts';

/** $1,000,000,000 a share (1e17 price units): ten thousand times today's dearest asset. */
export const MAX_PRICE_UNITS: PriceUnits = 10n ** 17n;
/** The smallest price, 1e-8 dollar: a price is never 0, so nothing divides by it. */
export const MIN_PRICE_UNITS: PriceUnits = 1n;
/** $10,000,000,000 for one order, what it costs or raises. */
export const MAX_ORDER_CENTS: Cents = 10n ** 12n;
/** 10,000,000,000 shares in one order, and in one holding. */
export const MAX_ORDER_SHARE_UNITS: ShareUnits = 10n ** 18n;
export const MAX_HOLDING_UNITS: ShareUnits = 10n ** 18n;
/** $10,000,000,000,000 of free cash: a sale that would pass it is refused. */
export const MAX_CASH_CENTS: Cents = 10n ** 15n;
/**
 * A balance point is stored in a 64-bit column; holdings at extreme prices could in theory be
 * worth more, so a stored point never exceeds this ($90 quadrillion). Live totals stay exact.
 */
export const MAX_RECORDED_BALANCE_CENTS: Cents = 9n * 10n ** 18n;

/** A number outside the bounds above; the server answers it as 400 with `code`. */
export class BoundsError extends RangeError {
  constructor(
    readonly code: 'AMOUNT_TOO_LARGE' | 'PRICE_OUT_OF_RANGE',
    message: string,
  ) {
    super(message);
    this.name = 'BoundsError';
  }
}

export function checkPrice(price: PriceUnits): PriceUnits {
  if (price < MIN_PRICE_UNITS || price > MAX_PRICE_UNITS) {
    throw new BoundsError(
      'PRICE_OUT_OF_RANGE',
      'A price must be between $0.00000001 and $1,000,000,000',
    );
  }
  return price;
}

/** An order's size and total, each within its bound. */
export function checkOrderSize(shares: ShareUnits, totalCents: Cents): void {
  if (shares > MAX_ORDER_SHARE_UNITS) {
    throw new BoundsError('AMOUNT_TOO_LARGE', 'One order can trade at most 10,000,000,000 shares');
  }
  if (totalCents > MAX_ORDER_CENTS) {
    throw new BoundsError('AMOUNT_TOO_LARGE', 'One order can be worth at most $10,000,000,000');
  }
}

export const clampRecordedBalance = (cents: Cents): Cents =>
  cents > MAX_RECORDED_BALANCE_CENTS ? MAX_RECORDED_BALANCE_CENTS : cents;
