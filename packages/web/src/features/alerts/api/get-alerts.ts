import { AlertsAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const alertsQueryKey = ['alerts'] as const;

/** GET /alerts: waiting alerts newest first, then the most recently fired ones. */
export const alertsQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: alertsQueryKey,
    queryFn: ({ signal }) => api('/alerts', { schema: AlertsAnswer, wallet, signal }),
  });

export function useAlerts(wallet: string) {
  return useQuery(alertsQueryOptions(wallet));
}
