import { describe, expect, it } from 'vitest';
import { slippageBps, walkMarketOrder } from './book-walk.ts';
import type { BookLevel } from './order-book.ts';

/** The market order's walk (docs/decisions/039-book-fills-without-a-lock.md), exact to the unit. */
const P = 100_000_000n; // $1 in price units
const S = 100_000_000n; // 1 share in share units
const asks: BookLevel[] = [
  { price: 101n * P, shares: 1n * S },
  { price: 102n * P, shares: 1n * S },
  { price: 104n * P, shares: 2n * S },
];
const bids: BookLevel[] = [
  { price: 99n * P, shares: 1n * S },
  { price: 98n * P, shares: 1n * S },
];
const mid = 100n * P;

describe('walking the book', () => {
  it('a buy of shares takes levels best first and averages them, rounded up', () => {
    const walk = walkMarketOrder('PURCHASE', asks, { unit: 'SYMBOL', shares: 3n * S }, mid);
    // 101 + 102 + 104 = 307 for 3 shares: 102.333... rounded up to 1e-8.
    expect(walk).toMatchObject({ shares: 3n * S, totalCents: 30_700n, levels: 3, complete: true });
    expect(walk.price).toBe(10_233_333_334n);
    expect(slippageBps('PURCHASE', walk.price, mid)).toBe(233.33);
  });

  it('a buy by amount spends at most the amount and is complete when the level holds the rest', () => {
    const walk = walkMarketOrder('PURCHASE', asks, { unit: 'USD', cents: 15_200n }, mid);
    expect(walk).toMatchObject({ shares: 15n * (S / 10n), totalCents: 15_200n, complete: true });
  });

  it('a sale by amount sells until it raises the amount, and its average rounds down', () => {
    const walk = walkMarketOrder('SELL', bids, { unit: 'USD', cents: 14_800n }, mid);
    expect(walk.totalCents).toBeGreaterThanOrEqual(14_800n);
    expect(walk.shares).toBe(15n * (S / 10n));
    expect(walk.price).toBe(9_866_666_666n);
  });

  it('the cap keeps the running average within it, taking part of the level that would pass it', () => {
    // 100 bp above 100 is 101: only the first level, whose price is the cap itself.
    const at = walkMarketOrder('PURCHASE', asks, { unit: 'SYMBOL', shares: 3n * S }, mid, 100);
    expect(at).toMatchObject({ shares: S, levels: 1, complete: false });
    // 150 bp: 101.5 on average allows 1 share at 101 and x at 102 with (101 + 102x) / (1 + x) <= 101.5.
    const part = walkMarketOrder('PURCHASE', asks, { unit: 'SYMBOL', shares: 3n * S }, mid, 150);
    expect(part.shares).toBe(2n * S);
    expect(part.price).toBe(10_150_000_000n);
  });

  it('nothing within the cap, or an empty side, takes nothing and is not complete', () => {
    expect(walkMarketOrder('PURCHASE', asks, { unit: 'SYMBOL', shares: S }, mid, 0)).toMatchObject({
      shares: 0n,
      complete: false,
    });
    expect(walkMarketOrder('SELL', [], { unit: 'SYMBOL', shares: S }, mid)).toMatchObject({
      shares: 0n,
      complete: false,
    });
  });

  it('more than the side holds takes all of it and says it is not complete', () => {
    const walk = walkMarketOrder('SELL', bids, { unit: 'SYMBOL', shares: 5n * S }, mid);
    expect(walk).toMatchObject({ shares: 2n * S, levels: 2, complete: false, totalCents: 19_700n });
  });
});
