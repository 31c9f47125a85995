import { PortfoliosAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const portfoliosQueryKey = queryKeys.portfolios;

/** GET /portfolios: the main portfolio first, then one per contest or class joined. */
export const portfoliosQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: portfoliosQueryKey,
    queryFn: ({ signal }) => api('/portfolios', { schema: PortfoliosAnswer, wallet, signal }),
    staleTime: 60_000,
  });

export function usePortfolios(wallet: string) {
  return useQuery(portfoliosQueryOptions(wallet));
}
