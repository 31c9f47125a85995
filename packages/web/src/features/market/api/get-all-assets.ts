import { AllAssetsAnswer, ASSET_POLL_INTERVAL_MS, type Asset } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const allAssetsQueryOptions = () =>
  queryOptions({
    queryKey: ['assets'] as const,
    queryFn: ({ signal }) => api('/all-assets', { schema: AllAssetsAnswer, signal }),
    // SPEC §7: prices are polled every 5 seconds (the live socket will take over later).
    refetchInterval: ASSET_POLL_INTERVAL_MS,
    staleTime: ASSET_POLL_INTERVAL_MS - 500,
  });

export function useAllAssets() {
  return useQuery(allAssetsQueryOptions());
}

export function findAsset(assets: readonly Asset[] | undefined, key: string | null | undefined) {
  if (!assets || !key) return undefined;
  const wanted = key.toLowerCase();
  return assets.find((a) => a.id === wanted || a.symbol.toLowerCase() === wanted);
}
