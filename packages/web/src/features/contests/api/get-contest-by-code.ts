import { Contest } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /contests/code/:code: what a join link leads to, shown before joining. */
export const contestByCodeQueryOptions = (code: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.contests.code(code),
    queryFn: ({ signal }) =>
      api(`/contests/code/${encodeURIComponent(code)}`, { schema: Contest, wallet, signal }),
  });

export function useContestByCode(code: string, wallet: string) {
  return useQuery(contestByCodeQueryOptions(code, wallet));
}
