import {
  LeaderboardAnswer,
  LeaderboardMeAnswer,
  NEXT_CURSOR_HEADER,
  type LeaderboardPeriod,
} from '@papertrade/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 20;

/** GET /leaderboard?period: an array; the next page's cursor is in X-Next-Cursor. */
export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  infiniteQueryOptions({
    queryKey: queryKeys.leaderboard.pages(period),
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), period });
      if (pageParam) query.set('cursor', pageParam);
      const { data, headers } = await apiRequest(`/leaderboard?${query.toString()}`, {
        schema: LeaderboardAnswer,
        signal,
      });
      return { entries: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useLeaderboard(period: LeaderboardPeriod) {
  return useInfiniteQuery(leaderboardQueryOptions(period));
}

/** GET /leaderboard/me?period: the caller's own row, wherever it ranks. */
export function useMyRank(wallet: string, period: LeaderboardPeriod) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.leaderboard.me(period),
      queryFn: ({ signal }) =>
        api(`/leaderboard/me?period=${period}`, { schema: LeaderboardMeAnswer, wallet, signal }),
      staleTime: 30_000,
    }),
  );
}
