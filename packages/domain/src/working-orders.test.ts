import { describe, expect, it } from 'vitest';
import {
  fillReason,
  limitCrossed,
  nextUtcMidnight,
  nextWaterMark,
  stopCrossed,
  trailingStop,
} from './working-orders.ts';

const p = (dollars: number) => BigInt(Math.round(dollars * 1e8));

describe('working order rules', () => {
  it('a limit acts at or better than its price, a stop at or beyond it', () => {
    expect(limitCrossed('PURCHASE', p(100), p(100))).toBe(true);
    expect(limitCrossed('PURCHASE', p(100), p(100.01))).toBe(false);
    expect(limitCrossed('SELL', p(100), p(99.99))).toBe(false);
    expect(stopCrossed('SELL', p(100), p(100))).toBe(true);
    expect(stopCrossed('SELL', p(100), p(100.01))).toBe(false);
    expect(stopCrossed('PURCHASE', p(100), p(99.99))).toBe(false);
    expect(stopCrossed('PURCHASE', p(100), p(101))).toBe(true);
  });

  it('a trailing stop is the water mark less (SELL) or plus (PURCHASE) the trail, percent rounded down', () => {
    expect(trailingStop('SELL', p(54_000), { bps: 500n })).toBe(p(51_300));
    expect(trailingStop('PURCHASE', p(45_000), { amount: p(1_000) })).toBe(p(46_000));
    // 0.12345678 x 2.5 % = 0.0030864195: 308,641 units (rounded down) off the mark.
    expect(trailingStop('SELL', 12_345_678n, { bps: 250n })).toBe(12_345_678n - 308_641n);
    // The largest price and trail stay exact.
    expect(trailingStop('SELL', p(1_000_000_000), { bps: 5_000n })).toBe(p(500_000_000));
    expect(nextWaterMark('SELL', p(10), p(11))).toBe(p(11));
    expect(nextWaterMark('SELL', p(10), p(9))).toBe(p(10));
    expect(nextWaterMark('PURCHASE', p(10), p(9))).toBe(p(9));
  });

  it('a DAY order expires at the next 00:00 UTC', () => {
    expect(nextUtcMidnight(Date.UTC(2026, 10, 24, 23, 59, 59))).toBe(Date.UTC(2026, 10, 25));
    expect(nextUtcMidnight(Date.UTC(2026, 10, 25))).toBe(Date.UTC(2026, 10, 26));
  });

  describe('why a fill happened, in dollars and without brackets of its own', () => {
    const base = {
      side: 'SELL' as const,
      limitPrice: null,
      stopPrice: p(61_050),
      waterMark: null,
      trail: null,
    };

    it('a stop names the price and the stop in dollars', () => {
      const reason = fillReason({ ...base, orderType: 'STOP', tickPrice: p(61_020.15) });
      expect(reason).toBe('price $61,020.15 reached the stop at $61,050.00');
      expect(reason).not.toMatch(/[()]/);
    });

    it('a limit names the price and the limit in dollars, with every digit of a cheap coin', () => {
      const reason = fillReason({
        ...base,
        orderType: 'LIMIT',
        tickPrice: p(0.25412),
        limitPrice: p(0.25),
        stopPrice: null,
      });
      expect(reason).toBe('price $0.25412 reached the limit at $0.25');
    });

    it('a stop-limit names the limit and the stop before it in dollars', () => {
      const reason = fillReason({
        ...base,
        orderType: 'STOP_LIMIT',
        tickPrice: p(50_900),
        limitPrice: p(51_000),
        stopPrice: p(52_000),
      });
      expect(reason).toBe(
        'price $50,900.00 reached the limit at $51,000.00 after the stop at $52,000.00 was reached',
      );
    });

    it('a percent trailing stop names the high in dollars and leaves the brackets balanced', () => {
      const reason = fillReason({
        ...base,
        orderType: 'TRAILING_STOP',
        tickPrice: p(92_000),
        stopPrice: p(93_386.24),
        waterMark: p(98_301.31),
        trail: { bps: 500n },
      });
      expect(reason).toBe(
        'price $92,000.00 reached the trailing stop at $93,386.24, 5% below the high of $98,301.31',
      );
      expect(reason).not.toMatch(/[()]/);
      expect(
        fillReason({
          ...base,
          orderType: 'TRAILING_STOP',
          tickPrice: p(61_000),
          waterMark: p(62_000),
          trail: { bps: 205n },
        }),
      ).toContain(', 2.05% below');
      expect(
        fillReason({
          ...base,
          orderType: 'TRAILING_STOP',
          tickPrice: p(61_000),
          waterMark: p(62_000),
          trail: { bps: 10n },
        }),
      ).toContain(', 0.1% below');
    });

    it('a dollar trailing stop on a buy names the trail and the low in dollars', () => {
      const reason = fillReason({
        side: 'PURCHASE',
        orderType: 'TRAILING_STOP',
        tickPrice: p(46_100),
        limitPrice: null,
        stopPrice: p(46_000),
        waterMark: p(45_000),
        trail: { amount: p(1_000) },
      });
      expect(reason).toBe(
        'price $46,100.00 reached the trailing stop at $46,000.00, $1,000.00 above the low of $45,000.00',
      );
    });

    it('a trailing stop without its mark still names the stop in dollars', () => {
      expect(fillReason({ ...base, orderType: 'TRAILING_STOP', tickPrice: p(61_000) })).toBe(
        'price $61,000.00 reached the trailing stop at $61,050.00',
      );
    });
  });
});
