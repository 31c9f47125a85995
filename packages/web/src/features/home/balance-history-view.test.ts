import type { HistoryEntry } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { hasTraded, historyStart } from './balance-history-view.ts';

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
