import type { BalancePoint, HistoryEntry } from '@papertrade/domain';

/**
 * Whether this portfolio has traded in its current epoch (since sign-up or the last reset): a
 * fill in its history, or a limit order that filled. Until then its balance history is the
 * starting balance and a live point seconds later, which says nothing a chart could show.
 */
export function hasTraded(history: readonly HistoryEntry[]): boolean {
  return history.some((e) =>
    'status' in e ? e.status === 'FILLED' : !('archived' in e && e.archived),
  );
}

/** Below this span the time axis shows seconds: minutes alone would label two points alike. */
const SHORT_SPAN_MS = 10 * 60_000;

/** Whether the points span so short a time that their time labels need seconds to differ. */
export function needsSeconds(points: readonly BalancePoint[]): boolean {
  if (points.length < 2) return false;
  const times = points.map((p) => p.timestamp);
  return Math.max(...times) - Math.min(...times) < SHORT_SPAN_MS;
}
