import { User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /reset-user: fresh cash, empty holdings; the old history is archived by the server. */
export function useResetUser(walletAddress: string, username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startingBalance: number) =>
      api('/reset-user', {
        method: 'POST',
        body: { walletAddress, username, startingBalance, resetAccountData: Date.now() },
        wallet: walletAddress,
        schema: User,
      }),
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.balanceHistory.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all });
    },
  });
}
