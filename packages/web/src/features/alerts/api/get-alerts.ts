import { AlertsAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const alertsQueryKey = queryKeys.alerts;

/** GET /alerts: waiting alerts newest first, then the most recently fired ones. */
export const alertsQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: alertsQueryKey,
    queryFn: ({ signal }) => api('/alerts', { schema: AlertsAnswer, wallet, signal }),
  });

export function useAlerts(wallet: string) {
  return useQuery(alertsQueryOptions(wallet));
}
