import {
  alertReached,
  formatExactPrice,
  formatUnits,
  parseDecimal,
  PRICE_DECIMALS,
  priceFromNumber,
  type AlertDirection,
} from '@papertrade/domain';

const DOLLAR = 10n ** BigInt(PRICE_DECIMALS);

/** Keeps `digits` significant digits of a price in 1e-8 units (a suggestion should be a round number). */
function roundUnits(units: bigint, digits: number): bigint {
  const length = units.toString().length;
  if (length <= digits) return units;
  const step = 10n ** BigInt(length - digits);
  return ((units + step / 2n) / step) * step;
}

/**
 * What the price field starts with: 5% past the current price on the chosen side, rounded to
 * cents for prices of a dollar or more and to 4 significant digits below, so the user edits a
 * plausible level instead of typing one from nothing. Exact units throughout, never a float sum.
 */
export function suggestedLevel(currentPrice: number, direction: AlertDirection): string {
  const current = priceFromNumber(currentPrice) ?? 0n;
  const moved = (current * (direction === 'ABOVE' ? 105n : 95n)) / 100n;
  const rounded =
    moved >= DOLLAR
      ? ((moved + DOLLAR / 200n) / (DOLLAR / 100n)) * (DOLLAR / 100n)
      : roundUnits(moved, 4);
  return formatUnits(rounded, PRICE_DECIMALS);
}

/**
 * The error to show under the price field, or null when the server would take it: the same
 * rules as POST /alerts (positive, at most 8 decimals, not already reached), said for a person.
 */
export function levelError(
  text: string,
  direction: AlertDirection,
  currentPrice: number,
  symbol: string,
): string | null {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (cleaned === '') return 'Enter a price';
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return 'Enter a price as a number, like 61000.50';
  const level = parseDecimal(
    cleaned.endsWith('.') ? cleaned.slice(0, -1) : cleaned,
    PRICE_DECIMALS,
  );
  if (level === null) return 'A price has at most 8 decimals';
  if (level <= 0n) return 'The price must be greater than 0';
  if (level > 1_000_000_000n * DOLLAR) return 'The price must be at most $1,000,000,000';
  const current = priceFromNumber(currentPrice);
  if (current !== null && alertReached(direction, level, current)) {
    const side = direction === 'ABOVE' ? 'above' : 'below';
    return `${symbol} is at $${formatExactPrice(currentPrice)} now: choose a price ${side} it`;
  }
  return null;
}

/** The field's text as the number the API takes (call only once levelError is null). */
export function levelValue(text: string): number {
  return Number(text.replace(/[\s,$]/g, ''));
}
