import { decimalPlaces } from '@papertrade/domain';
import { AMOUNT_INPUT_MAX_LENGTH } from '../../../lib/ui-constants.ts';

/**
 * docs/pages.md, Trade panel: the amount input takes numbers only (digits and one decimal point), at most 10
 * characters. Anything else typed or pasted is dropped.
 */
export function sanitizeAmount(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const single =
    dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
  return single.slice(0, AMOUNT_INPUT_MAX_LENGTH);
}

/**
 * What the amount input shows after an edit. Grouping commas and spaces ("1,000") are dropped,
 * but text with any other character ("-5", "1e5", "$20") leaves the input as it was: silently
 * keeping the digits would place an order for an amount the user never typed.
 */
export function nextAmountText(raw: string, previous: string): string {
  return /^[\d.,\s]*$/.test(raw) ? sanitizeAmount(raw) : previous;
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
