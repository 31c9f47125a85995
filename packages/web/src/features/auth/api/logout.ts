import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetActiveWallet } from '../../../lib/active-portfolio.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';

export async function logout(wallet: string | undefined): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST', wallet });
  } catch (error) {
    // Already signed out elsewhere: the goal is reached.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous user may linger in the cache for the next one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      forgetActiveWallet();
    },
  });
}
