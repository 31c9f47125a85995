import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertsQueryKey } from './get-alerts.ts';

/** DELETE /alerts/:id: 204; 404 when it is already gone, which leaves the same list. */
export function useDeleteAlert(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE', wallet }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
