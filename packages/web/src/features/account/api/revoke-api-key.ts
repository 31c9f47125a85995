import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** DELETE /api-keys/:id: 204; the key stops working at once. 404 when already gone. */
export function useRevokeApiKey(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', wallet }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
