/**
 * Display rules of docs/product.md (Numbers on screen, Names and addresses): numbers in, strings out, always en-US so server-made
 * texts (notifications, CSV) and the web app show the same digits.
 */
import { ASSET_NAME_CUT, ASSET_NAME_MAX } from './constants.ts';

/**
 * Decimals shown for USD amounts and, at least, for holdings (docs/product.md, Numbers on screen).
 * The 3 decimals once planned for the success dialog's total are not used: USD is always shown to
 * the cent (docs/decisions/009).
 */
export const DECIMALS = { amount: 2, holding: 4 } as const;

const formatters = new Map<string, Intl.NumberFormat>();
/**
 * An en-US Intl.NumberFormat for `options`, built once: they are slow to build and these run per
 * table cell and per chart tick, so every caller reuses them.
 */
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat('en-US', options);
    formatters.set(key, cached);
  }
  return cached;
}

const fixed = (decimals: number): Intl.NumberFormatOptions => ({
  minimumFractionDigits: decimals,
  maximumFractionDigits: decimals,
});

const SUFFIXES = ['', 'k', 'M', 'B', 'T', 'P', 'E'] as const;

/**
 * 1234 -> "1.23k", 1.5e6 -> "1.5M", -2500 -> "-2.5k". Below 1000 there is no suffix; the same
 * rounding to `decimals` with trailing zeros trimmed applies. Past E the number just grows.
 */
export function abbreviateNumber(n: number, decimals = 2): string {
  if (!Number.isFinite(n)) return String(n);
  let value = Math.abs(n);
  let tier = 0;
  while (value >= 1000 && tier < SUFFIXES.length - 1) {
    value /= 1000;
    tier += 1;
  }
  const format = numberFormat({ maximumFractionDigits: decimals, useGrouping: false });
  // Rounding can carry into the next tier (999,999 -> "1000k"); show "1M" instead.
  if (Number(format.format(value)) >= 1000 && tier < SUFFIXES.length - 1) {
    value /= 1000;
    tier += 1;
  }
  const text = format.format(value);
  const sign = n < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${text}${SUFFIXES[tier] ?? ''}`;
}

/** "0x1234...cdef": the first 6 characters, then the characters from position 38 on (docs/product.md). */
export function shortWalletAddress(address: string): string {
  if (address.length <= 38) return address;
  return `${address.slice(0, 6)}...${address.slice(38)}`;
}

/** Names longer than 14 characters are cut to 12 plus "…" (counted in code points, not UTF-16). */
export function shortAssetName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= ASSET_NAME_MAX) return name;
  return `${chars.slice(0, ASSET_NAME_CUT).join('')}\u2026`;
}

/** The asset named "XRP" is shown as "Ripple" (docs/product.md, Names and addresses). */
export function displayAssetName(name: string): string {
  return name === 'XRP' ? 'Ripple' : name;
}

/** The asset id and url slug: lowercase symbol + "usd" (BTC -> "btcusd"). */
export function pairSlug(symbol: string): string {
  return `${symbol.toLowerCase()}usd`;
}

/** The symbol of a pair slug ("btcusd" -> "BTC"), or null when it is not one. */
export function symbolFromPair(pair: string): string | null {
  const match = /^([a-z0-9]+)usd$/i.exec(pair.trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** "$1,234.50"; negative amounts as "-$1,234.50". */
export function formatUsd(n: number, decimals: number = DECIMALS.amount): string {
  return numberFormat({ style: 'currency', currency: 'USD', ...fixed(decimals) }).format(n);
}

/** A trade amount with 2 decimals ("1,234.50"). */
export function formatAmount(n: number): string {
  return numberFormat(fixed(DECIMALS.amount)).format(n);
}

/**
 * An amount of an asset: at least 4 decimals ("0.5000", docs/product.md), and up to the share scale's 8
 * when the amount has them ("0.01053035", not "0.0105"), so a holding or a fill never reads
 * shorter than it is and nothing non-zero reads "0.0000".
 */
export function formatShares(n: number): string {
  return numberFormat({ minimumFractionDigits: DECIMALS.holding, maximumFractionDigits: 8 }).format(
    n,
  );
}

/**
 * Which way a percentage reads once formatPercent has rounded it: 0.001 reads "0.00%", so it is
 * flat (0), not up; colours follow what people read, not the float behind it.
 */
export function percentDirection(n: number): 1 | -1 | 0 {
  const rounded = Number(n.toFixed(2));
  return rounded > 0 ? 1 : rounded < 0 ? -1 : 0;
}

/** "+1.23%", "-0.50%", and "0.00%" for anything that rounds to zero. */
export function formatPercent(n: number): string {
  return `${numberFormat({ ...fixed(2), signDisplay: 'exceptZero' }).format(n)}%`;
}

/**
 * A market price without currency sign, by magnitude, the way exchanges list them: 2 decimals
 * from 1 up ("43,250.10"), 4 from 0.01 ("0.3985"), below that 4 significant digits ("0.00001234"),
 * so cheap coins never read "0.00" and a list does not mix 2 and 8 decimals.
 */
export function formatPrice(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1) return numberFormat(fixed(2)).format(n);
  if (abs >= 0.01 || abs === 0) return numberFormat(fixed(abs === 0 ? 2 : 4)).format(n);
  return numberFormat({ maximumSignificantDigits: 4, maximumFractionDigits: 8 }).format(n);
}

/**
 * Every digit of a price (2 to 8 decimals, the price scale): for a fill's own price, where the
 * exact number matters more than the look (transaction details, notifications, CSV-like texts).
 */
export function formatExactPrice(n: number): string {
  if (Math.abs(n) >= 1) return numberFormat(fixed(2)).format(n);
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(n);
}

/**
 * USD where space is short (a phone's table column): "$1.23M", "$20.5k", to the cent below
 * 100,000 ("$99,999.99"). Show the full formatUsd value on hover beside it.
 */
export function formatUsdCompact(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) < 100_000) return formatUsd(n);
  const text = abbreviateNumber(Math.abs(n), 2);
  return `${n < 0 ? '-' : ''}$${text}`;
}
