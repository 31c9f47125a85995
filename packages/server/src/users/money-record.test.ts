import { describe, expect, it } from 'vitest';
import { applyMoneyChange, type MoneyRecord } from './money-record.ts';
import { USER_LOTS_PER_SYMBOL_LIMIT } from './user-record.ts';

const lot = (n: number) => ({ id: `lot-${String(n).padStart(4, '0')}`, price: BigInt(n) });
const record = (lots: number[]): MoneyRecord => ({
  walletAddress: 'w',
  version: 3,
  cashCents: 1_000n,
  free: new Map([['SOL', 10n]]),
  totals: new Map([['SOL', { shares: 10n, cost: 100n }]]),
  lots: new Map([['SOL', lots.map(lot)]]),
});
const change = {
  symbol: 'SOL',
  cashCents: 900n,
  freeShares: 11n,
  totals: { shares: 11n, cost: 110n },
};

describe('a money record after an order', () => {
  it('a change that is not the next version does not apply', () => {
    expect(applyMoneyChange(record([1]), { ...change, version: 5 })).toBeNull();
  });

  it("a bought lot whose id sorts before the newest (another instance's clock) is listed in id order", () => {
    const next = applyMoneyChange(record([1, 3]), { ...change, version: 4, bought: lot(2) });
    expect(next?.lots.get('SOL')?.map((l) => l.id)).toEqual(['lot-0001', 'lot-0002', 'lot-0003']);
  });

  it('a full list drops its oldest lot when a lot is bought', () => {
    const full = Array.from({ length: USER_LOTS_PER_SYMBOL_LIMIT }, (_, i) => i + 10);
    const next = applyMoneyChange(record(full), { ...change, version: 4, bought: lot(999) });
    const ids = next?.lots.get('SOL')?.map((l) => l.id) ?? [];
    expect(ids).toHaveLength(USER_LOTS_PER_SYMBOL_LIMIT);
    expect(ids[0]).toBe('lot-0011');
    expect(ids.at(-1)).toBe('lot-0999');
  });

  it('a sale of everything drops the symbol', () => {
    const next = applyMoneyChange(record([1, 2]), {
      ...change,
      version: 4,
      freeShares: 0n,
      totals: { shares: 0n, cost: 0n },
      emptied: ['lot-0001', 'lot-0002'],
    });
    expect(next?.free.has('SOL')).toBe(false);
    expect(next?.totals.has('SOL')).toBe(false);
    expect(next?.lots.has('SOL')).toBe(false);
  });
});
