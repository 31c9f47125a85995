import { BalanceHistoryAnswer } from '@papertrade/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BalanceRange = 1 | 7 | 30 | 'max';

/** GET /balance-history?days=1|7|30|max: oldest first, ending with a live point for now. */
export const balanceHistoryQueryOptions = (wallet: string, days: BalanceRange) =>
  queryOptions({
    queryKey: queryKeys.balanceHistory.range(days),
    queryFn: ({ signal }) =>
      api(`/balance-history?days=${days}`, { schema: BalanceHistoryAnswer, wallet, signal }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useBalanceHistory(wallet: string, days: BalanceRange) {
  return useQuery(balanceHistoryQueryOptions(wallet, days));
}
