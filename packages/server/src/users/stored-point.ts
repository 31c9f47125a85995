/**
 * One stored balance point: when, and the balance in cents. In a file of its own because the
 * loader (epoch-balance-points.ts) and both caches it fills use it, and the loader imports them.
 */
export interface StoredPoint {
  ts: bigint;
  balanceCents: bigint;
}
