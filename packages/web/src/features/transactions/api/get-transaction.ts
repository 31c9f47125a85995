import { Transaction } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const transactionQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.one(id),
    queryFn: ({ signal }) =>
      api(`/transactions/${encodeURIComponent(id)}`, { schema: Transaction, wallet, signal }),
    staleTime: Infinity,
  });

export function useTransaction(id: string, wallet: string) {
  return useQuery({ ...transactionQueryOptions(id, wallet), enabled: id !== '' });
}
