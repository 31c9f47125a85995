import { AssetDayStats } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /assets/:id/day-stats: 24 h low and high, PaperTrade's 24 h volume. */
export const dayStatsQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: queryKeys.dayStats(assetId),
    queryFn: ({ signal }) =>
      api(`/assets/${encodeURIComponent(assetId)}/day-stats`, { schema: AssetDayStats, signal }),
    refetchInterval: 30_000,
  });

export function useDayStats(assetId: string) {
  return useQuery(dayStatsQueryOptions(assetId));
}
