import type { FastifyInstance } from 'fastify';
import {
  centsToNumber,
  priceToNumber,
  sharesToNumber,
  type ModifyLimitBody,
} from '@papertrade/domain';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import { apiKeyRoute } from '../api-keys/public.ts';
import { cancelWorkingOrder } from '../trading/public.ts';
import { modifyWorkingOrder } from '../trading/public.ts';
import { alpacaNotFound, alpacaUnprocessable, notOffered } from './alpaca-errors.ts';
import { announce, keyPortfolio, knownSymbols } from './alpaca-context.ts';
import { parsePrice, parseShares } from './alpaca-numbers.ts';
import { findClientOrder, listOrders, loadOrder } from './alpaca-order-store.ts';
import { reserveFor } from './alpaca-order-shape.ts';
import { AlpacaOrderBody, placeOrder } from './alpaca-place-order.ts';
import { modifyInput } from './alpaca-validated.ts';
import { fromAlpacaSymbol } from './alpaca-symbols.ts';

const Amount = z.union([z.string().max(40), z.number()]);
const OrderParams = z.object({ orderId: z.string().min(1).max(64) });
const Flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

function timeParam(text: string | undefined, field: string): number | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) throw alpacaUnprocessable(`${field} must be an RFC 3339 time`);
  return ms;
}

