import { AuthAnswer, type User } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetActiveWallet } from '../../../lib/active-portfolio.ts';
import { api } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/api/get-session.ts';

export interface LoginInput {
  email: string;
  password: string;
  /** The authenticator code or a recovery code, once the server answered TOTP_REQUIRED. */
  totp?: string;
}

export async function login(input: LoginInput): Promise<User> {
  return (await api('/auth/login', { method: 'POST', body: input, schema: AuthAnswer })).user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A login answers the main portfolio: start there, not in a contest chosen in an old session.
    onSuccess: (user) => {
      forgetActiveWallet();
      setSessionUser(queryClient, user);
    },
  });
}
