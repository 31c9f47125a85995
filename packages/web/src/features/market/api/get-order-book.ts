import { OrderBook, ORDER_BOOK_MAX_DEPTH } from '@papertrade/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /assets/:id/book at its full depth (docs/api.md, Market): the trade panel's preview walks
 * every level a market order would, and the ladder and the depth chart show the same answer, so
 * the page makes one request for all three.
 */
export const orderBookQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: queryKeys.orderBook(assetId),
    queryFn: ({ signal }) =>
      api(`/assets/${encodeURIComponent(assetId)}/book?depth=${ORDER_BOOK_MAX_DEPTH}`, {
        schema: OrderBook,
        signal,
      }),
    // A level's size is drawn again for every tick (docs/decisions/029-simulated-order-book.md),
    // so an answer is only good until the next price: the price change below refetches it.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * The book of an asset, read again whenever its live price changes: the prices the page already
 * receives (the live socket, or the 5 s poll while it is down) pace the book, with no timer of its
 * own, so it moves exactly as often as the market does and stops when the tab's prices stop.
 */
export function useOrderBook(assetId: string | undefined, price: number | undefined) {
  const client = useQueryClient();
  const query = useQuery({ ...orderBookQueryOptions(assetId ?? ''), enabled: Boolean(assetId) });
  const seen = useRef(price);
  useEffect(() => {
    if (!assetId || price === undefined || seen.current === price) return;
    seen.current = price;
    void client.invalidateQueries({ queryKey: queryKeys.orderBook(assetId), exact: true });
  }, [client, assetId, price]);
  return query;
}
