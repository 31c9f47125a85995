import { PortfolioInsight } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /portfolio-insight: allocation, P&L, best and worst sales, the BTC benchmark (docs/api.md). */
export const portfolioInsightQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: queryKeys.portfolioInsight,
    queryFn: ({ signal }) =>
      api('/portfolio-insight', { schema: PortfolioInsight, wallet, signal }),
    // Values follow the prices, which the rest of the app polls every 5 s; P&L need not be faster.
    refetchInterval: 15_000,
    // Opened after a trade, the page asks again rather than showing the figures from before it.
    staleTime: 0,
  });

export function usePortfolioInsight(wallet: string) {
  return useQuery(portfolioInsightQueryOptions(wallet));
}
