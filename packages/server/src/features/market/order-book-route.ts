import {
  OrderBook,
  OrderBookQuery,
  priceToNumber,
  sharesToNumber,
  type BookLevel,
  type OrderBookLevel,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { loadFedOrderBook } from '../../market/fed-books.ts';
import { loadOrderBook } from '../../market/order-book-store.ts';
import { loadContestBook } from './replay-order-book.ts';

const toWire = (levels: readonly BookLevel[], depth: number): OrderBookLevel[] =>
  levels.slice(0, depth).map((l) => [priceToNumber(l.price), sharesToNumber(l.shares)]);

/**
 * GET /assets/:id/book: the simulated order book (docs/decisions/029-simulated-order-book.md), or
 * with `contestId` the book that contest's members walk: a running replay's own
 * (replay-order-book.ts), otherwise the live one.
 */
export function orderBookRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/assets/:id/book',
    {
      schema: {
        tags: ['market'],
        summary:
          "An asset's simulated order book: up to `depth` levels a side, [price, shares], best first; with `contestId` of a running replay, that replay's book",
        params: z.object({ id: z.string().max(40) }),
        querystring: OrderBookQuery,
        response: { 200: OrderBook },
      },
    },
    async (request) => {
      const { depth, contestId } = request.query;
      const at = Date.now();
      const replay = contestId
        ? await loadContestBook(ctx, contestId, request.params.id, at)
        : null;
      if (replay) return { bids: toWire(replay.bids, depth), asks: toWire(replay.asks, depth), at };
      // The live feed's book, as the leader stored it last, less what our users took of it
      // (docs/market-data.md). Before the feed has stored one, there is no book to show: orders
      // answer 409 MARKET_STALE then, and so does the book, rather than show the simulated one.
      if (ctx.config.marketFeed === 'coinbase') {
        const fed = await loadFedOrderBook(
          ctx.db,
          request.params.id,
          at,
          ctx.orderBooks?.consumed(request.params.id),
        );
        if (fed)
          return { bids: toWire(fed.bids, depth), asks: toWire(fed.asks, depth), at: fed.at };
        const known = await ctx.db
          .selectFrom('assets')
          .select('id')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!known) throw notFound('ASSET_NOT_FOUND', `No asset with id "${request.params.id}"`);
        throw conflict(
          'MARKET_STALE',
          `No order book of "${request.params.id}" from the feed yet: market orders wait for it`,
        );
      }
      const book = await loadOrderBook(
        ctx.db,
        request.params.id,
        ctx.config.marketSeed,
        at,
        ctx.orderBooks?.consumed(request.params.id),
      );
      return { bids: toWire(book.bids, depth), asks: toWire(book.asks, depth), at };
    },
  );
}
