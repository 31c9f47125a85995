import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';

/** POST /auth/totp/disable: needs the current password and a code (or a recovery code). */
export function useTotpDisable(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; code: string }) =>
      api('/auth/totp/disable', { method: 'POST', body, wallet }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
