import { NEXT_CURSOR_HEADER, TransactionsAnswer, type HistoryEntry } from '@papertrade/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TransactionsPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

const PAGE_SIZE = 20;

/** GET /transactions: an array, newest first; the next page's cursor is in X-Next-Cursor. */
export async function getTransactions(wallet: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const { data, headers } = await apiRequest(`/transactions?${query.toString()}`, {
    schema: TransactionsAnswer,
    wallet,
    signal,
  });
  return { entries: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export const transactionsQueryOptions = (wallet: string) =>
  infiniteQueryOptions({
    queryKey: ['transactions', 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getTransactions(wallet, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TransactionsPage) => last.nextCursor,
  });

export function useTransactions(wallet: string) {
  return useInfiniteQuery(transactionsQueryOptions(wallet));
}
