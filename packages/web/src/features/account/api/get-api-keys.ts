import { ApiKeysAnswer } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const apiKeysQueryKey = queryKeys.apiKeys;

/** GET /api-keys: the user's keys for programs, newest first, without secrets. */
export const apiKeysQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => api('/api-keys', { schema: ApiKeysAnswer, wallet, signal }),
  });

export function useApiKeys(wallet: string) {
  return useQuery(apiKeysQueryOptions(wallet));
}
