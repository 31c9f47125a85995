import { describe, expect, it } from 'vitest';
import {
  filterBalanceHistory,
  historyEntryType,
  isWorkingEntry,
  latestEntries,
} from './history.ts';

const DAY = 86_400_000;
const trade = (timestamp: number, type: 'PURCHASE' | 'SELL' = 'PURCHASE') => ({
  id: `t${timestamp}`,
  type,
  timestamp,
});
const working = {
  positionId: 'p1',
  type: 'SELL' as const,
  limitAsk: 50,
  timestamp: 1,
  status: 'WORKING',
};

describe('latestEntries', () => {
  it('keeps the latest 5 by timestamp, newest first', () => {
    const entries = [3, 9, 1, 7, 5, 8, 2].map((t) => trade(t));
    expect(latestEntries(entries).map((e) => e.timestamp)).toEqual([9, 8, 7, 5, 3]);
  });

  it('takes another count when given', () => {
    expect(latestEntries([trade(1), trade(2), trade(3)], 2).map((e) => e.timestamp)).toEqual([
      3, 2,
    ]);
  });

  it('leaves the input as it was', () => {
    const entries = [trade(1), trade(3), trade(2)];
    latestEntries(entries);
    expect(entries.map((e) => e.timestamp)).toEqual([1, 3, 2]);
  });

  it('returns fewer when there are fewer', () => {
    expect(latestEntries([trade(1)])).toHaveLength(1);
  });
});

describe('isWorkingEntry', () => {
  it('is true for an entry with a limitAsk', () => {
    expect(isWorkingEntry(working)).toBe(true);
    expect(isWorkingEntry({ type: 'PURCHASE', limitAsk: 10, timestamp: 1 })).toBe(true);
  });

  it('is false for a transaction', () => {
    expect(isWorkingEntry(trade(1))).toBe(false);
  });

  it('is false for a limit order that is filled or cancelled', () => {
    expect(isWorkingEntry({ ...working, status: 'FILLED' })).toBe(false);
    expect(isWorkingEntry({ ...working, status: 'CANCELLED' })).toBe(false);
  });
});

describe('historyEntryType', () => {
  it('shows a working limit order as WORKING', () => {
    expect(historyEntryType(working)).toBe('WORKING');
  });

  it('shows a transaction as its own type', () => {
    expect(historyEntryType(trade(1, 'PURCHASE'))).toBe('PURCHASE');
    expect(historyEntryType(trade(1, 'SELL'))).toBe('SELL');
  });
});

describe('filterBalanceHistory', () => {
  const now = 100 * DAY;
  const points = [99, 1, 95, 70, 100].map((d) => ({ timestamp: d * DAY, balance: d }));

  it('keeps the points of the last N days, oldest first', () => {
    expect(filterBalanceHistory(points, 7, now).map((p) => p.balance)).toEqual([95, 99, 100]);
  });

  it('keeps a point exactly N days old', () => {
    expect(filterBalanceHistory(points, 30, now).map((p) => p.balance)).toEqual([70, 95, 99, 100]);
  });

  it('keeps every point for max, oldest first', () => {
    expect(filterBalanceHistory(points, 'max', now).map((p) => p.balance)).toEqual([
      1, 70, 95, 99, 100,
    ]);
  });

  it('leaves the input as it was', () => {
    filterBalanceHistory(points, 'max', now);
    expect(points.map((p) => p.balance)).toEqual([99, 1, 95, 70, 100]);
  });
});
