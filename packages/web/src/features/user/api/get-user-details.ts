import { PublicProfile, User } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The owner gets the full User, anyone else the PublicProfile (docs/api.md, Core calls). */
const UserDetailsAnswer = z.union([User, PublicProfile]);

export const userDetailsQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: queryKeys.userDetails(walletAddress),
    queryFn: ({ signal }) =>
      api('/user-details', {
        method: 'POST',
        body: { walletAddress },
        schema: UserDetailsAnswer,
        signal,
      }),
    staleTime: 15_000,
  });

export function useUserDetails(walletAddress: string, enabled: boolean) {
  return useQuery({ ...userDetailsQueryOptions(walletAddress), enabled });
}
