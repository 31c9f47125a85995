import { MostTradedAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const mostTradedQueryOptions = (days = 7) =>
  queryOptions({
    queryKey: queryKeys.mostTraded(days),
    queryFn: ({ signal }) =>
      api(`/explore/most-traded?days=${days}`, { schema: MostTradedAnswer, signal }),
    staleTime: 60_000,
  });

export function useMostTraded(days = 7) {
  return useQuery(mostTradedQueryOptions(days));
}
