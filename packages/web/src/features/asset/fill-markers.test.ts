import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../test/fixtures.ts';
import { fillMarkers, markerRoom, type FillMarker } from './fill-markers.ts';

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);
const candles = [T0, T0 + HOUR, T0 + 2 * HOUR];

const buy = (id: string, at: number, price = 95, shares = 2) =>
  makeTransaction({
    id,
    symbol: 'SOL',
    type: 'PURCHASE',
    timestamp: at,
    purchaseSellAsk: price,
    assetsPurchasedSold: shares,
  });
const sell = (id: string, at: number, price = 101.2, shares = 1.5) =>
  makeTransaction({
    id,
    symbol: 'SOL',
    type: 'SELL',
    timestamp: at,
    purchaseSellAsk: price,
    assetsPurchasedSold: shares,
  });

describe('fillMarkers', () => {
  it('puts each fill on the candle it happened in, in seconds, oldest first', () => {
    const markers = fillMarkers([sell('s', T0 + HOUR + 5), buy('b', T0 + 10)], 'SOL', candles);
    expect(markers).toEqual([
      {
        time: T0 / 1000,
        side: 'PURCHASE',
        text: 'Buy $95.00',
        fills: ['Bought 2.0000 SOL at $95.00'],
      },
      {
        time: (T0 + HOUR) / 1000,
        side: 'SELL',
        text: 'Sell $101.20',
        fills: ['Sold 1.5000 SOL at $101.20'],
      },
    ]);
  });

  it('fills after the last candle sit on the last (the live candle); ones before the first are off the chart', () => {
    const markers = fillMarkers([buy('late', T0 + 5 * HOUR), buy('early', T0 - 1)], 'SOL', candles);
    expect(markers.map((m) => m.time)).toEqual([(T0 + 2 * HOUR) / 1000]);
  });

  it("one side's fills in one candle share a marker; the other side gets its own", () => {
    const markers = fillMarkers(
      [buy('a', T0 + 1, 90), buy('b', T0 + 2, 91), buy('c', T0 + 3, 92), sell('d', T0 + 4)],
      'SOL',
      candles,
    );
    expect(markers.map((m) => [m.side, m.text, m.fills.length])).toEqual([
      ['PURCHASE', '3 buys', 3],
      ['SELL', 'Sell $101.20', 1],
    ]);
  });

  it('leaves out other assets, archived fills and working orders in the history', () => {
    const working: LimitPosition = {
      positionId: 'w',
      symbol: 'SOL',
      type: 'PURCHASE',
      limitAsk: 90,
      purchaseAsk: 100,
      timestamp: T0 + 1,
      status: 'WORKING',
    };
    const history = [
      makeTransaction({ id: 'btc', symbol: 'BTC', timestamp: T0 + 1 }),
      { ...buy('old', T0 + 1), archived: true },
      working,
    ];
    expect(fillMarkers(history, 'SOL', candles)).toEqual([]);
  });

  it('draws nothing without candles', () => {
    expect(fillMarkers([buy('a', T0)], 'SOL', [])).toEqual([]);
  });
});

describe('markerRoom', () => {
  const hour = 3_600_000;
  const times = [0, hour, 2 * hour, 3 * hour];
  const marker = (time: number, text: string): FillMarker => ({
    time: time / 1000,
    side: 'PURCHASE',
    text,
    fills: [],
  });

  it("keeps half a label's width free right of the last candle when the label is on it", () => {
    // "Buy $95,000.00": 14 characters, centred on the candle.
    expect(markerRoom([marker(3 * hour, 'Buy $95,000.00')], times)).toBe(55);
  });

  it('keeps less for a label further back, and nothing without labels', () => {
    expect(markerRoom([marker(hour, 'Buy $95,000.00')], times)).toBe(49);
    expect(markerRoom([], times)).toBe(0);
    expect(
      markerRoom(
        [marker(0, 'Buy $1.00')],
        [0, ...Array.from({ length: 40 }, (_, i) => (i + 1) * hour)],
      ),
    ).toBe(0);
  });
});
