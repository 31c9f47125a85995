import { describe, expect, it } from 'vitest';
import { TICK, timeAxisLabel, timeAxisUnit, type TickType } from './time-axis.ts';

/**
 * The tick type lightweight-charts gives a point (its weightByTime and weightToTickMarkType, with
 * seconds visible): what the point starts in UTC compared with the point before it.
 */
function tickType(seconds: number, previous: number | undefined): TickType {
  if (previous === undefined) return TICK.dayOfMonth;
  const a = new Date(previous * 1000);
  const b = new Date(seconds * 1000);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return TICK.year;
  if (a.getUTCMonth() !== b.getUTCMonth()) return TICK.month;
  if (a.getUTCDate() !== b.getUTCDate()) return TICK.dayOfMonth;
  return Math.floor(a.getTime() / 60_000) !== Math.floor(b.getTime() / 60_000)
    ? TICK.time
    : TICK.timeWithSeconds;
}

/** A seeded stream of numbers in [0, 1), so every run tries the same points. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `count` points over `span` seconds ending at `end`, bunched as a balance history is (trades
 * seconds apart, then hours of nothing), one per second at most as the charts keep them.
 */
function points(span: number, end: number, count: number, seed: number): number[] {
  const next = random(seed);
  const times = new Set<number>([end - span, end]);
  for (let i = 0; i < count; i += 1) {
    const base = end - Math.floor(next() * span);
    const burst = Math.floor(next() * 4);
    for (let j = 0; j < burst; j += 1) times.add(Math.min(end, base + Math.floor(next() * 90)));
    times.add(base);
  }
  return [...times].sort((a, b) => a - b);
}

/** Every point labelled (the most a chart can show), as the axis would write them. */
function labels(times: number[]): string[] {
  const span = times.at(-1)! - times[0]!;
  return times
    .map((t, i) => timeAxisLabel(t, tickType(t, times[i - 1]), span))
    .filter((label) => label !== '');
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SPANS = [
  20,
  3 * MINUTE,
  9 * MINUTE,
  10 * MINUTE,
  45 * MINUTE,
  5 * HOUR,
  23 * HOUR,
  DAY,
  30 * HOUR,
  3 * DAY,
  7 * DAY - 1,
  7 * DAY,
  30 * DAY,
  200 * DAY,
  364 * DAY,
  400 * DAY,
  3 * 365 * DAY,
];
// Just before midnight UTC, the day the screenshots were taken, and around a new year.
const ENDS = [Date.UTC(2026, 11, 2, 23, 22, 30) / 1000, Date.UTC(2027, 0, 1, 0, 0, 5) / 1000];

describe('time axis labels', () => {
  for (const span of SPANS)
    it(`never repeat over a visible span of ${span} s`, () => {
      for (const end of ENDS)
        for (const seed of [1, 2, 3]) {
          const shown = labels(points(span, end, 150, seed));
          const repeated = shown.filter((label, i) => shown.indexOf(label) !== i);
          expect(repeated).toEqual([]);
          expect(shown.length).toBeGreaterThan(0);
        }
    });

  it('write points seconds apart within one minute with their seconds', () => {
    const start = Date.UTC(2026, 11, 2, 23, 22, 1) / 1000;
    const times = [start, start + 7, start + 20, start + 41, start + 55];
    expect(labels(times)).toEqual(['2 Dec', '23:22:08', '23:22:21', '23:22:42', '23:22:56']);
  });

  it('choose seconds, minutes, hours or days by the visible span', () => {
    expect(timeAxisUnit(5 * MINUTE)).toBe('second');
    expect(timeAxisUnit(6 * HOUR)).toBe('minute');
    expect(timeAxisUnit(3 * DAY)).toBe('hour');
    expect(timeAxisUnit(30 * DAY)).toBe('day');
    const at = Date.UTC(2026, 11, 3, 9, 5, 7) / 1000;
    expect(timeAxisLabel(at, TICK.time, 5 * MINUTE)).toBe('09:05:07');
    expect(timeAxisLabel(at, TICK.time, 6 * HOUR)).toBe('09:05');
    expect(timeAxisLabel(at, TICK.time, 3 * DAY)).toBe('3 Dec 09:05');
    expect(timeAxisLabel(at, TICK.dayOfMonth, 30 * DAY)).toBe('3 Dec');
    expect(timeAxisLabel(at, TICK.time, 30 * DAY)).toBe('');
    expect(timeAxisLabel(at, TICK.month, 400 * DAY)).toBe('3 Dec 2026');
  });
});
