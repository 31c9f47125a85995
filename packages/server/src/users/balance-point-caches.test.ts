import { describe, expect, it } from 'vitest';
import { createBalancePointCaches } from './balance-point-caches.ts';

const MINUTE = 60_000n;
const points = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ ts: BigInt(i) * MINUTE * 2n, balanceCents: 100n }));

describe('the balance point caches', () => {
  it('keep only the most recently used portfolios', () => {
    const { finals } = createBalancePointCaches({ maxPortfolios: 2, idleMs: 60_000 });
    finals.remember('a', 0n, points(5));
    finals.remember('b', 0n, points(5));
    finals.get('a');
    finals.remember('c', 0n, points(5));
    expect(finals.get('a')?.ts.length).toBe(4);
    expect(finals.get('b')).toBeUndefined();
    expect(finals.get('c')?.ts.length).toBe(4);
  });

  it('are separate per app: what one keeps another never sees', () => {
    const one = createBalancePointCaches();
    const other = createBalancePointCaches();
    one.finals.remember('a', 0n, points(5));
    expect(one.finals.get('a')).toBeDefined();
    expect(other.finals.get('a')).toBeUndefined();
  });
});
