import { ContestMembersAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const contestMembersQueryKey = queryKeys.contests.members;

/** GET /contests/:id/members (owner): every member with total, return, trades and last activity. */
export const contestMembersQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: contestMembersQueryKey(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/members`, {
        schema: ContestMembersAnswer,
        wallet,
        signal,
      }),
    refetchInterval: 30_000,
  });

export function useContestMembers(id: string, wallet: string, enabled: boolean) {
  return useQuery({ ...contestMembersQueryOptions(id, wallet), enabled });
}
