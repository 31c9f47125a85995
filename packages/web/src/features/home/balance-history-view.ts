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

/**
 * When the chart's history starts, if it starts inside the range shown: the server's points begin
 * with the epoch's start (sign-up or the last reset, `epochStart`) only when that is in range, so a
 * new account's 7-day chart covers its first hour, and says where it starts. Otherwise null.
 */
export function historyStart(points: readonly BalancePoint[], epochStart: number): number | null {
  const first = points[0]?.timestamp;
  // The start point carries the stored time, which the User record rounds to no finer than this.
  return first !== undefined && Math.abs(first - epochStart) < 1000 ? first : null;
}
