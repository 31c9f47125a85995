import { describe, expect, it } from 'vitest';
import { costOfShares, proceedsOfShares, priceFromNumber } from './money.ts';
import {
  addConsumption,
  BOOK_LEVELS,
  BOOK_REFILL_MS,
  fullBook,
  sideShares,
  simulateBook,
  walkBook,
  type BookInput,
  type BookLevel,
} from './order-book.ts';

const price = (usd: number) => priceFromNumber(usd)!;

const btc: BookInput = {
  assetId: 'btcusd',
  seed: 'papertrade',
  price: price(95_000),
  tickAt: 1_764_000_000_000,
  volatility: 0.55,
  dailyVolumeUsd: 30e9,
  recentRangeMicro: 0,
};
const fil: BookInput = {
  ...btc,
  assetId: 'filusd',
  price: price(6.42),
  volatility: 1.0,
  dailyVolumeUsd: 250e6,
};

/** USD a side holds, to the cent. */
const sideCents = (levels: readonly BookLevel[]) =>
  levels.reduce((sum, l) => sum + proceedsOfShares(l.shares, l.price), 0n);

describe('simulated order book', () => {
  it('is the same book for the same seed, asset and tick, and another for another seed', () => {
    expect(fullBook(btc)).toEqual(fullBook({ ...btc }));
    expect(fullBook({ ...btc, seed: 'other' })).not.toEqual(fullBook(btc));
    expect(fullBook({ ...btc, tickAt: btc.tickAt + 1000 })).not.toEqual(fullBook(btc));
  });

  it('has its best bid below the mid and its best ask above it, each side ordered best first', () => {
    for (const input of [btc, fil, { ...fil, price: 3n }]) {
      const { bids, asks } = fullBook(input);
      expect(bids[0]!.price).toBeLessThan(input.price);
      expect(asks[0]!.price).toBeGreaterThan(input.price);
      for (let i = 1; i < asks.length; i++)
        expect(asks[i]!.price).toBeGreaterThan(asks[i - 1]!.price);
      for (let i = 1; i < bids.length; i++) expect(bids[i]!.price).toBeLessThan(bids[i - 1]!.price);
      expect(asks).toHaveLength(BOOK_LEVELS);
      for (const level of [...bids, ...asks]) expect(level.shares).toBeGreaterThan(0n);
    }
  });

  it('a bid never reaches zero on a coin priced a few units', () => {
    const { bids } = fullBook({ ...fil, price: 3n });
    expect(bids.length).toBeLessThanOrEqual(2);
    for (const level of bids) expect(level.price).toBeGreaterThan(0n);
  });

  it('a thin coin has a thinner book and a wider spread than a major', () => {
    const major = fullBook(btc);
    const thin = fullBook(fil);
    expect(sideCents(thin.asks.slice(0, 20)) * 10n).toBeLessThan(
      sideCents(major.asks.slice(0, 20)),
    );
    const spreadMicro = (input: BookInput, b: ReturnType<typeof fullBook>) =>
      ((b.asks[0]!.price - b.bids[0]!.price) * 1_000_000n) / input.price;
    expect(spreadMicro(fil, thin)).toBeGreaterThan(spreadMicro(btc, major));
  });

  it('the book thins and widens when the market moves fast', () => {
    const calm = fullBook(btc);
    // A 2 % range over two minutes, far beyond what 55 % a year gives.
    const fast = fullBook({ ...btc, recentRangeMicro: 20_000 });
    expect(sideCents(fast.asks.slice(0, 20)) * 2n).toBeLessThan(sideCents(calm.asks.slice(0, 20)));
    expect(fast.asks[0]!.price - fast.bids[0]!.price).toBeGreaterThan(
      calm.asks[0]!.price - calm.bids[0]!.price,
    );
  });

  it('a more volatile asset with the same volume is thinner', () => {
    const calm = fullBook(btc);
    const volatile = fullBook({ ...btc, volatility: 1.1 });
    expect(sideCents(volatile.asks.slice(0, 20))).toBeLessThan(sideCents(calm.asks.slice(0, 20)));
  });

  it('consumed liquidity leaves the best levels and refills over time', () => {
    const full = fullBook(fil);
    const total = sideShares(full.asks);
    const taken = full.asks[0]!.shares + full.asks[1]!.shares + 5n;
    const consumed = { ask: addConsumption(undefined, total, taken, btc.tickAt) };

    const right = simulateBook(fil, consumed, btc.tickAt);
    expect(right.bids).toEqual(full.bids);
    expect(right.asks[0]).toEqual({
      price: full.asks[2]!.price,
      shares: full.asks[2]!.shares - 5n,
    });
    expect(sideShares(right.asks)).toBe(total - taken);

    // A thousandth of the refill time brings back a thousandth of the side, less than was taken.
    const later = simulateBook(fil, consumed, btc.tickAt + BOOK_REFILL_MS / 1000);
    expect(total / 1000n).toBeLessThan(taken);
    expect(sideShares(later.asks)).toBe(total - taken + total / 1000n);

    expect(simulateBook(fil, consumed, btc.tickAt + BOOK_REFILL_MS)).toEqual(full);
  });

  it('a second take adds to what has not refilled yet', () => {
    const total = sideShares(fullBook(fil).bids);
    const first = addConsumption(undefined, total, 1000n, 0);
    expect(addConsumption(first, total, 500n, 0)).toEqual({ shares: 1500n, at: 0 });
    const refilled = (total * 10n) / BigInt(BOOK_REFILL_MS);
    const second = addConsumption(first, total, 500n, 10);
    expect(second).toEqual({ shares: (refilled >= 1000n ? 0n : 1000n - refilled) + 500n, at: 10 });
  });

  it('walking the asks for shares takes level by level and sums exactly', () => {
    const { asks } = fullBook(btc);
    const want = asks[0]!.shares + asks[1]!.shares + asks[2]!.shares / 2n;
    const walk = walkBook(asks, { shares: want });
    expect(walk.shares).toBe(want);
    expect(walk.levels).toBe(3);
    expect(walk.fills.map((f) => f.price)).toEqual(asks.slice(0, 3).map((l) => l.price));
    expect(walk.fills[2]!.shares).toBe(asks[2]!.shares / 2n);
    for (const fill of walk.fills) expect(fill.cents).toBe(costOfShares(fill.shares, fill.price));
    expect(walk.cents).toBe(walk.fills.reduce((sum, f) => sum + f.cents, 0n));
  });

  it('walking the asks with a budget never spends more than it', () => {
    const { asks } = fullBook(fil);
    const budget = 9_000_000n; // $90,000 of a thin coin
    const walk = walkBook(asks, { cents: budget });
    expect(walk.cents).toBeLessThanOrEqual(budget);
    expect(walk.levels).toBeGreaterThan(1);
    expect(walk.shares).toBe(walk.fills.reduce((sum, f) => sum + f.shares, 0n));
  });

  it('walking the bids for a sale raises each level rounded down and stops at the limit', () => {
    const { bids } = fullBook(btc);
    const limit = bids[4]!.price;
    const walk = walkBook(bids, { shares: sideShares(bids) }, { side: 'bid', limit });
    expect(walk.levels).toBe(5);
    for (const fill of walk.fills) {
      expect(fill.price).toBeGreaterThanOrEqual(limit);
      expect(fill.cents).toBe(proceedsOfShares(fill.shares, fill.price));
    }
  });

  it('a whole empty side walks to nothing', () => {
    expect(walkBook([], { shares: 10n })).toEqual({ fills: [], shares: 0n, cents: 0n, levels: 0 });
  });
});
