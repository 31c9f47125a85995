import type { Contest, ContestStatus } from '@papertrade/domain';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 weeks", "3 d 4 h", "5 h 12 min", "4 min 09 s", "12 s": two units, the larger first. */
export function formatDuration(ms: number): string {
  const t = Math.max(0, Math.floor(ms / SECOND) * SECOND);
  if (t >= DAY && t % (7 * DAY) === 0) {
    const weeks = t / (7 * DAY);
    return weeks === 1 ? '1 week' : `${weeks} weeks`;
  }
  const d = Math.floor(t / DAY);
  const h = Math.floor((t % DAY) / HOUR);
  const m = Math.floor((t % HOUR) / MINUTE);
  const s = Math.floor((t % MINUTE) / SECOND);
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/**
 * The phase by the clock, so a page left open turns from "starts in" to "ends in" on time; the
 * server's ENDED wins (an owner can end a contest early).
 */
export function contestPhase(
  contest: Pick<Contest, 'startsAt' | 'endsAt' | 'status'>,
  now: number,
): ContestStatus {
  if (contest.status === 'ENDED' || now >= contest.endsAt) return 'ENDED';
  return now < contest.startsAt ? 'UPCOMING' : 'RUNNING';
}

/** What the countdown says: "Starts in 2 d 3 h", "Ends in 4 min 09 s", "Ended". */
export function countdownText(
  contest: Pick<Contest, 'startsAt' | 'endsAt' | 'status'>,
  now: number,
): string {
  const phase = contestPhase(contest, now);
  if (phase === 'UPCOMING') return `Starts in ${formatDuration(contest.startsAt - now)}`;
  if (phase === 'RUNNING') return `Ends in ${formatDuration(contest.endsAt - now)}`;
  return 'Ended';
}

export const STATUS_LABEL: Record<ContestStatus, string> = {
  UPCOMING: 'Not started',
  RUNNING: 'Running',
  ENDED: 'Ended',
};
