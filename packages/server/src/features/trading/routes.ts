import {
  CancelLimitBody,
  MarketOrderBody,
  ModifyLimitBody,
  OpenLimitAnswer,
  OpenLimitBody,
  TradeAnswer,
  User,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { portfolioClosed } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { plainJsonAnswer } from '../../http/plain-json-answer.ts';
import { toLimitPosition, toTransaction } from '../../users/row-mappers.ts';
import type { BalancePointQueue } from '../../users/balance-point-queue.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { requireUser, sessionPortfolio, type RequestPortfolio } from '../auth/guard.ts';
import { cancelWorkingOrder, openWorkingOrder } from './limit-orders.ts';
import { marketBuy, marketSell } from './market-orders.ts';
import { modifyWorkingOrder } from './modify-order.ts';

/** The orders' routes; `balancePoints` is the app's queue, shared with the limit trigger (feature.ts). */
export function tradingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  balancePoints: BalancePointQueue,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * After the order's transaction commits: a balance point (batched), then every open screen of the
   * user hears. A contest portfolio closed by the member's removal right after the order committed
   * has no record any more: the removal cancelled the order, and the answer says why.
   */
  const afterChange = async (portfolio: RequestPortfolio) => {
    await balancePoints.add(portfolio.id);
    ctx.bus.publish({ type: 'user-changed', userId: portfolio.userId, portfolioId: portfolio.id });
    try {
      return await loadUserRecord(ctx, portfolio.id);
    } catch (error) {
      if (
        portfolio.kind === 'CONTEST' &&
        error instanceof AppError &&
        error.code === 'USER_NOT_FOUND'
      )
        throw portfolioClosed();
      throw error;
    }
  };
  // The session is checked before the body is validated, so a visitor learns nothing about input rules.
  const guarded = { preValidation: requireUser, ...plainJsonAnswer };
  const tags = ['trading'];

  r.post(
    '/purchase-asset',
    { ...guarded, schema: { tags, body: MarketOrderBody, response: { 200: TradeAnswer } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const transaction = await marketBuy(ctx, portfolio, request.body);
      return { ...(await afterChange(portfolio)), transaction: toTransaction(transaction) };
    },
  );

  r.post(
    '/sell-asset',
    { ...guarded, schema: { tags, body: MarketOrderBody, response: { 200: TradeAnswer } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const transaction = await marketSell(ctx, portfolio, request.body);
      return { ...(await afterChange(portfolio)), transaction: toTransaction(transaction) };
    },
  );

  r.post(
    '/open-limit-position',
    { ...guarded, schema: { tags, body: OpenLimitBody, response: { 201: OpenLimitAnswer } } },
    async (request, reply) => {
      const portfolio = sessionPortfolio(request);
      const order = await openWorkingOrder(ctx, portfolio, request.body);
      const user = await afterChange(portfolio);
      return reply.status(201).send({ ...user, limitPosition: toLimitPosition(order) });
    },
  );

  r.put(
    '/limit-position',
    { ...guarded, schema: { tags, body: ModifyLimitBody, response: { 200: OpenLimitAnswer } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const order = await modifyWorkingOrder(ctx, portfolio, request.body);
      return { ...(await afterChange(portfolio)), limitPosition: toLimitPosition(order) };
    },
  );

  r.post(
    '/cancel-limit-position',
    { ...guarded, schema: { tags, body: CancelLimitBody, response: { 200: User } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      await cancelWorkingOrder(ctx, portfolio.id, request.body.positionId);
      return afterChange(portfolio);
    },
  );
}
