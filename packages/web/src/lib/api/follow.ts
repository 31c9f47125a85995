import { FollowsAnswer, PublicProfile } from '@papertrade/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/** Whom the signed-in user follows (first 100), to show Follow or Unfollow. */
export function useFollowing(myWallet: string | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.following.of(myWallet ?? ''),
      queryFn: ({ signal }) =>
        api(`/users/${myWallet}/following?limit=100`, { schema: FollowsAnswer, signal }),
      staleTime: 30_000,
    }),
    enabled: Boolean(myWallet),
  });
}

/** POST /follow or DELETE /follow {walletAddress: theirs}; answers their PublicProfile. */
export function useFollow(myWallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletAddress, follow }: { walletAddress: string; follow: boolean }) =>
      api('/follow', {
        method: follow ? 'POST' : 'DELETE',
        body: { walletAddress },
        wallet: myWallet,
        schema: PublicProfile,
      }),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.userDetails(profile.walletAddress), profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.following.all });
    },
  });
}
