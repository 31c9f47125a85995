import { User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';

/** POST /auth/change-password: 401 INVALID_CREDENTIALS when the current password is wrong. */
export function useChangePassword(wallet: string) {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/auth/change-password', { method: 'POST', body, wallet }),
  });
}

const ChangeEmailAnswer = z.object({ ok: z.literal(true), user: User });

/** POST /auth/change-email: a verification mail goes to the new address. */
export function useChangeEmail(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newEmail: string }) =>
      api('/auth/change-email', { method: 'POST', body, wallet, schema: ChangeEmailAnswer }),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
