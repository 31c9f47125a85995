import {
  CACHE_LIMITS,
  finalCount,
  packPoints,
  portfolioCache,
  type CacheLimits,
} from './final-points-cache.ts';
import type { StoredPoint } from './stored-point.ts';
import { SNAPSHOT_MERGE_MS } from './total-balance.ts';

/**
 * The sampled balance points of a user's long epoch, kept between answers so each order's User
 * answer seeks only the grid times that are new since the last one, not all 500 (docs/performance.md).
 *
 * Safe to reuse because the samples are pinned to a grid that rarely moves: time i is
 * first + i x step, and `step` comes from a ladder of values 1% apart (gridStep), so it changes
 * only when the epoch's span has grown by about 1%. A sample is the first point at or after its
 * time; once that point is older than the merge window before the newest point, no later write
 * can put a point before it (writers add points at their own now and replace only the last
 * minute, total-balance.ts), so it is final. Keyed by user, checked against the epoch, the first
 * point and the step, so a reset, another instance's writes or a new step simply miss.
 * Held compactly (two 64-bit arrays per portfolio) for the most recently served portfolios only,
 * dropped once unused for a while; one per app (app.ts).
 */

const LADDER = 1.01;

export interface SpreadEntry {
  epoch: bigint;
  first: bigint;
  step: bigint;
  /** Sample i's point, for i = 0 .. count - 1 (consecutive samples may share a point). */
  ts: BigInt64Array;
  balance: BigInt64Array;
  count: number;
}

/** The smallest ladder value at least span / samples, so at most `samples` + 1 times fit the span. */
export function gridStep(span: bigint, samples: number): bigint {
  const target = Number(span) / samples;
  if (target <= 1) return 1n;
  const k = Math.ceil(Math.log(target) / Math.log(LADDER));
  return BigInt(Math.ceil(LADDER ** k));
}

export interface SpreadCache {
  /** The cached samples for this epoch, first point and step, if any: all final, so reusable as they are. */
  reusable(
    portfolioId: string,
    epoch: bigint,
    first: bigint,
    step: bigint,
    last: bigint,
  ): SpreadEntry | undefined;
  /** Stores the samples whose points are final (older than the merge window before `last`). */
  remember(
    portfolioId: string,
    key: { epoch: bigint; first: bigint; step: bigint },
    samples: readonly StoredPoint[],
    last: bigint,
  ): void;
}

export function createSpreadCache(limits: CacheLimits = CACHE_LIMITS): SpreadCache {
  const entries = portfolioCache<SpreadEntry>(limits);
  return {
    reusable(portfolioId, epoch, first, step, last) {
      const entry = entries.peek(portfolioId);
      if (!entry || entry.epoch !== epoch || entry.first !== first || entry.step !== step)
        return undefined;
      entries.get(portfolioId); // a hit counts as a use: most recently used entries stay
      const final = last - BigInt(SNAPSHOT_MERGE_MS);
      let count = entry.count;
      while (count > 0 && (entry.ts[count - 1] ?? 0n) > final) count -= 1;
      return { ...entry, count };
    },
    remember(portfolioId, key, samples, last) {
      const count = finalCount(samples, last);
      const kept = entries.peek(portfolioId);
      // Usually nothing new became final since the last answer: keep the entry as it is.
      if (
        kept &&
        kept.epoch === key.epoch &&
        kept.first === key.first &&
        kept.step === key.step &&
        kept.count === count
      )
        return;
      entries.set(portfolioId, { ...key, ...packPoints(samples, count), count });
    },
  };
}
