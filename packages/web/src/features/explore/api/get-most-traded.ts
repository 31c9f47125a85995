import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** Mirrors packages/server/src/features/explore/routes.ts (MostTradedAnswer). */
export const MostTradedAnswer = z.array(
  z.object({ symbol: z.string(), count: z.number(), volume: z.number() }),
);
export type MostTraded = z.infer<typeof MostTradedAnswer>[number];

export const mostTradedQueryOptions = (days = 7) =>
  queryOptions({
    queryKey: ['explore', 'most-traded', days] as const,
    queryFn: ({ signal }) =>
      api(`/explore/most-traded?days=${days}`, { schema: MostTradedAnswer, signal }),
    staleTime: 60_000,
  });

export function useMostTraded(days = 7) {
  return useQuery(mostTradedQueryOptions(days));
}
