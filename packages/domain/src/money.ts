/**
 * Exact money. Three integer scales, each a bigint, never a binary float:
 * - Cents: US dollars in hundredths (cash, order totals, reserved cash).
 * - ShareUnits: shares in 1e-8 units (holdings, order sizes).
 * - PriceUnits: dollars per share in 1e-8 units (cheap coins need 8 decimals).
 * Floats appear only at the edges (JSON numbers on the wire), through the named
 * conversions below, which go via the number's shortest decimal text so 0.1 stays 0.1.
 */
export type Cents = bigint;
export type ShareUnits = bigint;
export type PriceUnits = bigint;

export const CENT_DECIMALS = 2;
export const SHARE_DECIMALS = 8;
export const PRICE_DECIMALS = 8;
export const SHARE_SCALE = 10n ** BigInt(SHARE_DECIMALS);
export const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);
/** shares (1e-8) x price (1e-8) is in 1e-16 dollars; this turns it into cents. */
const SHARE_PRICE_TO_CENTS = (SHARE_SCALE * PRICE_SCALE) / 100n;

/** Digits after the decimal point of a finite number's shortest decimal representation. */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  const [mantissa = '', exp = '0'] = value.toString().toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exp));
}

/** Whole cents: the USD rule of every request (at most 2 decimals; contract USD_DECIMALS_MESSAGE). */
export const isWholeCents = (usd: number): boolean => decimalPlaces(usd) <= CENT_DECIMALS;

/**
 * Parses a decimal (a JSON number or its text) into an integer count of 10^-decimals units.
 * Returns null when it is not finite or has more decimals than the scale holds: callers
 * reject such input instead of rounding it silently.
 */
export function parseDecimal(value: number | string, decimals: number): bigint | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) return null;
  const units = BigInt(whole + trimmed.padEnd(decimals, '0'));
  return sign ? -units : units;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = value.toString();
  if (!/e/i.test(text)) return text;
  // toFixed keeps exactness for the magnitudes we accept (at most 20 fraction digits).
  const places = decimalPlaces(value);
  if (places > 20 || Math.abs(value) >= 1e21) return null;
  return value.toFixed(places);
}

/** Formats units as plain decimal text, dropping trailing zeros ("1.5", "100", "0.00000001"). */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const MAX_EXACT_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * units / 10^decimals as the nearest JSON number: the same number as Number(formatUnits(...)).
 * Below 2^53 both the units and 10^decimals (decimals <= 22) are exact doubles, and IEEE division
 * rounds the exact quotient to the nearest double, as parsing its decimal text does; the division
 * is several times cheaper than building the text, and every answer carries hundreds of these.
 */
export function unitsToNumber(units: bigint, decimals: number): number {
  if (units <= MAX_EXACT_UNITS && units >= -MAX_EXACT_UNITS && decimals <= 22) {
    return Number(units) / 10 ** decimals;
  }
  return Number(formatUnits(units, decimals));
}

/** Named conversions to the wire (JSON numbers). */
export const centsToNumber = (cents: Cents): number => unitsToNumber(cents, CENT_DECIMALS);
export const sharesToNumber = (units: ShareUnits): number => unitsToNumber(units, SHARE_DECIMALS);
export const priceToNumber = (units: PriceUnits): number => unitsToNumber(units, PRICE_DECIMALS);

/** Named conversions from the wire; null when the number does not fit the scale exactly. */
export const centsFromNumber = (value: number): Cents | null => parseDecimal(value, CENT_DECIMALS);
export const sharesFromNumber = (value: number): ShareUnits | null =>
  parseDecimal(value, SHARE_DECIMALS);
export const priceFromNumber = (value: number): PriceUnits | null =>
  parseDecimal(value, PRICE_DECIMALS);

/** Ceiling division; bigint division truncates toward zero, so only same-sign remainders round up. */
function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n === b > 0n ? q + 1n : q;
}

/** What buying `shares` at `price` costs: rounded up to the cent so rounding never creates money. */
export function costOfShares(shares: ShareUnits, price: PriceUnits): Cents {
  return divCeil(shares * price, SHARE_PRICE_TO_CENTS);
}

/** What selling `shares` at `price` raises: rounded down to the cent. */
export function proceedsOfShares(shares: ShareUnits, price: PriceUnits): Cents {
  return (shares * price) / SHARE_PRICE_TO_CENTS;
}

/** Shares that `cents` buys at `price`: rounded down to 1e-8 shares. */
export function sharesForCents(cents: Cents, price: PriceUnits): ShareUnits {
  return (cents * SHARE_PRICE_TO_CENTS) / price;
}

/** Shares to sell at `price` to raise at least `cents`: rounded up to 1e-8 shares. */
export function sharesToRaiseCents(cents: Cents, price: PriceUnits): ShareUnits {
  return divCeil(cents * SHARE_PRICE_TO_CENTS, price);
}

/** Value of a holding at a price, to the cent, rounded down (what it would fetch). */
export const valueOfShares = proceedsOfShares;

/** A price as dollars-per-share from a total and a size, rounded to the price scale. */
export function averagePrice(totalCents: Cents, shares: ShareUnits): PriceUnits {
  if (shares === 0n) return 0n;
  const scaled = totalCents * SHARE_PRICE_TO_CENTS;
  return (scaled + shares / 2n) / shares;
}

export const bigMin = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const bigMax = (a: bigint, b: bigint): bigint => (a > b ? a : b);
