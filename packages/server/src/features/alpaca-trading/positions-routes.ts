import type { FastifyInstance } from 'fastify';
import { SHARE_DECIMALS, parseDecimal, sharesToNumber } from '@papertrade/domain';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { apiKeyRoute } from '../api-keys/public.ts';
import { marketSell } from '../trading/public.ts';
import type { RequestPortfolio } from '../auth/guard.ts';
import { alpacaError, alpacaNotFound, alpacaUnprocessable } from './alpaca-errors.ts';
import { announce, keyPortfolio, knownSymbols } from './alpaca-context.ts';
import { parseShares } from './alpaca-numbers.ts';
import { marketInput } from './alpaca-validated.ts';
import { loadOrder, listOrders } from './alpaca-order-store.ts';
import { loadPositions } from './alpaca-portfolio.ts';
import { ourSymbol } from './alpaca-symbols.ts';
import { inTransaction } from '../../db/transaction.ts';
import { cancelWorkingOrder } from '../trading/public.ts';

const SymbolParams = z.object({ symbol: z.string().min(1).max(60) });
const Flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** /v2/positions: list, get, close one (qty or percentage), close all. */
export function positionsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyed = apiKeyRoute(ctx);
  const hide = { hide: true } as const;

  /** A market sell of the position's free shares (reserved ones stay on their orders), as an order. */
  const close = async (
    portfolio: RequestPortfolio,
    symbol: string,
    size: { qty?: string; percentage?: string },
  ) => {
    const [position] = await loadPositions(ctx.db, portfolio.id, symbol);
    if (!position) throw alpacaNotFound('position does not exist');
    const free = parseDecimal(position.qty_available, SHARE_DECIMALS) ?? 0n;
    let shares = free;
    if (size.qty !== undefined && size.percentage !== undefined)
      throw alpacaUnprocessable('qty or percentage, not both');
    if (size.qty !== undefined) shares = parseShares(size.qty, 'qty');
    if (size.percentage !== undefined) {
      const percent = parseDecimal(size.percentage, 9);
      if (percent === null || percent <= 0n || percent > 100n * 10n ** 9n)
        throw alpacaUnprocessable('percentage must be between 0 and 100');
      shares = (free * percent) / (100n * 10n ** 9n);
    }
    if (shares <= 0n)
      throw alpacaError(
        403,
        'insufficient qty available for order (shares on open orders are reserved)',
      );
    const fill = await inTransaction(ctx.db, async (trx) => {
      const made = await marketSell(
        { ...ctx, db: trx },
        portfolio,
        marketInput({
          symbol,
          walletAddress: portfolio.walletAddress,
          assetAmount: sharesToNumber(shares),
          unit: 'SYMBOL',
        }),
      );
      await trx
        .insertInto('client_orders')
        .values({
          portfolio_id: portfolio.id,
          client_order_id: made.transaction.id,
          order_id: made.transaction.id,
          request: JSON.stringify({
            type: 'market',
            time_in_force: 'gtc',
            qty: String(sharesToNumber(shares)),
          }),
          created_at: Date.now(),
        })
        .execute();
      return made;
    });
    announce(ctx, portfolio);
    return loadOrder(ctx.db, portfolio.id, fill.transaction.id);
  };

  app.get('/v2/positions', { ...keyed, schema: hide }, async (request) =>
    loadPositions(ctx.db, keyPortfolio(request).id),
  );

  app.get(
    '/v2/positions/:symbol',
    { ...keyed, schema: { ...hide, params: SymbolParams } },
    async (request) => {
      const symbol = ourSymbol(request.params.symbol, await knownSymbols(ctx));
      const [position] = await loadPositions(ctx.db, keyPortfolio(request).id, symbol);
      if (!position) throw alpacaNotFound('position does not exist');
      return position;
    },
  );

  app.delete(
    '/v2/positions/:symbol',
    {
      ...keyed,
      schema: {
        ...hide,
        params: SymbolParams,
        querystring: z.object({
          qty: z.string().max(40).optional(),
          percentage: z.string().max(40).optional(),
        }),
      },
    },
    async (request) => {
      const symbol = ourSymbol(request.params.symbol, await knownSymbols(ctx));
      return close(keyPortfolio(request), symbol, request.query);
    },
  );

  app.delete(
    '/v2/positions',
    {
      ...keyed,
      schema: { ...hide, querystring: z.object({ cancel_orders: Flag.optional() }) },
    },
    async (request, reply) => {
      const portfolio = keyPortfolio(request);
      if (request.query.cancel_orders) {
        const open = await listOrders(ctx.db, portfolio.id, {
          status: 'open',
          limit: 10_000,
          direction: 'asc',
          nested: false,
        });
        // In one transaction: the positions are closed only once every order let go of its shares.
        await inTransaction(ctx.db, async (trx) => {
          for (const order of open)
            await cancelWorkingOrder({ ...ctx, db: trx }, portfolio.id, order.id);
        });
      }
      const positions = await loadPositions(ctx.db, portfolio.id);
      const results = [];
      for (const position of positions) {
        const symbol = position.symbol.replace('/USD', '');
        try {
          results.push({
            symbol: position.symbol,
            status: 200,
            body: await close(portfolio, symbol, {}),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : 'could not close';
          const status = (error as { statusCode?: number }).statusCode ?? 500;
          results.push({
            symbol: position.symbol,
            status,
            body: { code: status * 100_000 + 10_000, message },
          });
        }
      }
      return reply.status(207).send(results);
    },
  );
}
