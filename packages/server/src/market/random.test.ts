import { describe, expect, it } from 'vitest';
import { createRandom, seedState } from './random.ts';

describe('random', () => {
  it('the same seed gives the same stream', () => {
    const a = createRandom('papertrade');
    const b = createRandom('papertrade');
    const first = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('different seeds give different streams', () => {
    expect(createRandom('a').next()).not.toBe(createRandom('b').next());
  });

  it('a saved state carries on exactly where it stopped', () => {
    const a = createRandom('seed');
    for (let i = 0; i < 10; i++) a.gaussian();
    const saved = JSON.parse(JSON.stringify(a.state())) as ReturnType<typeof a.state>;
    const b = createRandom(saved);
    expect(Array.from({ length: 20 }, () => b.gaussian())).toEqual(
      Array.from({ length: 20 }, () => a.gaussian()),
    );
  });

  it('gaussian samples have mean 0 and variance 1', () => {
    const r = createRandom('normal');
    const n = 50_000;
    const samples = Array.from({ length: n }, () => r.gaussian());
    const mean = samples.reduce((s, x) => s + x, 0) / n;
    const variance = samples.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.03);
    expect(samples.every(Number.isFinite)).toBe(true);
  });

  it('seed state is never all zeros', () => {
    expect(seedState('').some((w) => w !== 0)).toBe(true);
  });
});
