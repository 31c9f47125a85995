import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function forgotPassword(email: string): Promise<void> {
  await api('/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
