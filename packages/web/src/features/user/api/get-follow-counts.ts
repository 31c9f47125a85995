import { FollowsAnswer } from '@papertrade/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Follower and following counts of one wallet, from the first page (up to 100) of each list. */
export function useFollowCounts(wallet: string | undefined) {
  return useQuery({
    queryKey: ['follow-counts', wallet ?? ''] as const,
    queryFn: async ({ signal }) => {
      const [followers, following] = await Promise.all([
        api(`/users/${wallet}/followers?limit=100`, { schema: FollowsAnswer, signal }),
        api(`/users/${wallet}/following?limit=100`, { schema: FollowsAnswer, signal }),
      ]);
      return { followers: followers.length, following: following.length };
    },
    enabled: Boolean(wallet),
    staleTime: 30_000,
  });
}
