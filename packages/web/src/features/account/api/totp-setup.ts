import { TotpSetupAnswer } from '@papertrade/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/totp/setup: a new pending secret (two-factor is on only after /auth/totp/enable). */
export function useTotpSetup(wallet: string) {
  return useMutation({
    mutationFn: (body: { currentPassword: string }) =>
      api('/auth/totp/setup', { method: 'POST', body, wallet, schema: TotpSetupAnswer }),
  });
}
