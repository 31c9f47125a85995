/** History and balance-history rules (docs/product.md, Orders and history; docs/pages.md, Home). */
import { RECENT_HISTORY_COUNT } from './constants.ts';

const DAY_MS = 86_400_000;

/** The latest `count` entries by timestamp, newest first; the input is left as it was. */
export function latestEntries<T extends { timestamp: number }>(
  entries: readonly T[],
  count = RECENT_HISTORY_COUNT,
): T[] {
  return [...entries].sort((a, b) => b.timestamp - a.timestamp).slice(0, Math.max(0, count));
}

/**
 * A history entry with a limitAsk is a working limit order (docs/product.md, Orders and history). A limit order that carries
 * a status other than WORKING (filled, cancelled) is not working, whatever else it carries.
 */
export function isWorkingEntry(entry: object): boolean {
  if (!('limitAsk' in entry) || typeof entry.limitAsk !== 'number') return false;
  return !('status' in entry) || entry.status === undefined || entry.status === 'WORKING';
}

/** The type a history row shows: WORKING for working limit orders, else PURCHASE or SELL. */
export function historyEntryType(entry: {
  type: 'PURCHASE' | 'SELL';
}): 'PURCHASE' | 'SELL' | 'WORKING' {
  return isWorkingEntry(entry) ? 'WORKING' : entry.type;
}

export interface BalancePointLike {
  timestamp: number;
  balance: number;
}

/**
 * Balance history for a chart range (docs/pages.md, Home): the points of the last `range` days before `now`,
 * or every point for 'max'; oldest first, the input left as it was.
 */
export function filterBalanceHistory<T extends BalancePointLike>(
  points: readonly T[],
  range: number | 'max',
  now: number,
): T[] {
  const from = range === 'max' ? -Infinity : now - range * DAY_MS;
  return points.filter((p) => p.timestamp >= from).sort((a, b) => a.timestamp - b.timestamp);
}
