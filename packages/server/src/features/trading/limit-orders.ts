import {
  centsFromNumber,
  checkPrice,
  priceFromNumber,
  quoteMarketBuy,
  quoteMarketSell,
  sharesFromNumber,
  type OpenLimitBody,
} from '@papertrade/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import type { LimitOrdersTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { inTransaction, inPortfolioTransaction, lockPortfolio } from '../../db/transaction.ts';
import { contestRulesFor, type TradingPortfolio } from '../contests/contest-rules.ts';
import { debitCash, releaseReservation, takeFreeShares } from '../../ledger/ledger.ts';
import { boundedQuote, currentPrice } from './market-orders.ts';

export type LimitOrderRow = Selectable<LimitOrdersTable>;
type Ctx = Pick<AppContext, 'db' | 'database'>;

function exact(value: bigint | null, field: string, message: string): bigint {
  if (value === null || value <= 0n) throw badRequest('VALIDATION_ERROR', message, field);
  return value;
}

/**
 * Opens a working limit order and reserves what it needs: a PURCHASE takes purchaseAsk dollars
 * out of free cash, a SELL takes sellAsk shares out of free shares, until it fills or is cancelled.
 */
export async function openLimitOrder(ctx: Ctx, portfolio: TradingPortfolio, body: OpenLimitBody): Promise<LimitOrderRow> {
  const portfolioId = portfolio.id;
  const limitPrice = exact(priceFromNumber(body.limitAsk), 'limitAsk', 'A limit price has at most 8 decimals');
  boundedQuote(() => checkPrice(limitPrice), 'limitAsk');
  const purchaseCents =
    body.type === 'PURCHASE'
      ? exact(centsFromNumber(body.purchaseAsk ?? 0), 'purchaseAsk', 'A USD amount has at most 2 decimals')
      : null;
  const sellShares =
    body.type === 'SELL'
      ? exact(sharesFromNumber(body.sellAsk ?? 0), 'sellAsk', 'A share amount has at most 8 decimals')
      : null;
  // A fill happens at the limit price or better, so an order that trades something at its limit
  // always trades something when it fills; the same quote checks its size against the bounds.
  if (purchaseCents !== null) {
    const atLimit = boundedQuote(() => quoteMarketBuy({ unit: 'USD', cents: purchaseCents }, limitPrice), 'purchaseAsk');
    if (atLimit.shares === 0n) throw badRequest('AMOUNT_TOO_SMALL', 'The amount buys nothing at this limit price', 'purchaseAsk');
  }
  if (sellShares !== null) {
    const atLimit = boundedQuote(() => quoteMarketSell({ unit: 'SYMBOL', shares: sellShares }, limitPrice), 'sellAsk');
    if (atLimit.totalCents === 0n) throw badRequest('AMOUNT_TOO_SMALL', 'The shares raise less than a cent at this limit price', 'sellAsk');
  }

  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    if (portfolio.contestId) {
      await lockPortfolio(trx, portfolioId);
      const rule = await contestRulesFor(trx, portfolio, { symbol: body.symbol, orderType: 'LIMIT' }, now);
      // The batched fills do not charge fees yet: rather than let a limit order dodge the
      // contest's fee, such contests take market orders only (docs/decisions/010).
      if (rule.bps > 0n || rule.minCents > 0n) {
        throw badRequest('ORDER_TYPE_NOT_ALLOWED', 'This contest charges a fee per trade: place market orders (limit orders are not available in contests with fees yet)', 'orderType');
      }
    }
    await currentPrice(trx, body.symbol);
    let epoch: bigint;
    if (purchaseCents !== null) {
      epoch = await debitCash(trx, portfolioId, purchaseCents, 'purchaseAsk');
    } else {
      ({ epoch } = await lockPortfolio(trx, portfolioId));
      await takeFreeShares(trx, portfolioId, body.symbol, sellShares ?? 0n, 'sellAsk');
    }
    const row: LimitOrderRow = {
      id: newId(now),
      portfolio_id: portfolioId,
      epoch,
      symbol: body.symbol,
      type: body.type,
      limit_price: limitPrice,
      purchase_cents: purchaseCents,
      sell_shares: sellShares,
      status: 'WORKING',
      created_at: BigInt(now),
      closed_at: null,
      fill_price: null,
      transaction_id: null,
    };
    await trx.insertInto('limit_orders').values(row).execute();
    return row;
  });
}

/**
 * Cancels a working order of this user and releases its reservation. Someone else's order is
 * "not found" so that ids of other users' orders cannot be probed.
 */
export async function cancelLimitOrder(ctx: Ctx, portfolioId: string, positionId: string): Promise<void> {
  await inPortfolioTransaction(ctx.db, portfolioId, async (trx, user) => {
    const order = await trx
      .selectFrom('limit_orders')
      .selectAll()
      .where('id', '=', positionId)
      .where('portfolio_id', '=', portfolioId)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND', 'No such limit order');
    if (order.status !== 'WORKING') {
      throw conflict('ORDER_NOT_WORKING', `This limit order is already ${order.status.toLowerCase()}`);
    }
    // A reset cancels every working order under this same row lock, so an order of an ended
    // epoch cannot be working; were one ever found, its reservation is gone with that epoch.
    if (BigInt(order.epoch) !== user.epoch) throw conflict('ORDER_NOT_WORKING', 'This limit order ended with an account reset');
    const flipped = await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', closed_at: Date.now() })
      .where('id', '=', positionId)
      .where('status', '=', 'WORKING')
      .executeTakeFirst();
    // The trigger may have filled it between the read and the update.
    if (flipped.numUpdatedRows === 0n) throw conflict('ORDER_NOT_WORKING', 'This limit order is no longer working');
    await releaseReservation(trx, {
      portfolioId,
      type: order.type,
      symbol: order.symbol,
      purchaseCents: order.purchase_cents,
      sellShares: order.sell_shares,
    });
  });
}
