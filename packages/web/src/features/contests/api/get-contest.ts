import { Contest } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const contestQueryKey = queryKeys.contests.one;

/** GET /contests/:id: the rules, status and the caller's own rank (`me`). */
export const contestQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: contestQueryKey(id),
    queryFn: ({ signal }) =>
      api(`/contests/${encodeURIComponent(id)}`, { schema: Contest, wallet, signal }),
    staleTime: 30_000,
  });

export function useContest(id: string | undefined, wallet: string) {
  return useQuery({ ...contestQueryOptions(id ?? '', wallet), enabled: Boolean(id) });
}

/** The contest of the portfolio on screen, or undefined on the main portfolio (trade panel rules). */
export function useActiveContest() {
  const { data: user } = useSession();
  const id = user?.portfolio?.kind === 'CONTEST' ? user.portfolio.contestId : undefined;
  return useContest(id, user?.walletAddress ?? '').data;
}
