import { Contest, type UpdateContestBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contestQueryKey } from './get-contest.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /contests/:id (owner): name, description, end date, lessons, or `{end: true}`. */
export function useUpdateContest(id: string, wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContestBody) =>
      api(`/contests/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        wallet,
        schema: Contest,
      }),
    onSuccess: (contest) => {
      queryClient.setQueryData(contestQueryKey(id), contest);
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.lists });
    },
  });
}
