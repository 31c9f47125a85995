import { SessionAnswer, type User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';

export async function verifyEmail(token: string): Promise<User> {
  return (
    await api('/auth/verify-email', { method: 'POST', body: { token }, schema: SessionAnswer })
  ).user;
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // Signed in as someone else? Their session is not this answer; just refresh it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
