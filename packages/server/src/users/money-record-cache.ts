import { CACHE_LIMITS, portfolioCache, type CacheLimits } from './final-points-cache.ts';
import { applyMoneyChange, type MoneyChange, type MoneyRecord } from './money-record.ts';

/**
 * The money record of the portfolios that traded last, each at its version, so that a market
 * order answers from what its own statements wrote instead of reading the portfolio again after
 * its commit (docs/decisions/028-answers-from-the-writes.md). Every change of a portfolio's record
 * increases its version under the portfolio's lock (db/transaction.ts), on every instance, so a
 * kept record one version behind an order's lock is exactly the record that order changed; any
 * other gap, a fill of the tick's or an order served by another instance, misses, and the answer
 * is read as before. One per app (app.ts), like the balance point caches.
 */
export interface MoneyRecordCache {
  /** A record read whole; kept unless a newer one is. */
  remember(portfolioId: string, record: MoneyRecord): void;
  /** The record after an order's committed change, or null when the kept one does not fit it. */
  advance(portfolioId: string, change: MoneyChange): MoneyRecord | null;
}

export function createMoneyRecordCache(limits: CacheLimits = CACHE_LIMITS): MoneyRecordCache {
  const records = portfolioCache<MoneyRecord>(limits);
  const keep = (portfolioId: string, record: MoneyRecord) => {
    const kept = records.get(portfolioId);
    if (!kept || kept.version < record.version) records.set(portfolioId, record);
  };
  return {
    remember: keep,
    advance(portfolioId, change) {
      const kept = records.get(portfolioId);
      const next = kept ? applyMoneyChange(kept, change) : null;
      if (next) records.set(portfolioId, next);
      return next;
    },
  };
}
