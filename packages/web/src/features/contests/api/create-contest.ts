import { Contest, type CreateContestBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { portfoliosQueryKey } from './get-portfolios.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /contests: 201 with the new contest (and its join code); a CONTEST's creator joins it. */
export function useCreateContest(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContestBody) =>
      api('/contests', { method: 'POST', body, wallet, schema: Contest }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.lists });
      void queryClient.invalidateQueries({ queryKey: portfoliosQueryKey });
    },
  });
}
