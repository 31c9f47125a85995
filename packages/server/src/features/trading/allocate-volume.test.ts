import { describe, expect, it } from 'vitest';
import { allocateVolume, sharesWanted, type CrossedSize } from './allocate-volume.ts';

const PRICE = 10_000_000_000n; // $100
const sell = (id: string, shares: bigint, portfolio = `p-${id}`): CrossedSize => ({
  id,
  portfolio_id: portfolio,
  purchase_cents: null,
  sell_shares: shares,
});

describe('handing out a tick volume', () => {
  it('fills whole the orders it covers in the order given, slices the next, and leaves the rest', () => {
    const orders = [sell('a', 300n), sell('b', 500n), sell('c', 100n)];
    expect(allocateVolume('SELL', PRICE, orders, 600n)).toEqual({
      whole: ['a'],
      slice: { id: 'b', portfolioId: 'p-b', shares: 300n },
      exhausted: true,
      left: 0n,
    });
  });

  it('covers every order when the volume is enough, and says what is left', () => {
    const orders = [sell('a', 300n), sell('b', 500n)];
    expect(allocateVolume('SELL', PRICE, orders, 1_000n)).toEqual({
      whole: ['a', 'b'],
      slice: null,
      exhausted: false,
      left: 200n,
    });
  });

  it('fills whole the orders of unlimited (IDEAL) portfolios, before and after the cut, taking nothing', () => {
    const orders = [sell('a', 900n, 'ideal'), sell('b', 500n), sell('c', 900n, 'ideal')];
    expect(allocateVolume('SELL', PRICE, orders, 200n, new Set(['ideal']))).toEqual({
      whole: ['a', 'c'],
      slice: { id: 'b', portfolioId: 'p-b', shares: 200n },
      exhausted: true,
      left: 0n,
    });
  });

  it("counts a buy as what its cash buys at the tick's price, before spread and fee", () => {
    const buy = { id: 'x', portfolio_id: 'p', purchase_cents: 10_000n, sell_shares: null };
    // $100 at $100 a share: 1 share, 1e8 units.
    expect(sharesWanted('PURCHASE', buy, PRICE)).toBe(100_000_000n);
  });
});
