import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';

/** Nothing of the deleted user may linger in the cache. */
export function forgetUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/**
 * DELETE /delete-user: 204; the account, its sessions and uploads are gone. The caller leaves the
 * signed-in screens first and then calls forgetUser, or the login guard would send it to /login.
 */
export function useDeleteUser(walletAddress: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (currentPassword: string) =>
      api('/delete-user', {
        method: 'DELETE',
        body: { walletAddress, currentPassword },
        wallet: walletAddress,
      }),
  });
  return { ...mutation, forget: () => forgetUser(queryClient) };
}
