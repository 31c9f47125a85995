import { AuthAnswer, type AccountType, type User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';

export interface SignUpInput {
  email: string;
  username: string;
  password: string;
  accountType: AccountType;
}

export async function signUp(input: SignUpInput): Promise<User> {
  return (await api('/auth/sign-up', { method: 'POST', body: input, schema: AuthAnswer })).user;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
