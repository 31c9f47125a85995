import { Contest, ContestsPage, NEXT_CURSOR_HEADER, type ContestScope } from '@papertrade/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An array with the next cursor in X-Next-Cursor (as /leaderboard), or `{items, nextCursor}`. */
const ContestsAnswer = z.union([z.array(Contest), ContestsPage]);

/** GET /contests?scope=joined|owned|public&cursor: a page of contests and the next cursor. */
export const contestsQueryOptions = (scope: ContestScope, wallet: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.contests.list(scope),
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ scope });
      if (pageParam) query.set('cursor', pageParam);
      const { data, headers } = await apiRequest(`/contests?${query.toString()}`, {
        schema: ContestsAnswer,
        wallet,
        signal,
      });
      if (!Array.isArray(data)) return data;
      return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useContests(scope: ContestScope, wallet: string) {
  return useInfiniteQuery(contestsQueryOptions(scope, wallet));
}
