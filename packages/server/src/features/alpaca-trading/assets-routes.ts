import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { apiKeyRoute } from '../api-keys/public.ts';
import { alpacaNotFound } from './alpaca-errors.ts';
import { fromAlpacaSymbol, toAlpacaSymbol } from './alpaca-symbols.ts';

interface AssetRow {
  id: string;
  symbol: string;
  name: string;
}

/** Alpaca's Asset object: every asset here is a crypto pair quoted in USD, fractionable, long only. */
const assetShape = (row: AssetRow) => ({
  id: row.id,
  class: 'crypto',
  exchange: 'CRYPTO',
  symbol: toAlpacaSymbol(row.symbol),
  name: `${row.name} / US Dollar`,
  status: 'active',
  tradable: true,
  marginable: false,
  shortable: false,
  easy_to_borrow: false,
  fractionable: true,
  maintenance_margin_requirement: 100,
  min_order_size: '0.00000001',
  min_trade_increment: '0.00000001',
  price_increment: '0.00000001',
  attributes: [],
});

/** GET /v2/assets and /v2/assets/:symbol (docs/api.md "Alpaca-compatible trading"). */
export function assetsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyed = apiKeyRoute(ctx);
  const schema = { hide: true } as const;
  const rows = () =>
    ctx.db.selectFrom('assets').select(['id', 'symbol', 'name']).orderBy('position').execute();

  app.get(
    '/v2/assets',
    {
      ...keyed,
      schema: {
        ...schema,
        querystring: z.object({
          status: z.string().max(20).optional(),
          asset_class: z.string().max(20).optional(),
          exchange: z.string().max(20).optional(),
          attributes: z.string().max(200).optional(),
        }),
      },
    },
    async (request) => {
      const { status, asset_class: assetClass, exchange } = request.query;
      // Only active crypto here: asking for anything else (us_equity, an exchange) lists nothing.
      if (status && status !== 'active') return [];
      if (assetClass && assetClass !== 'crypto') return [];
      if (exchange && exchange !== 'CRYPTO') return [];
      return (await rows()).map(assetShape);
    },
  );

  app.get(
    '/v2/assets/:symbol',
    { ...keyed, schema: { ...schema, params: z.object({ symbol: z.string().max(60) }) } },
    async (request) => {
      const { symbol: text } = request.params;
      const symbol = fromAlpacaSymbol(text);
      const row = (await rows()).find((r) => r.symbol === symbol || r.id === text);
      if (!row)
        throw alpacaNotFound(
          `asset not found for ${text.slice(0, 40)}: only crypto pairs quoted in USD, like BTC/USD`,
        );
      return assetShape(row);
    },
  );
}
