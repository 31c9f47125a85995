import {
  AllAssetsAnswer,
  Asset,
  CandlesAnswer,
  CandlesQuery,
  MarketPriceBody,
  priceFromNumber,
  priceToNumber,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { registerAssetIcons } from './asset-icons.ts';
import { dayStatsRoute } from './day-stats.ts';
import { orderBookRoute } from './order-book-route.ts';

/** Enough for a day of 1m candles or a month of 1h ones; a chart asks again for older ranges. */
export const MAX_CANDLES = 1000;

const CandlesParams = z.object({ id: z.string().max(40) });

export function marketRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  registerAssetIcons(app);
  dayStatsRoute(app, ctx);
  orderBookRoute(app, ctx);

  app.get(
    '/all-assets',
    {
      schema: {
        tags: ['market'],
        summary: 'Every asset with its current price',
        response: { 200: AllAssetsAnswer },
      },
    },
    () => ctx.market.listAssets(),
  );

  app.get(
    '/assets/:id/candles',
    {
      schema: {
        tags: ['market'],
        summary: `OHLC candles of one asset, oldest first (the ${MAX_CANDLES} most recent in the range)`,
        params: CandlesParams,
        querystring: CandlesQuery,
        response: { 200: CandlesAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { interval, from, to } = request.query;
      if (from !== undefined && to !== undefined && from > to) {
        throw badRequest('INVALID_RANGE', '"from" must not be after "to"', 'from');
      }
      const asset = await ctx.db
        .selectFrom('assets')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!asset) throw notFound('ASSET_NOT_FOUND', `No asset with id "${id}"`);
      let query = ctx.db
        .selectFrom('candles')
        .select(['start_ts', 'open', 'high', 'low', 'close'])
        .where('asset_id', '=', id)
        .where('interval', '=', interval);
      if (from !== undefined) query = query.where('start_ts', '>=', BigInt(from));
      if (to !== undefined) query = query.where('start_ts', '<=', BigInt(to));
      const rows = await query.orderBy('start_ts', 'desc').limit(MAX_CANDLES).execute();
      return rows.reverse().map((row) => ({
        time: Number(row.start_ts),
        open: priceToNumber(BigInt(row.open)),
        high: priceToNumber(BigInt(row.high)),
        low: priceToNumber(BigInt(row.low)),
        close: priceToNumber(BigInt(row.close)),
      }));
    },
  );

  // Tests and demos only (docs/api.md, Market control): without MARKET_CONTROL these paths do not exist (404).
  if (!ctx.config.marketControl) return;

  app.post(
    '/market-control/price',
    {
      schema: {
        tags: ['market control'],
        summary: "Sets an asset's price and runs one full tick (MARKET_CONTROL=1 only)",
        body: MarketPriceBody,
        response: { 200: Asset },
      },
    },
    async (request) => {
      const price = priceFromNumber(request.body.price);
      if (price === null)
        throw badRequest('VALIDATION_ERROR', 'Price has more than 8 decimals', 'price');
      return ctx.market.setPrice(request.body.id, price);
    },
  );

  app.post(
    '/market-control/tick',
    {
      schema: {
        tags: ['market control'],
        summary: 'Runs one simulated tick now and answers the new prices (MARKET_CONTROL=1 only)',
        response: { 200: AllAssetsAnswer },
      },
    },
    async () => {
      await ctx.market.tick();
      return ctx.market.listAssets();
    },
  );
}
