import { TotpEnableAnswer } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/get-session.ts';

/** POST /auth/totp/enable: 400 INVALID_TOTP for a wrong code; answers the recovery codes once. */
export function useTotpEnable(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      api('/auth/totp/enable', { method: 'POST', body, wallet, schema: TotpEnableAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
