import { ContestReturnsAnswer } from '@papertrade/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const TOP_TRADERS = 5;

export const contestReturnsQueryKey = queryKeys.contests.returns;

/**
 * GET /contests/:id/returns?top=5: each top trader's return over time, for one chart. Its last
 * points follow the board between fetches (returns-follow-board.ts).
 */
export const contestReturnsQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: contestReturnsQueryKey(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}/returns?top=${TOP_TRADERS}`, {
        schema: ContestReturnsAnswer,
        wallet,
        signal,
      }),
    // Points are balance snapshots, minutes apart: a minute is as fresh as they get.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useContestReturns(id: string, wallet: string) {
  return useQuery(contestReturnsQueryOptions(id, wallet));
}
