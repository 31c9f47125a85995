import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../auth/api/get-session.ts';

/** DELETE /delete-user: 204; the account, its sessions and uploads are gone. */
export function useDeleteUser(walletAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      api('/delete-user', {
        method: 'DELETE',
        body: { walletAddress, currentPassword },
        wallet: walletAddress,
      }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
