import { AllAssetsAnswer, type Asset } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { liveStatus } from '../live-socket.ts';
import { queryKeys } from '../query-keys.ts';
import { ASSET_POLL_INTERVAL_MS } from '../ui-constants.ts';

export const allAssetsQueryKey = queryKeys.assets;

export const allAssetsQueryOptions = () =>
  queryOptions({
    queryKey: allAssetsQueryKey,
    queryFn: ({ signal }) => api('/all-assets', { schema: AllAssetsAnswer, signal }),
    // docs/product.md, Live prices: prices are polled every 5 seconds, but only while the live socket is down; while
    // it is open every tick arrives through it. The live provider refetches when it drops, which
    // re-reads these and restarts the polling.
    refetchInterval: () => (liveStatus.isOpen() ? false : ASSET_POLL_INTERVAL_MS),
    staleTime: () => (liveStatus.isOpen() ? Infinity : ASSET_POLL_INTERVAL_MS - 500),
  });

export function useAllAssets() {
  return useQuery(allAssetsQueryOptions());
}

export function findAsset(assets: readonly Asset[] | undefined, key: string | null | undefined) {
  if (!assets || !key) return undefined;
  const wanted = key.toLowerCase();
  return assets.find((a) => a.id === wanted || a.symbol.toLowerCase() === wanted);
}
