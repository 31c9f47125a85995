/**
 * A replayed moment in UTC, to the second: history is dated as the exchange dated it, whatever
 * the viewer's time zone (the contest page's replay clock and a replay member's asset page).
 */
export function replayTimeText(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}
