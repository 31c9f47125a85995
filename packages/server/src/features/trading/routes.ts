import {
  CancelLimitAnswer,
  CancelLimitBody,
  MarketOrderBody,
  ModifyLimitBody,
  OpenLimitAnswer,
  OpenLimitBody,
  TradeAnswer,
  type UserFields,
  type UserPatch,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { portfolioClosed } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { plainJsonAnswer } from '../../http/plain-json-answer.ts';
import { toLimitPosition, toTransaction } from '../../users/row-mappers.ts';
import type { BalancePointQueue } from '../../users/balance-point-queue.ts';
import type { MoneyChange } from '../../users/money-record.ts';
import {
  loadRecordPatch,
  moneyPatch,
  type PatchKind,
  type RecordPatch,
} from '../../users/record-patch.ts';
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
   * After the order's transaction commits: a balance point (batched), then what the order changed
   * is both the answer and what every open screen of the user hears (docs/api.md, "Lean order
   * answers"). A market order's `change` makes it from the money record kept at the version before
   * (users/money-record-cache.ts); otherwise it is read once (users/record-patch.ts). A contest
   * portfolio closed by the member's removal right after the order committed has no record any
   * more: the removal cancelled the order, and the answer says why.
   */
  const afterChange = async <Made extends Pick<UserPatch, 'transaction' | 'limitPosition'>>(
    portfolio: RequestPortfolio,
    kind: PatchKind,
    made: Made,
    { positionId, change }: { positionId?: string; change?: MoneyChange } = {},
  ): Promise<UserFields & Made & Pick<UserPatch, 'limitPosition'> & { version: number }> => {
    await balancePoints.add(portfolio.id);
    const changed = {
      type: 'user-changed',
      userId: portfolio.userId,
      portfolioId: portfolio.id,
    } as const;
    let read: RecordPatch;
    try {
      const known = change && ctx.moneyRecords.advance(portfolio.id, change);
      read = known
        ? moneyPatch(known)
        : await loadRecordPatch(ctx.db, portfolio.id, kind, positionId);
      if (!known) ctx.moneyRecords.remember(portfolio.id, read.money);
    } catch (error) {
      // The order committed: open screens still hear of it, and load what is left themselves.
      ctx.bus.publish(changed);
      if (
        portfolio.kind === 'CONTEST' &&
        error instanceof AppError &&
        error.code === 'USER_NOT_FOUND'
      )
        throw portfolioClosed();
      throw error;
    }
    const patch = { ...read.fields, ...made, ...(read.order && { limitPosition: read.order }) };
    const { walletAddress, version } = read;
    ctx.bus.publish({ ...changed, patch: { walletAddress, version, patch } });
    return { ...patch, version };
  };
  // The session is checked before the body is validated, so a visitor learns nothing about input rules.
  const guarded = { preValidation: requireUser, ...plainJsonAnswer };
  const tags = ['trading'];

  // A market buy and a market sale differ only in the ledger's move.
  for (const [url, move] of [
    ['/purchase-asset', marketBuy],
    ['/sell-asset', marketSell],
  ] as const)
    r.post(
      url,
      { ...guarded, schema: { tags, body: MarketOrderBody, response: { 200: TradeAnswer } } },
      async (request) => {
        const portfolio = sessionPortfolio(request);
        await ctx.market.tradeGate(request.body.symbol);
        const { transaction, change } = await move(ctx, portfolio, request.body);
        return afterChange(
          portfolio,
          'money',
          { transaction: toTransaction(transaction) },
          { change },
        );
      },
    );

  r.post(
    '/open-limit-position',
    { ...guarded, schema: { tags, body: OpenLimitBody, response: { 201: OpenLimitAnswer } } },
    async (request, reply) => {
      const portfolio = sessionPortfolio(request);
      await ctx.market.tradeGate(request.body.symbol);
      const order = await openWorkingOrder(ctx, portfolio, request.body);
      // An OCO pair opens two orders, and an IOC or FOK order may have filled at once: the lists
      // go whole, the answer still names the (first) order.
      const tif = request.body.timeInForce;
      const kind =
        request.body.orderType === 'OCO' || tif === 'IOC' || tif === 'FOK' ? 'orders' : 'money';
      const answer = await afterChange(portfolio, kind, { limitPosition: toLimitPosition(order) });
      return reply.status(201).send(answer);
    },
  );

  r.put(
    '/limit-position',
    { ...guarded, schema: { tags, body: ModifyLimitBody, response: { 200: OpenLimitAnswer } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const order = await modifyWorkingOrder(ctx, portfolio, request.body);
      // A leg's change may move its pair's other leg too: the lists go whole.
      return afterChange(portfolio, 'orders', { limitPosition: toLimitPosition(order) });
    },
  );

  r.post(
    '/cancel-limit-position',
    { ...guarded, schema: { tags, body: CancelLimitBody, response: { 200: CancelLimitAnswer } } },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const { positionId } = request.body;
      await cancelWorkingOrder(ctx, portfolio.id, positionId);
      const { limitPosition, ...answer } = await afterChange(
        portfolio,
        'orders',
        {},
        { positionId },
      );
      // The cancel just found it under the portfolio's lock, and orders are never deleted.
      if (!limitPosition) throw new Error('a cancelled order could not be read back');
      return { ...answer, limitPosition };
    },
  );
}
