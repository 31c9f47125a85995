import { STARTING_BALANCE_USD, type PortfolioInsight } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { benchmarkVerdict, hasActivity } from './insight-text.ts';
import { signedUsd } from './format.ts';

const insight = (over: Partial<PortfolioInsight> = {}): PortfolioInsight => ({
  since: 0,
  startingBalance: STARTING_BALANCE_USD,
  totalBalance: STARTING_BALANCE_USD,
  returnPercentage: 0,
  allocation: [{ symbol: null, value: STARTING_BALANCE_USD }],
  positions: [],
  unrealisedPnl: 0,
  realisedPnl: 0,
  realisedAvailable: true,
  sellCount: 0,
  bestTrades: [],
  worstTrades: [],
  benchmark: null,
  ...over,
});

describe('texts', () => {
  it('signed dollars, with a real minus and no sign for what reads $0.00', () => {
    expect(signedUsd(12)).toBe('+$12.00');
    expect(signedUsd(-5)).toBe('\u2212$5.00');
    expect(signedUsd(0.001)).toBe('$0.00');
  });

  it('the benchmark verdict in percentage points', () => {
    const b = {
      symbol: 'BTC',
      since: 0,
      startPrice: 1,
      price: 1,
      value: 1,
      returnPercentage: 5,
      points: [],
    };
    expect(benchmarkVerdict(insight({ returnPercentage: 8.25, benchmark: b }))).toBe(
      '3.25 points ahead of holding BTC',
    );
    expect(benchmarkVerdict(insight({ returnPercentage: -1, benchmark: b }))).toBe(
      '6.00 points behind holding BTC',
    );
    expect(benchmarkVerdict(insight({ returnPercentage: 5.001, benchmark: b }))).toBe(
      'Level with holding BTC',
    );
    expect(benchmarkVerdict(insight())).toBeNull();
  });
});

describe('hasActivity', () => {
  it('a new account has none; a holding or a past sale is activity', () => {
    expect(hasActivity(insight())).toBe(false);
    const position = {
      symbol: 'BTC',
      shares: 1,
      value: 1,
      cost: 1,
      unrealisedPnl: 0,
      realisedPnl: 0,
    };
    expect(hasActivity(insight({ positions: [position] }))).toBe(true);
    expect(hasActivity(insight({ sellCount: 1 }))).toBe(true);
  });
});
