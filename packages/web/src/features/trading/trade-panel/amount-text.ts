import {
  decimalPlaces,
  formatUnits,
  SHARE_DECIMALS,
  type AmountUnit,
  type ShareUnits,
} from '@papertrade/domain';
import { AMOUNT_INPUT_MAX_LENGTH } from '../../../lib/ui-constants.ts';

/**
 * An amount of shares may need all 8 decimals of the share scale beside a whole part of the
 * usual 10 characters: a holding of 109.86333655 cut to 10 characters would sell all but dust.
 */
export const SHARES_INPUT_MAX_LENGTH = AMOUNT_INPUT_MAX_LENGTH + 1 + SHARE_DECIMALS;

/** The amount input's length: 10 characters for dollars and prices, more for shares. */
export function amountMaxLength(unit: AmountUnit): number {
  return unit === 'SYMBOL' ? SHARES_INPUT_MAX_LENGTH : AMOUNT_INPUT_MAX_LENGTH;
}

/**
 * docs/pages.md, Trade panel: the amount input takes numbers only (digits and one decimal point), at most 10
 * characters (shares: SHARES_INPUT_MAX_LENGTH). Anything else typed or pasted is dropped.
 */
export function sanitizeAmount(raw: string, maxLength: number = AMOUNT_INPUT_MAX_LENGTH): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const single =
    dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
  return single.slice(0, maxLength);
}

/**
 * What the amount input shows after an edit. Grouping commas and spaces ("1,000") are dropped,
 * but text with any other character ("-5", "1e5", "$20") leaves the input as it was: silently
 * keeping the digits would place an order for an amount the user never typed.
 */
export function nextAmountText(
  raw: string,
  previous: string,
  maxLength: number = AMOUNT_INPUT_MAX_LENGTH,
): string {
  return /^[\d.,\s]*$/.test(raw) ? sanitizeAmount(raw, maxLength) : previous;
}

/**
 * A number as input text that fits the 10-character input: plain digits (never 1e-7), trailing
 * zeros dropped, decimals cut (rounded down, so a Max never asks for more than there is).
 */
export function amountText(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  // Shares have at most 8 decimals; anything finer is cut first so toFixed cannot round up.
  const floored = decimalPlaces(value) > 8 ? Math.floor(value * 1e8) / 1e8 : value;
  const [whole = '0', fraction = ''] = floored.toFixed(8).split('.');
  if (whole.length >= AMOUNT_INPUT_MAX_LENGTH) return whole.slice(0, AMOUNT_INPUT_MAX_LENGTH);
  const room = AMOUNT_INPUT_MAX_LENGTH - whole.length - 1;
  const cut = fraction.slice(0, room).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

/** The typed amount as a number; 0 when empty or not a number. */
export function parseAmount(text: string): number {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : 0;
}

/**
 * Max on a sell: every held share, exactly ("109.86333655"), from the exact units, so the order
 * sells the whole holding and leaves no dust. Never cut to fit a field.
 */
export function allSharesText(shares: ShareUnits): string {
  return shares > 0n ? formatUnits(shares, SHARE_DECIMALS) : '0';
}

/** Max in dollars: always to the cent ("100.10", not "100.1"), rounded down. */
export function maxUsdText(usd: number): string {
  if (!Number.isFinite(usd) || usd <= 0) return '0';
  return (Math.floor(Math.round(usd * 1000) / 10) / 100).toFixed(2);
}
