import { Transaction } from '@papertrade/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const transactionQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: ['transactions', 'one', id] as const,
    queryFn: ({ signal }) =>
      api(`/transactions/${encodeURIComponent(id)}`, { schema: Transaction, wallet, signal }),
    staleTime: Infinity,
  });

export function useTransaction(id: string, wallet: string) {
  return useQuery({ ...transactionQueryOptions(id, wallet), enabled: id !== '' });
}
