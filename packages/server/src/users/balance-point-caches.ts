import { createSpreadCache, type SpreadCache } from './balance-spread-cache.ts';
import {
  CACHE_LIMITS,
  createFinalPointsCache,
  type CacheLimits,
  type FinalPointsCache,
} from './final-points-cache.ts';

/**
 * The balance points already final, kept between answers so a User record reads only the new ones
 * (docs/performance.md): the whole short epochs (final-points-cache.ts) and the samples of long
 * ones (balance-spread-cache.ts). Made once per app (app.ts) and reached through its context, so
 * two apps in one process (tests, benches) never share them.
 */
export interface BalancePointCaches {
  finals: FinalPointsCache;
  spreads: SpreadCache;
}

export function createBalancePointCaches(limits: CacheLimits = CACHE_LIMITS): BalancePointCaches {
  return { finals: createFinalPointsCache(limits), spreads: createSpreadCache(limits) };
}
