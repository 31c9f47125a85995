import { describe, expect, it } from 'vitest';
import { KLINE_HEADER, klineLine } from '../../test/kline-files.ts';
import { parseKlineLine } from './kline-row.ts';

const JAN_1_2024 = Date.UTC(2024, 0, 1);
const JAN_1_2025 = Date.UTC(2025, 0, 1);
const prices = { open: '42283.58', high: '42298.62', low: '42261.02', close: '42284.00000000' };

function problem(line: string, lineNumber = 2, interval: '1m' | '1h' | '1d' = '1m'): string {
  const parsed = parseKlineLine(line, lineNumber, interval);
  if (parsed.kind !== 'error') throw new Error(`expected an error, got ${parsed.kind}`);
  return parsed.message;
}

describe('a Binance kline line', () => {
  it('prices and volume are read exactly, as 1e-8 units', () => {
    const parsed = parseKlineLine(
      klineLine({ openMs: JAN_1_2024, ...prices, volume: '0.00000001' }),
      1,
      '1m',
    );
    expect(parsed).toEqual({
      kind: 'candle',
      candle: {
        startTs: JAN_1_2024,
        open: 4_228_358_000_000n,
        high: 4_229_862_000_000n,
        low: 4_226_102_000_000n,
        close: 4_228_400_000_000n,
        volume: 1n,
      },
    });
  });

  it('microsecond open times (spot files from 2025) give the same candle as milliseconds', () => {
    const micro = parseKlineLine(
      klineLine({ openMs: JAN_1_2025, ...prices, micro: true }),
      2,
      '1m',
    );
    const milli = parseKlineLine(klineLine({ openMs: JAN_1_2025, ...prices }), 2, '1m');
    expect(micro.kind).toBe('candle');
    expect(micro).toEqual(milli);
  });

  it('a header row is recognised on the first line only', () => {
    expect(parseKlineLine(KLINE_HEADER, 1, '1m')).toEqual({ kind: 'header' });
    expect(problem(KLINE_HEADER, 2)).toMatch(/open time "open_time" is not a whole number/);
  });

  it('a line of the wrong width is refused', () => {
    expect(problem('1704067200000,1,2,0.5,1.5')).toBe(
      'expected 12 comma-separated columns, found 5',
    );
  });

  it('a price with more than 8 decimals is refused, never rounded', () => {
    expect(problem(klineLine({ openMs: JAN_1_2024, ...prices, close: '1.123456789' }))).toMatch(
      /close "1.123456789" is not a decimal of at most 8 places/,
    );
  });

  it('a high below the low is refused', () => {
    expect(problem(klineLine({ openMs: JAN_1_2024, ...prices, high: '42000' }))).toMatch(
      /high 42000 is below/,
    );
  });

  it('a zero or negative price is refused', () => {
    expect(problem(klineLine({ openMs: JAN_1_2024, ...prices, low: '0' }))).toMatch(
      /low "0" is outside the prices we hold/,
    );
    expect(problem(klineLine({ openMs: JAN_1_2024, ...prices, low: '-1' }))).toMatch(
      /low "-1" is outside the prices we hold/,
    );
  });

  it('an open time off the interval is refused', () => {
    expect(problem(klineLine({ openMs: JAN_1_2024 + 60_000, ...prices }), 2, '1h')).toMatch(
      /does not start a 1h candle/,
    );
  });

  it('a close time outside its candle is refused (a 1h file read as 1m)', () => {
    const hourly = klineLine({ openMs: JAN_1_2024, ...prices, intervalMs: 3_600_000 });
    expect(problem(hourly, 2, '1m')).toMatch(
      /close time "1704070799999" is not within the 1m candle/,
    );
  });

  it('a blank line is skipped', () => {
    expect(parseKlineLine('  ', 5, '1m')).toEqual({ kind: 'blank' });
  });
});
