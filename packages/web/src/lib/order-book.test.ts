import type { OrderBook } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import {
  bookLevels,
  bookTop,
  cumulativeShares,
  formatBps,
  previewMarketOrder,
} from './order-book.ts';

/** A fixed book around a mid of $100: 8 shares asked over three levels, 6 bid over three. */
const BOOK: OrderBook = {
  asks: [
    [100.1, 1],
    [100.3, 2],
    [100.6, 5],
  ],
  bids: [
    [99.9, 1],
    [99.8, 1],
    [99.5, 4],
  ],
  at: 1_700_000_000_000,
};
const book = bookLevels(BOOK);

describe('order book in the web app', () => {
  it('reads the wire levels as exact units, best first', () => {
    expect(book.asks[0]).toEqual({ price: 10_010_000_000n, shares: 100_000_000n });
    expect(book.bids.at(-1)).toEqual({ price: 9_950_000_000n, shares: 400_000_000n });
  });

  it('the top of the book gives the mid and the spread in basis points', () => {
    expect(bookTop(book)).toEqual({
      bestBid: 9_990_000_000n,
      bestAsk: 10_010_000_000n,
      mid: 10_000_000_000n,
      spread: 20_000_000n,
      spreadCentiBps: 2000n,
    });
    expect(formatBps(2000n)).toBe('20.0 bps');
    expect(bookTop({ bids: [], asks: book.asks })).toBeNull();
  });

  it('cumulative shares run from the best level outward', () => {
    expect(cumulativeShares(book.asks)).toEqual([100_000_000n, 300_000_000n, 800_000_000n]);
  });

  it('a buy of shares walks two ask levels: average $100.20, 20 bps over the mid', () => {
    const preview = previewMarketOrder(book, 'PURCHASE', 'SYMBOL', 2);
    expect(preview).toEqual({
      shares: 200_000_000n,
      cents: 20_040n,
      averagePrice: 10_020_000_000n,
      slippageCentiBps: 2000n,
      levels: 2,
      complete: true,
    });
  });

  it('a sell of shares walks all three bid levels, exactly: average $99.73333333, 26.6 bps under', () => {
    const preview = previewMarketOrder(book, 'SELL', 'SYMBOL', 3);
    expect(preview?.shares).toBe(300_000_000n);
    expect(preview?.cents).toBe(29_920n);
    expect(preview?.averagePrice).toBe(9_973_333_333n);
    // (100 - 99.7333...) / 100 = 26.666... bps, rounded down to hundredths.
    expect(preview?.slippageCentiBps).toBe(2666n);
    expect(preview?.levels).toBe(3);
    expect(preview?.complete).toBe(true);
  });

  it('a buy in dollars inside the best level pays the best ask: 10 bps over the mid', () => {
    const preview = previewMarketOrder(book, 'PURCHASE', 'USD', 50.05);
    expect(preview?.shares).toBe(50_000_000n);
    expect(preview?.averagePrice).toBe(10_010_000_000n);
    expect(preview?.slippageCentiBps).toBe(1000n);
    expect(preview?.levels).toBe(1);
    expect(preview?.complete).toBe(true);
  });

  it('an amount past the whole side is not complete: it says what the side holds', () => {
    const shares = previewMarketOrder(book, 'PURCHASE', 'SYMBOL', 10);
    expect(shares?.shares).toBe(800_000_000n);
    expect(shares?.complete).toBe(false);
    const dollars = previewMarketOrder(book, 'PURCHASE', 'USD', 10_000);
    expect(dollars?.shares).toBe(800_000_000n);
    expect(dollars?.levels).toBe(3);
    expect(dollars?.complete).toBe(false);
  });

  it('a dollar amount that spends the whole side to the cent is complete', () => {
    // 100.10 + 200.60 + 503.00
    expect(previewMarketOrder(book, 'PURCHASE', 'USD', 803.7)?.complete).toBe(true);
  });

  it('no amount, or a book without a side, previews nothing', () => {
    expect(previewMarketOrder(book, 'PURCHASE', 'USD', 0)).toBeNull();
    expect(previewMarketOrder({ bids: [], asks: book.asks }, 'PURCHASE', 'USD', 10)).toBeNull();
  });
});
