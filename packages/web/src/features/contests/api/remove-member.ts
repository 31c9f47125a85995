import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contestBoardQueryKey } from './get-contest-leaderboard.ts';
import { contestMembersQueryKey } from './get-contest-members.ts';

/** DELETE /contests/:id/members/:walletAddress (owner): the portfolio closes and leaves the board. */
export function useRemoveMember(id: string, wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: string) =>
      api(`/contests/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`, {
        method: 'DELETE',
        wallet,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contestMembersQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: contestBoardQueryKey(id) });
    },
  });
}
