import { User, type UPDATABLE_USER_KEYS } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';

export type UpdatableKey = (typeof UPDATABLE_USER_KEYS)[number];

/** PUT /update-user {key, walletAddress, updates}: the answer is the updated User. */
export async function updateUser(walletAddress: string, key: UpdatableKey, updates: unknown) {
  return api('/update-user', {
    method: 'PUT',
    body: { key, walletAddress, updates },
    wallet: walletAddress,
    schema: User,
  });
}

export function useUpdateUser(walletAddress: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, updates }: { key: UpdatableKey; updates: unknown }) =>
      updateUser(walletAddress, key, updates),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
