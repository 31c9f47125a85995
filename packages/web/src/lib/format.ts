/**
 * The web app's one set of display rules for signed figures, on top of the number rules in
 * @papertrade/domain (format.ts, docs/decisions/009-number-display.md):
 * - shares: formatShares everywhere (at least 4 decimals, up to 8), never a bare Intl format;
 * - dollars: to the cent (formatUsd); a gain or loss signed with signedUsd;
 * - percentages: 2 decimals; a change signed with signedPercent;
 * - the minus sign of a signed figure is always the real minus (U+2212), never "-" beside "−".
 */
import { formatPercent, formatUsd, percentDirection } from '@papertrade/domain';

/** The one minus sign of every signed figure. */
export const MINUS = '\u2212';

/** Dollars gained or lost, signed: "+$12.00", "−$5.00", "$0.00" when it reads zero. */
export function signedUsd(n: number): string {
  const direction = percentDirection(n);
  if (direction === 0) return formatUsd(0);
  return `${direction > 0 ? '+' : MINUS}${formatUsd(Math.abs(n))}`;
}

/** A change in percent, signed with the same minus: "+1.23%", "−5.50%", "0.00%". */
export function signedPercent(n: number): string {
  return formatPercent(n).replace('-', MINUS);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(timestamp: number): string {
  return dateTime.format(timestamp);
}
