import { LRUCache } from 'lru-cache';
import type { StoredPoint } from './stored-point.ts';
import { SNAPSHOT_MERGE_MS } from './total-balance.ts';

/**
 * The balance points of a user's short epoch (no more than an answer shows, so all of them are
 * the answer), kept between answers so each order's User answer reads only the points after the
 * last final one instead of up to 500 rows every time (a month of activity cost every order
 * about 0.8 ms in bench:order-cost).
 *
 * A point is final once it is older than the merge window before the newest point: writers add
 * points at their own now and replace only the last minute (total-balance.ts), so nothing can
 * change or come before it any more; balance-spread-cache.ts relies on the same rule for long
 * epochs. Keyed by portfolio and checked against the current epoch, so a reset misses. Held
 * compactly (two 64-bit arrays) for the most recently served portfolios only, and dropped once
 * unused for a while (CacheLimits). One per app (app.ts), like balance-spread-cache.ts.
 */

/** How much a balance point cache keeps: its most recently used portfolios, each for a while. */
export interface CacheLimits {
  maxPortfolios: number;
  /** An entry unused this long is dropped (a use restarts its time). */
  idleMs: number;
}

export const CACHE_LIMITS: CacheLimits = { maxPortfolios: 1_000, idleMs: 30 * 60_000 };

/** A least-recently-used map of portfolio id to entry, within `limits`. */
export const portfolioCache = <V extends object>(limits: CacheLimits) =>
  new LRUCache<string, V>({ max: limits.maxPortfolios, ttl: limits.idleMs, updateAgeOnGet: true });

export interface FinalPoints {
  epoch: bigint;
  ts: BigInt64Array;
  balance: BigInt64Array;
}

/**
 * How many of `points` (oldest first) are final: older than the merge window before `newest`, so
 * no writer can change them or put a point before them any more (total-balance.ts). The one rule
 * both balance point caches keep points by.
 */
export function finalCount(points: readonly StoredPoint[], newest: bigint): number {
  const final = newest - BigInt(SNAPSHOT_MERGE_MS);
  let count = 0;
  while (count < points.length && (points[count]?.ts ?? 0n) <= final) count += 1;
  return count;
}

/** The first `count` points, compactly: two 64-bit arrays. */
export function packPoints(
  points: readonly StoredPoint[],
  count: number,
): { ts: BigInt64Array; balance: BigInt64Array } {
  const ts = new BigInt64Array(count);
  const balance = new BigInt64Array(count);
  for (let i = 0; i < count; i += 1) {
    ts[i] = (points[i] as StoredPoint).ts;
    balance[i] = (points[i] as StoredPoint).balanceCents;
  }
  return { ts, balance };
}

/** The newest time among the kept points, or -1 when none are kept. */
export const lastFinalTs = (entry: FinalPoints | undefined): bigint =>
  entry?.ts.length ? (entry.ts[entry.ts.length - 1] as bigint) : -1n;

/** The kept points as StoredPoints, oldest first. */
export function pointsOf(entry: FinalPoints): StoredPoint[] {
  return Array.from(entry.ts, (ts, i) => ({ ts, balanceCents: entry.balance[i] as bigint }));
}

export interface FinalPointsCache {
  /** The final points kept for this portfolio, whatever epoch they belong to (the caller checks it). */
  get(portfolioId: string): FinalPoints | undefined;
  /** Keeps the points of `epoch` that are final (older than the merge window before the newest). */
  remember(portfolioId: string, epoch: bigint, points: readonly StoredPoint[]): void;
}

export function createFinalPointsCache(limits: CacheLimits = CACHE_LIMITS): FinalPointsCache {
  const entries = portfolioCache<FinalPoints>(limits);
  return {
    get: (portfolioId) => entries.get(portfolioId),
    remember(portfolioId, epoch, points) {
      const newest = points.at(-1)?.ts;
      if (newest === undefined) return;
      const count = finalCount(points, newest);
      const kept = entries.peek(portfolioId);
      // Usually nothing new became final since the last answer: keep the entry as it is.
      if (kept && kept.epoch === epoch && kept.ts.length === count) return;
      entries.set(portfolioId, { epoch, ...packPoints(points, count) });
    },
  };
}
