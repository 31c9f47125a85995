import { ContestsPage, type ContestScope } from '@papertrade/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /contests?scope=joined|owned|public&cursor: a page of contests and the next cursor. */
export const contestsQueryOptions = (scope: ContestScope, wallet: string) =>
  infiniteQueryOptions({
    queryKey: ['contests', 'list', scope] as const,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ scope });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/contests?${query.toString()}`, { schema: ContestsPage, wallet, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useContests(scope: ContestScope, wallet: string) {
  return useInfiniteQuery(contestsQueryOptions(scope, wallet));
}
