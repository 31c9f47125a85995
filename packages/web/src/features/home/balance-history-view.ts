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

/** Below this many points a chart line would not span the chart (see chartSeries). */
export const MIN_CHART_POINTS = 30;

/**
 * The balance line's points: one per second (lightweight-charts needs strictly increasing whole
 * seconds; the last balance of a second wins). The chart spaces points evenly and gives no gap more
 * than half its width, so a new account's two or three points drew a line across the middle of
 * the chart only. Fewer than MIN_CHART_POINTS are joined by points on the straight line between
 * each pair, evenly spaced in time: the chart draws the same line, across its whole width, and a
 * gap between points reads as the time it was.
 */
export function chartSeries(points: readonly BalancePoint[]): { time: number; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const p of [...points].sort((a, b) => a.timestamp - b.timestamp))
    bySecond.set(Math.floor(p.timestamp / 1000), p.balance);
  const real = [...bySecond].map(([time, value]) => ({ time, value }));
  const first = real[0];
  const last = real.at(-1);
  if (!first || !last || real.length >= MIN_CHART_POINTS) return real;
  const span = last.time - first.time;
  const steps = Math.min(MIN_CHART_POINTS - 1, span);
  const times = new Set(real.map((p) => p.time));
  for (let i = 1; i < steps; i += 1) times.add(first.time + Math.round((span * i) / steps));
  let segment = 0;
  return [...times]
    .sort((a, b) => a - b)
    .map((time) => {
      const exact = bySecond.get(time);
      if (exact !== undefined) return { time, value: exact };
      while ((real[segment + 1]?.time ?? Infinity) < time) segment += 1;
      const from = real[segment] as { time: number; value: number };
      const to = real[segment + 1] as { time: number; value: number };
      const value =
        from.value + ((to.value - from.value) * (time - from.time)) / (to.time - from.time);
      return { time, value: Math.round(value * 100) / 100 };
    });
}
