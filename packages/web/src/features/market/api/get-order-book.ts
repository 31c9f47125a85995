import { OrderBook, ORDER_BOOK_MAX_DEPTH, type Asset } from '@papertrade/domain';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { replayedPrice, useReplayMarket } from '../../contests/api/get-replay-market.ts';

/**
 * GET /assets/:id/book at its full depth (docs/api.md, Market): the trade panel's preview walks
 * every level a market order would, and the ladder and the depth chart show the same answer, so
 * the page makes one request for all three. With `contestId` (a replay's), the book that replay's
 * members walk.
 */
export const orderBookQueryOptions = (assetId: string, contestId: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.orderBook(assetId, contestId),
    queryFn: ({ signal }) =>
      api(
        `/assets/${encodeURIComponent(assetId)}/book?depth=${ORDER_BOOK_MAX_DEPTH}${
          contestId ? `&contestId=${encodeURIComponent(contestId)}` : ''
        }`,
        { schema: OrderBook, signal },
      ),
    // A level's size is drawn again for every tick (docs/decisions/029-simulated-order-book.md),
    // so an answer is only good until the next price: the price change below refetches it.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * The book a market order of the portfolio on screen walks: for a replay member, of an asset the
 * replay trades, the replay's own book (docs/decisions/034-replay-contests.md); otherwise the live
 * one. Not read while the session or a contest portfolio's replay is still loading, so a replay
 * member never sees the live book in its place. Read again whenever `asset.currentPrice` changes (the replayed price
 * for a replay, as the trade panel and the asset page pass it): the prices the page already
 * receives (the live socket, the 5 s poll while it is down, a replay's poll) pace the book, with no
 * timer of its own, so it moves exactly as often as its prices do and stops when they stop.
 */
export function useOrderBook(asset: Pick<Asset, 'id' | 'symbol' | 'currentPrice'> | undefined) {
  const client = useQueryClient();
  // Which portfolio is on screen comes with the session: until then neither book is read.
  const sessionKnown = !useSession().isPending;
  const market = useReplayMarket();
  const known = sessionKnown && (market === null || market?.answer !== undefined);
  // An ended replay has no book of its own any more: the server answers the live one for it.
  const contestId =
    market?.running && asset && replayedPrice(market, asset.symbol) !== undefined
      ? market.contestId
      : null;
  const assetId = asset?.id;
  const price = asset?.currentPrice;
  const query = useQuery({
    ...orderBookQueryOptions(assetId ?? '', contestId),
    enabled: Boolean(assetId) && known,
  });
  const seen = useRef(price);
  useEffect(() => {
    if (!assetId || price === undefined || seen.current === price) return;
    seen.current = price;
    void client.invalidateQueries({
      queryKey: queryKeys.orderBook(assetId, contestId),
      exact: true,
    });
  }, [client, assetId, contestId, price]);
  return query;
}
