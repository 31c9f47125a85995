import { describe, expect, it } from 'vitest';
import { checkMoneyInvariants } from './invariants.ts';
import type { MoneyState } from './invariants.ts';

// 100,000 USD start; bought 2 BTC for 60,000; sold 0.5 for 20,000; 0.5 reserved by a SELL
// order; 1,000 reserved by a PURCHASE order.
const sound: MoneyState = {
  startingCents: 10_000_000n,
  freeCashCents: 5_900_000n,
  reservedCashCents: 100_000n,
  buysCostCents: 6_000_000n,
  sellsProceedsCents: 2_000_000n,
  perSymbol: [
    {
      symbol: 'BTC',
      freeShares: 100_000_000n,
      reservedShares: 50_000_000n,
      boughtShares: 200_000_000n,
      soldShares: 50_000_000n,
    },
  ],
};
const btc = sound.perSymbol[0]!;

describe('checkMoneyInvariants', () => {
  it('finds nothing wrong in a sound account', () => {
    expect(checkMoneyInvariants(sound)).toEqual([]);
  });

  it('reports negative free cash', () => {
    const state = { ...sound, freeCashCents: -1n, reservedCashCents: 5_900_001n + 100_000n };
    expect(checkMoneyInvariants(state)).toEqual(['free cash is negative: -1 cents']);
  });

  it('reports negative reserved cash', () => {
    const state = { ...sound, reservedCashCents: -1n, freeCashCents: 6_000_001n };
    expect(checkMoneyInvariants(state)).toEqual(['reserved cash is negative: -1 cents']);
  });

  it('reports cash that does not add up to the starting balance', () => {
    const [violation, ...rest] = checkMoneyInvariants({ ...sound, freeCashCents: 5_900_001n });
    expect(rest).toEqual([]);
    expect(violation).toMatch(/10000001 cents, starting balance is 10000000 cents/);
  });

  it('reports negative free shares', () => {
    const state = {
      ...sound,
      perSymbol: [{ ...btc, freeShares: -1n, reservedShares: 150_000_001n }],
    };
    expect(checkMoneyInvariants(state)).toEqual(['BTC: free shares are negative: -1']);
  });

  it('reports negative reserved shares', () => {
    const state = {
      ...sound,
      perSymbol: [{ ...btc, reservedShares: -1n, freeShares: 150_000_001n }],
    };
    expect(checkMoneyInvariants(state)).toEqual(['BTC: reserved shares are negative: -1']);
  });

  it('reports shares that do not match bought minus sold', () => {
    const state = { ...sound, perSymbol: [{ ...btc, soldShares: 0n }] };
    const violations = checkMoneyInvariants(state);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(
      /^BTC: free \+ reserved shares = 150000000, shares bought - sold = 200000000/,
    );
  });

  it('reports every violation at once', () => {
    const state = { ...sound, freeCashCents: -1n, perSymbol: [{ ...btc, freeShares: -1n }] };
    expect(checkMoneyInvariants(state)).toHaveLength(4);
  });
});
