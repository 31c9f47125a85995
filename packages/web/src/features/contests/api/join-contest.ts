import { JoinContestAnswer } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { portfoliosQueryKey } from './get-portfolios.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type JoinInput = { code: string } | { contestId: string };

/** POST /contests/join {code} or {contestId}: 201 with the contest and the new portfolio's wallet. */
export function useJoinContest(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinInput) =>
      api('/contests/join', { method: 'POST', body, wallet, schema: JoinContestAnswer }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.lists });
      void queryClient.invalidateQueries({ queryKey: portfoliosQueryKey });
    },
  });
}
