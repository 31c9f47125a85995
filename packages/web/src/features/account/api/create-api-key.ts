import { CreatedApiKey, type CreateApiKeyBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/**
 * POST /api-keys: the key acts on the portfolio whose wallet is sent (main or a contest's); the
 * answer carries the secret, the only time it is ever shown.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wallet, body }: { wallet: string; body: CreateApiKeyBody }) =>
      api('/api-keys', { method: 'POST', body, wallet, schema: CreatedApiKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