/** /v2/orders: place, list, get, replace, cancel, cancel all (docs/api.md "Alpaca-compatible trading"). */
export function ordersRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keyed = apiKeyRoute(ctx);
  const hide = { hide: true } as const;

  app.post(
    '/v2/orders',
    { ...keyed, schema: { ...hide, body: AlpacaOrderBody } },
    async (request) => {
      const portfolio = keyPortfolio(request);
      const { order, created } = await placeOrder(
        ctx,
        portfolio,
        request.body,
        await knownSymbols(ctx),
      );
      if (created) announce(ctx, portfolio);
      return order;
    },
  );

  app.get(
    '/v2/orders',
    {
      ...keyed,
      schema: {
        ...hide,
        querystring: z.object({
          status: z.enum(['open', 'closed', 'all']).default('open'),
          limit: z.coerce.number().int().min(1).max(500).default(50),
          after: z.string().max(40).optional(),
          until: z.string().max(40).optional(),
          direction: z.enum(['asc', 'desc']).default('desc'),
          nested: Flag.default(false),
          symbols: z.string().max(2000).optional(),
          side: z.enum(['buy', 'sell']).optional(),
          asset_class: z.string().max(20).optional(),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      if (q.asset_class && q.asset_class !== 'crypto' && q.asset_class !== 'all') return [];
      const symbols = q.symbols
        ?.split(',')
        .map((s) => fromAlpacaSymbol(s))
        .filter((s): s is string => s !== null);
      return listOrders(ctx.db, keyPortfolio(request).id, {
        status: q.status,
        limit: q.limit,
        after: timeParam(q.after, 'after'),
        until: timeParam(q.until, 'until'),
        direction: q.direction,
        nested: q.nested,
        symbols,
        side: q.side,
      });
    },
  );

  app.get(
    '/v2/orders::by_client_order_id',
    {
      ...keyed,
      schema: { ...hide, querystring: z.object({ client_order_id: z.string().min(1).max(128) }) },
    },
    async (request) => {
      const portfolio = keyPortfolio(request);
      const known = await findClientOrder(ctx.db, portfolio.id, request.query.client_order_id);
      if (!known) throw alpacaNotFound();
      return loadOrder(ctx.db, portfolio.id, known.order_id);
    },
  );

  app.get(
    '/v2/orders/:orderId',
    {
      ...keyed,
      schema: { ...hide, params: OrderParams, querystring: z.object({ nested: Flag.optional() }) },
    },
    async (request) =>
      loadOrder(
        ctx.db,
        keyPortfolio(request).id,
        request.params.orderId,
        request.query.nested ?? true,
      ),
  );

  app.patch(
    '/v2/orders/:orderId',
    {
      ...keyed,
      schema: {
        ...hide,
        params: OrderParams,
        body: z.object({
          qty: Amount.optional(),
          time_in_force: z.string().max(10).optional(),
          limit_price: Amount.optional(),
          stop_price: Amount.optional(),
          trail: Amount.optional(),
          client_order_id: z.string().max(128).optional(),
        }),
      },
    },
    async (request) => {
      const portfolio = keyPortfolio(request);
      const { orderId: id } = request.params;
      const body = request.body;
      const order = await loadOrder(ctx.db, portfolio.id, id, false);
      if (order.status !== 'new')
        throw alpacaUnprocessable(`order is ${order.status}: it cannot be replaced`);
      if (body.time_in_force !== undefined && body.time_in_force !== order.time_in_force)
        throw notOffered('a replace keeps the time in force');
      if (body.trail !== undefined)
        throw notOffered("a trailing stop's trail: cancel it and place a new one");
      if (body.client_order_id !== undefined && body.client_order_id !== order.client_order_id)
        throw notOffered('a replace keeps the client_order_id');
      const limit =
        body.limit_price === undefined ? undefined : parsePrice(body.limit_price, 'limit_price');
      const stop =
        body.stop_price === undefined ? undefined : parsePrice(body.stop_price, 'stop_price');
      const qty = body.qty === undefined ? undefined : parseShares(body.qty, 'qty');
      const change: ModifyLimitBody = {
        positionId: id,
        walletAddress: portfolio.walletAddress,
        ...(limit !== undefined && { limitAsk: priceToNumber(limit) }),
        ...(stop !== undefined && { stopPrice: priceToNumber(stop) }),
      };
      if (qty !== undefined) {
        if (order.side === 'sell') change.sellAsk = sharesToNumber(qty);
        else {
          // A buy reserves cash: qty at its (new) limit, else its stop (decision 031).
          const at =
            limit ??
            stop ??
            parsePrice(order.limit_price ?? order.stop_price ?? '0', 'limit_price');
          change.purchaseAsk = centsToNumber(reserveFor(qty, at));
        }
      }
      if (
        change.limitAsk === undefined &&
        change.stopPrice === undefined &&
        change.sellAsk === undefined &&
        change.purchaseAsk === undefined
      )
        throw alpacaUnprocessable('nothing to replace: send qty, limit_price or stop_price');
      await inTransaction(ctx.db, async (trx) => {
        await modifyWorkingOrder({ ...ctx, db: trx }, portfolio, modifyInput(change));
        // The order's size as sent changes with it (what its answers show as qty).
        if (qty === undefined) return;
        const kept = await trx
          .selectFrom('client_orders')
          .select(['client_order_id', 'request'])
          .where('portfolio_id', '=', portfolio.id)
          .where('order_id', '=', id)
          .executeTakeFirst();
        if (!kept) return;
        const request = { ...(JSON.parse(kept.request) as object), qty: String(body.qty) };
        await trx
          .updateTable('client_orders')
          .set({ request: JSON.stringify(request) })
          .where('portfolio_id', '=', portfolio.id)
          .where('client_order_id', '=', kept.client_order_id)
          .execute();
      });
      announce(ctx, portfolio);
      // The order keeps its id here (decision 031): the answer is the order as replaced.
      return loadOrder(ctx.db, portfolio.id, id);
    },
  );

  /**
   * Cancels one working order; a market order (filled at once) is not cancelable. An OCO order's
   * legs go together, as Alpaca's do: cancelling ours one leg leaves the other holding the shares,
   * so the pair's working legs are cancelled in one transaction.
   */
  const cancel = async (portfolioId: string, id: string) => {
    try {
      await inTransaction(ctx.db, async (trx) => {
        const inner = { ...ctx, db: trx };
        // Read before the cancel: cancelling one leg takes the other out of the pair.
        const others = await trx
          .selectFrom('limit_orders as leg')
          .innerJoin('limit_orders as first', 'first.oco_group_id', 'leg.oco_group_id')
          .select('leg.id')
          .where('first.id', '=', id)
          .where('first.portfolio_id', '=', portfolioId)
          .where('first.parent_id', 'is', null)
          .where('leg.id', '!=', id)
          .where('leg.status', '=', 'WORKING')
          .execute();
        await cancelWorkingOrder(inner, portfolioId, id);
        for (const leg of others) await cancelWorkingOrder(inner, portfolioId, leg.id);
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'ORDER_NOT_FOUND') {
        const order = await loadOrder(ctx.db, portfolioId, id, false);
        throw alpacaUnprocessable(`order is ${order.status}: it cannot be canceled`);
      }
      if (error instanceof AppError && error.code === 'ORDER_NOT_WORKING')
        throw alpacaUnprocessable(`order is not cancelable: ${error.message}`);
      throw error;
    }
  };

  app.delete(
    '/v2/orders/:orderId',
    { ...keyed, schema: { ...hide, params: OrderParams } },
    async (request, reply) => {
      const portfolio = keyPortfolio(request);
      await cancel(portfolio.id, request.params.orderId);
      announce(ctx, portfolio);
      return reply.status(204).send();
    },
  );

  app.delete('/v2/orders', { ...keyed, schema: hide }, async (request, reply) => {
    const portfolio = keyPortfolio(request);
    // Every working order, legs included (a filled bracket's legs have no working parent).
    const open = await listOrders(ctx.db, portfolio.id, {
      status: 'open',
      limit: 10_000,
      direction: 'asc',
      nested: false,
    });
    const results = [];
    for (const order of open) {
      try {
        // A pair's second leg ended with its first: it is listed as it is now.
        const now = await loadOrder(ctx.db, portfolio.id, order.id, false);
        if (now.status !== 'canceled') await cancel(portfolio.id, order.id);
        results.push({
          id: order.id,
          status: 200,
          body: await loadOrder(ctx.db, portfolio.id, order.id),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : 'order is not cancelable';
        results.push({ id: order.id, status: 500, body: { code: 50010000, message } });
      }
    }
    if (results.length > 0) announce(ctx, portfolio);
    return reply.status(207).send(results);
  });
}
