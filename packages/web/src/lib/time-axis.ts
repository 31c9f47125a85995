/**
 * The time axis's labels, one rule for every chart in the app. lightweight-charts puts a label on
 * a point, not on a round time, and says what the point starts compared with the point before it
 * (a new second, minute or hour, day, month, year: the tick mark's type). Its own labels write a
 * point that only starts a new second as "23:22" when seconds are hidden, so points seconds apart
 * read "23:22, 23:22, 23:22". Here the format follows the visible span, and each label says no
 * less than its point starts, so no two labels on screen read alike:
 *
 * - under 10 minutes: "23:22:05";
 * - under a day: "23:22", and "23:22:05" for a point in the same minute as the one before;
 * - under a week: "3 Dec 23:22" (the same time of day recurs), points in the same minute unlabelled;
 * - longer: "3 Dec" on a day's first point only ("3 Dec 2026" from a year up).
 *
 * Times are UTC, as the library reckons its tick marks (a day's first point is its first in the
 * UTC day), so a day label always names the day its point starts.
 */

/** lightweight-charts' TickMarkType, by value (its const enum is not importable without the library). */
export const TICK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;
export type TickType = (typeof TICK)[keyof typeof TICK];

export type TimeAxisUnit = 'second' | 'minute' | 'hour' | 'day';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** The unit the labels of a visible span of `spanSeconds` are written to. */
export function timeAxisUnit(spanSeconds: number): TimeAxisUnit {
  if (spanSeconds < 10 * MINUTE) return 'second';
  if (spanSeconds < DAY) return 'minute';
  if (spanSeconds < 7 * DAY) return 'hour';
  return 'day';
}

const two = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(seconds: number) {
  const d = new Date(seconds * 1000);
  return {
    clock: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
    seconds: two(d.getUTCSeconds()),
    day: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`,
    year: d.getUTCFullYear(),
  };
}

/**
 * The label of the point at `seconds` (UTC) whose tick mark is of `type`, on an axis showing
 * `spanSeconds`; '' leaves the point unlabelled. The chart must show seconds in its tick types
 * (`secondsVisible: true`), or a point that starts only a new second would look like a new minute.
 */
export function timeAxisLabel(seconds: number, type: TickType, spanSeconds: number): string {
  const unit = timeAxisUnit(spanSeconds);
  const p = parts(seconds);
  const startsDay = type === TICK.year || type === TICK.month || type === TICK.dayOfMonth;
  switch (unit) {
    case 'second':
      return startsDay ? p.day : `${p.clock}:${p.seconds}`;
    case 'minute':
      if (startsDay) return p.day;
      return type === TICK.timeWithSeconds ? `${p.clock}:${p.seconds}` : p.clock;
    case 'hour':
      if (startsDay) return p.day;
      return type === TICK.timeWithSeconds ? '' : `${p.day} ${p.clock}`;
    case 'day':
      if (!startsDay) return '';
      return spanSeconds < 365 * DAY ? p.day : `${p.day} ${p.year}`;
  }
}

/** The longest label `unit` writes, for the library to space its labels by ("3 Dec 2026"). */
export function timeAxisLabelLength(spanSeconds: number): number {
  const unit = timeAxisUnit(spanSeconds);
  if (unit === 'hour') return 12;
  if (unit === 'day') return spanSeconds < 365 * DAY ? 6 : 11;
  return 8;
}
