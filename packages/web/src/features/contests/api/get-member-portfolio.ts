import { User } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /contests/:id/members/:walletAddress (CLASS owner): that member's User record, to read. */
export const memberPortfolioQueryOptions = (id: string, member: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.contests.member(id, member),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`, {
        schema: User,
        wallet,
        signal,
      }),
  });

export function useMemberPortfolio(id: string, member: string | null, wallet: string) {
  return useQuery({
    ...memberPortfolioQueryOptions(id, member ?? '', wallet),
    enabled: Boolean(member),
  });
}
