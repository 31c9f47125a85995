import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../test/fixtures.ts';
import { bookFillRows, filledOfRequested } from './book-fill.ts';

describe('bookFillRows', () => {
  it('a walked fill says its mid, average, levels and slippage', () => {
    const tx = makeTransaction({
      purchaseSellAsk: 101,
      midPrice: 100,
      slippageBps: 100,
      levels: 1,
    });
    expect(bookFillRows(tx)).toEqual([
      ['Mid price', '$100.00'],
      ['Average price', '$101.00'],
      ['Levels taken', '1 price level of the book'],
      ['Slippage', '100.0 bps'],
    ]);
  });

  it('a capped fill says how much of the order filled', () => {
    const tx = makeTransaction({
      symbol: 'XMR',
      assetsPurchasedSold: 0.5,
      midPrice: 100,
      slippageBps: 0,
      levels: 3,
      requestedShares: 2,
    });
    expect(bookFillRows(tx).at(-1)).toEqual(['Filled', 'filled 0.5000 of 2.0000 XMR requested']);
    expect(filledOfRequested(1.25, 3, 'BTC')).toBe('filled 1.2500 of 3.0000 BTC requested');
  });

  it('a fill at one price has no rows', () => {
    expect(bookFillRows(makeTransaction())).toEqual([]);
  });
});
