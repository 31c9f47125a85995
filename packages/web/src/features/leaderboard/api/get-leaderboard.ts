import { LeaderboardAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: ['leaderboard'] as const,
    queryFn: ({ signal }) => api('/leaderboard?limit=50', { schema: LeaderboardAnswer, signal }),
    staleTime: 30_000,
  });

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
