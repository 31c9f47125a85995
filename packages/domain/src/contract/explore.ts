import { z } from 'zod';
import { Symbol } from './primitives.ts';

/** GET /explore/most-traded: what the platform trades most (public, aggregated; no user is identifiable). */
export const MostTradedQuery = z.object({
  days: z.coerce.number().int().min(1, 'days is 1 to 365').max(365, 'days is 1 to 365').default(7),
});

export const MostTradedEntry = z.object({
  symbol: Symbol,
  /** Number of executed market and working-order transactions (buys and sells). */
  count: z.number().int().nonnegative(),
  /** Their total in USD. */
  volume: z.number().nonnegative(),
});
export type MostTradedEntry = z.infer<typeof MostTradedEntry>;

/** The 10 symbols with the most transactions, most first; ties by volume, then symbol. */
export const MostTradedAnswer = z.array(MostTradedEntry);
