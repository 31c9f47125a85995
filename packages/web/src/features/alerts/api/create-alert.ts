import { Alert, type CreateAlertBody } from '@papertrade/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertsQueryKey } from './get-alerts.ts';

/** POST /alerts: 400 with the field that is wrong, 409 TOO_MANY_ALERTS past 50 waiting. */
export function useCreateAlert(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertBody) =>
      api('/alerts', { method: 'POST', body, wallet, schema: Alert }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
