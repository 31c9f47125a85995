import { CandlesAnswer, type CandleInterval } from '@papertrade/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const candlesQueryOptions = (assetId: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: queryKeys.candles(assetId, interval),
    queryFn: ({ signal }) =>
      api(`/assets/${encodeURIComponent(assetId)}/candles?interval=${interval}`, {
        schema: CandlesAnswer,
        signal,
      }),
    refetchInterval: interval === '1m' ? 10_000 : 60_000,
    placeholderData: keepPreviousData,
  });
