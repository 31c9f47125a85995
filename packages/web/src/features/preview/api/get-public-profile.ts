import { PublicProfile } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /users/:walletAddress/profile: a wallet's PublicProfile, also for its owner (whom
 * POST /user-details gives the full User, which has no follower counts), with exact counts.
 */
export const publicProfileQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: queryKeys.publicProfile(walletAddress),
    queryFn: ({ signal }) =>
      api(`/users/${encodeURIComponent(walletAddress)}/profile`, { schema: PublicProfile, signal }),
    // No staleTime: the preview follows name and picture changes made a moment ago on /account.
  });

export function usePublicProfile(walletAddress: string) {
  return useQuery(publicProfileQueryOptions(walletAddress));
}
