import { describe, expect, it } from 'vitest';
import { contestPhase, countdownText, formatDuration } from './countdown.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('contest countdown', () => {
  it('reads durations in the two largest units', () => {
    expect(formatDuration(14 * D)).toBe('2 weeks');
    expect(formatDuration(7 * D)).toBe('1 week');
    expect(formatDuration(3 * D + 4 * H + 5 * M)).toBe('3 d 4 h');
    expect(formatDuration(2 * D)).toBe('2 d');
    expect(formatDuration(5 * H + 12 * M + 30 * S)).toBe('5 h 12 min');
    expect(formatDuration(4 * M + 9 * S + 999)).toBe('4 min 09 s');
    expect(formatDuration(12 * S)).toBe('12 s');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('counts down to the start, then to the end, then says ended', () => {
    const contest = { startsAt: 10 * H, endsAt: 20 * H, status: 'UPCOMING' as const };
    expect(countdownText(contest, 8 * H)).toBe('Starts in 2 h');
    // The clock decides, not the status the page loaded with.
    expect(contestPhase(contest, 10 * H)).toBe('RUNNING');
    expect(countdownText(contest, 19 * H + 59 * M)).toBe('Ends in 1 min 00 s');
    expect(countdownText(contest, 20 * H)).toBe('Ended');
  });

  it('an owner ending the contest early wins over the clock', () => {
    expect(contestPhase({ startsAt: 0, endsAt: 10 * H, status: 'ENDED' }, H)).toBe('ENDED');
  });
});
