import { NEXT_CURSOR_HEADER, TransactionsAnswer, type HistoryEntry } from '@papertrade/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface TransactionsPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

export interface TransactionFilters {
  type?: 'PURCHASE' | 'SELL' | 'WORKING';
  symbol?: string;
  /** The history of earlier account resets instead of the current one. */
  archived?: boolean;
}

const PAGE_SIZE = 20;

/** GET /transactions: an array, newest first; the next page's cursor is in X-Next-Cursor. */
export async function getTransactions(
  wallet: string,
  cursor: string | null,
  filters: TransactionFilters = {},
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filters.type) query.set('type', filters.type);
  if (filters.symbol) query.set('symbol', filters.symbol);
  if (filters.archived) query.set('archived', 'true');
  const { data, headers } = await apiRequest(`/transactions?${query.toString()}`, {
    schema: TransactionsAnswer,
    wallet,
    signal,
  });
  return { entries: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export const transactionsQueryOptions = (wallet: string, filters: TransactionFilters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.transactions.pages(filters),
    queryFn: ({ pageParam, signal }) => getTransactions(wallet, pageParam, filters, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TransactionsPage) => last.nextCursor,
  });

export function useTransactions(wallet: string, filters: TransactionFilters = {}) {
  return useInfiniteQuery(transactionsQueryOptions(wallet, filters));
}

/** GET /transactions.csv: the whole history (every epoch) as a file download. */
export const TRANSACTIONS_CSV_PATH = '/transactions.csv';
/** A download link sends no Wallet header: the shown portfolio's wallet goes in the query. */
export const transactionsCsvHref = (walletAddress: string) =>
  `${TRANSACTIONS_CSV_PATH}?walletAddress=${encodeURIComponent(walletAddress)}`;
