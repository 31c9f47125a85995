import type { HistoryEntry } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { chartSeries, hasTraded, historyStart, MIN_CHART_POINTS } from './balance-history-view.ts';

const fill = {
  id: 't1',
  type: 'PURCHASE',
  symbol: 'BTC',
  method: 'MARKET',
  assetsPurchasedSold: 0.001,
  transactionTotal: 100,
  purchaseSellAsk: 100_000,
  timestamp: 1,
  fee: 0,
} as const satisfies HistoryEntry;
const working = {
  positionId: 'p1',
  symbol: 'BTC',
  type: 'PURCHASE',
  limitAsk: 90_000,
  purchaseAsk: 100,
  timestamp: 2,
  status: 'WORKING',
} as const satisfies HistoryEntry;

describe('hasTraded', () => {
  it('is false for a new account and for one with only working orders', () => {
    expect(hasTraded([])).toBe(false);
    expect(hasTraded([working])).toBe(false);
    expect(hasTraded([{ ...working, status: 'CANCELLED' }])).toBe(false);
  });

  it('is true once an order has filled', () => {
    expect(hasTraded([working, fill])).toBe(true);
    expect(hasTraded([{ ...working, status: 'FILLED' }])).toBe(true);
  });

  it('does not count fills from before a reset', () => {
    expect(hasTraded([{ ...fill, archived: true }])).toBe(false);
  });
});

describe('historyStart', () => {
  const start = Date.UTC(2026, 11, 3, 11);
  const now = start + 3_600_000;
  const at = (timestamp: number) => ({ timestamp, balance: 100_000 });
  it("names a new account's first point, the sign-up or reset, when the range reaches it", () => {
    expect(historyStart([at(start), at(start + 20_000), at(now)], start)).toBe(start);
  });
  it('says nothing when the range begins after the start (a snapshot comes first)', () => {
    expect(historyStart([at(start + 7_200_000), at(now)], start)).toBeNull();
    expect(historyStart([], start)).toBeNull();
  });
});

describe('chartSeries', () => {
  const at = (second: number, balance: number) => ({ timestamp: second * 1000, balance });

  it("spreads a new account's two points over the chart's width, on the straight line between them", () => {
    const series = chartSeries([at(1000, 100_000), at(1600, 100_600)]);
    expect(series).toHaveLength(MIN_CHART_POINTS);
    expect(series[0]).toEqual({ time: 1000, value: 100_000 });
    expect(series.at(-1)).toEqual({ time: 1600, value: 100_600 });
    for (const p of series) expect(p.value).toBeCloseTo(100_000 + (p.time - 1000), 2);
    const gaps = series.slice(1).map((p, i) => p.time - (series[i] as { time: number }).time);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('keeps every real point exactly, and adds points only where the time allows whole seconds', () => {
    const series = chartSeries([at(10, 5), at(13, 8), at(12, 7)]);
    expect(series).toEqual([
      { time: 10, value: 5 },
      { time: 11, value: 6 },
      { time: 12, value: 7 },
      { time: 13, value: 8 },
    ]);
  });

  it('leaves a long history as it is, one point per second with the last balance of that second', () => {
    const points = Array.from({ length: MIN_CHART_POINTS }, (_, i) => at(i * 60, i));
    expect(chartSeries([...points, { timestamp: 500, balance: 99 }])).toEqual(
      points.map((p) => ({ time: p.timestamp / 1000, value: p.timestamp === 0 ? 99 : p.balance })),
    );
  });
});
