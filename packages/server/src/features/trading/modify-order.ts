import {
  bracketEntry,
  bracketProblem,
  centsFromNumber,
  type BracketProblem,
  sharesFromNumber,
  trailingStop,
  USD_DECIMALS_MESSAGE,
  type ModifyLimitBody,
  type OrderSide,
  type PriceUnits,
} from '@papertrade/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { inPortfolioTransaction, type Trx } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { amendReservation } from '../../ledger/amend-reservation.ts';
import { checkPositionLimit, type ClassRules, type TradingPortfolio } from '../contests/public.ts';
import type { LimitOrderRow } from './limit-order-row.ts';
import { checkContestRules } from './limit-orders.ts';
import { currentPrice, portfolioPrice } from './market-orders.ts';
import { bracketOf, type BracketTerms } from './oco-legs.ts';
import { checkSize, checkStopSide, exactPrice } from './order-terms.ts';

type Ctx = Pick<AppContext, 'db' | 'database'>;

/** Which prices each kind lets a modify change (a trailing stop's stop follows the market). */
function changeablePrices(order: LimitOrderRow): { limit: boolean; stop: boolean; why: string } {
  switch (order.order_type) {
    case 'STOP':
      return { limit: false, stop: true, why: 'A stop order has no limit price' };
    case 'STOP_LIMIT':
      return BigInt(order.armed) === 1n
        ? { limit: true, stop: true, why: '' }
        : { limit: true, stop: false, why: 'This stop-limit order has already reached its stop' };
    case 'TRAILING_STOP':
      return {
        limit: false,
        stop: false,
        why: "A trailing stop's stop follows the market: cancel it and place a new one to change the trail",
      };
    default:
      return { limit: true, stop: false, why: 'A limit order has no stop price' };
  }
}

/**
 * PUT /limit-position: new prices or a new amount for a WORKING order of this portfolio, as one
 * cancel and one new order that keeps the id (docs/api.md, PUT /limit-position), in one transaction under the
 * portfolio's lock: the old reservation goes back and the new one is taken, so an amount that
 * does not fit (400, nothing changed) and a fill in between (409) both leave the order as it was.
 * The new terms pass the same checks as a new order's; the time in force and expiry stay.
 */
export async function modifyWorkingOrder(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: ModifyLimitBody,
): Promise<LimitOrderRow> {
  return inPortfolioTransaction(ctx.db, portfolio.id, async (trx, locked) => {
    const now = Date.now();
    const order = await trx
      .selectFrom('limit_orders')
      .selectAll()
      .where('id', '=', body.positionId)
      .where('portfolio_id', '=', portfolio.id)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND', 'No such order');
    if (order.status !== 'WORKING')
      throw conflict(
        'ORDER_NOT_WORKING',
        `This order is already ${order.status.toLowerCase()}: only a working order can be changed`,
      );
    if (BigInt(order.epoch) !== locked.epoch)
      throw conflict('ORDER_NOT_WORKING', 'This order ended with an account reset');
    const side = order.type as OrderSide;
    const can = changeablePrices(order);
    if (body.limitAsk !== undefined && !can.limit)
      throw badRequest('VALIDATION_ERROR', can.why, 'limitAsk');
    if (body.stopPrice !== undefined && !can.stop)
      throw badRequest('VALIDATION_ERROR', can.why, 'stopPrice');
    if (side === 'PURCHASE' && body.sellAsk !== undefined)
      throw badRequest(
        'VALIDATION_ERROR',
        'A buy order reserves cash: change purchaseAsk',
        'sellAsk',
      );
    if (side === 'SELL' && body.purchaseAsk !== undefined)
      throw badRequest(
        'VALIDATION_ERROR',
        'A sell order reserves shares: change sellAsk',
        'purchaseAsk',
      );
    const classRules = await checkContestRules(trx, portfolio, order.symbol, order.order_type, now);

    const limitPrice =
      body.limitAsk !== undefined
        ? exactPrice(body.limitAsk, 'limitAsk')
        : BigInt(order.limit_price);
    const stopPrice =
      body.stopPrice !== undefined
        ? exactPrice(body.stopPrice, 'stopPrice')
        : order.stop_price === null
          ? null
          : BigInt(order.stop_price);
    const purchaseCents =
      side === 'PURCHASE'
        ? amount(
            centsFromNumber(body.purchaseAsk ?? 0),
            order.purchase_cents,
            body.purchaseAsk,
            'purchaseAsk',
          )
        : null;
    const sellShares =
      side === 'SELL'
        ? amount(sharesFromNumber(body.sellAsk ?? 0), order.sell_shares, body.sellAsk, 'sellAsk')
        : null;
    if (body.stopPrice !== undefined && stopPrice !== null)
      checkStopSide(
        side,
        stopPrice,
        await portfolioPrice(
          trx,
          portfolio,
          await currentPrice(trx, order.symbol),
          order.symbol,
          now,
        ),
      );
    const sizedAt =
      order.order_type === 'LIMIT' || order.order_type === 'STOP_LIMIT' ? limitPrice : stopPrice;
    if (sizedAt !== null) checkSize(side, purchaseCents ?? sellShares ?? 0n, sizedAt);
    if (classRules && purchaseCents !== null)
      await recheckPositionLimit(trx, portfolio, order, body, purchaseCents, classRules);
    const legs = newLegPrices(order, body);
    // A note sent replaces the order's (blank clears it); none sent keeps it.
    const note = body.note === undefined ? {} : { note: body.note || null };
    const otherLegs = await checkLegs(trx, order, limitPrice, stopPrice, body, legs);

    // The cancel half: guarded by the state read above, so a trigger that moved it meanwhile wins.
    const replaced = await trx
      .updateTable('limit_orders')
      // Only what was sent: a trailing order's stop may move under a concurrent tick.
      .set({
        purchase_cents: purchaseCents,
        sell_shares: sellShares,
        ...(body.limitAsk !== undefined ? { limit_price: limitPrice } : {}),
        ...(body.stopPrice !== undefined ? { stop_price: stopPrice } : {}),
        // A waiting bracket's legs are only columns of this row until it fills: nothing to reserve.
        ...legs.columns,
        ...note,
      })
      .where('id', '=', order.id)
      .where('status', '=', 'WORKING')
      .where('armed', '=', order.armed)
      .executeTakeFirst();
    if (replaced.numUpdatedRows === 0n)
      throw conflict(
        'ORDER_NOT_WORKING',
        'This order changed while you were editing it: look at it again',
      );
    // A pair sells one amount: its other leg follows, and the reservation below moves once.
    if (sellShares !== null && otherLegs.length) {
      await trx
        .updateTable('limit_orders')
        .set({ sell_shares: sellShares })
        .where(
          'id',
          'in',
          otherLegs.map((l) => l.id),
        )
        .execute();
    }
    // The reservation moves only with the amount: new prices (or new leg prices) keep it as it is.
    if (body.purchaseAsk === undefined && body.sellAsk === undefined) {
      return {
        ...order,
        limit_price: limitPrice,
        stop_price: stopPrice,
        ...legs.columns,
        ...note,
      };
    }
    // The old reservation back and the new one taken as one move (a cancel and a new order):
    // an amount that does not fit throws, and the whole change rolls back.
    await amendReservation(trx, {
      portfolioId: portfolio.id,
      cashCents: locked.cashCents,
      type: side,
      symbol: order.symbol,
      from: BigInt((side === 'PURCHASE' ? order.purchase_cents : order.sell_shares) ?? 0n),
      to: (side === 'PURCHASE' ? purchaseCents : sellShares) ?? 0n,
      field: side === 'PURCHASE' ? 'purchaseAsk' : 'sellAsk',
    });
    return {
      ...order,
      limit_price: limitPrice,
      stop_price: stopPrice,
      purchase_cents: purchaseCents,
      sell_shares: sellShares,
      ...legs.columns,
      ...note,
    };
  });
}

/**
 * A changed buy is checked against the class's position limit as if placed with its new terms
 * (docs/decisions/036-trade-notes-and-class-rules.md): its new reservation in place of the old
 * one. A smaller amount only lowers the asset's share, so it is never refused, as a sale is not.
 */
async function recheckPositionLimit(
  trx: Trx,
  portfolio: TradingPortfolio,
  order: LimitOrderRow,
  body: ModifyLimitBody,
  purchaseCents: bigint,
  rules: ClassRules,
): Promise<void> {
  const before = BigInt(order.purchase_cents ?? 0n);
  const priced = body.limitAsk !== undefined || body.stopPrice !== undefined;
  if (purchaseCents < before || (purchaseCents === before && !priced)) return;
  const field =
    body.purchaseAsk !== undefined
      ? 'purchaseAsk'
      : body.limitAsk !== undefined
        ? 'limitAsk'
        : 'stopPrice';
  await checkPositionLimit(trx, portfolio.id, rules, {
    symbol: order.symbol,
    addCents: purchaseCents - before,
    feeCents: 0n,
    field,
  });
}

interface LegChange {
  /** The bracket as it will be, or null when the order carries none. */
  bracket: BracketTerms | null;
  /** The bracket columns to write: only the legs sent. */
  columns: { tp_limit_price?: PriceUnits; sl_stop_price?: PriceUnits };
}

/**
 * `attached`: new prices for a waiting purchase's legs (decision 015). A leg the order does not
 * carry is 400 NO_BRACKET_LEG rather than an addition: adding a leg is a new bracket, placed as one.
 */
function newLegPrices(order: LimitOrderRow, body: ModifyLimitBody): LegChange {
  const bracket = bracketOf(order);
  const sent = body.attached;
  if (!sent) return { bracket, columns: {} };
  if (!bracket)
    throw badRequest(
      'NO_BRACKET_LEG',
      'This order carries no take-profit or stop-loss to change',
      'attached',
    );
  const columns: LegChange['columns'] = {};
  let { takeProfit, stopLoss } = bracket;
  if (sent.takeProfit) {
    if (takeProfit === null)
      throw badRequest(
        'NO_BRACKET_LEG',
        'This order carries no take-profit to change',
        'attached.takeProfit',
      );
    takeProfit = columns.tp_limit_price = exactPrice(
      sent.takeProfit.limitAsk,
      'attached.takeProfit.limitAsk',
    );
  }
  if (sent.stopLoss) {
    if (stopLoss === null)
      throw badRequest(
        'NO_BRACKET_LEG',
        'This order carries no stop-loss to change',
        'attached.stopLoss',
      );
    if (!('stop' in stopLoss)) {
      throw badRequest(
        'VALIDATION_ERROR',
        'This stop-loss trails: cancel the order and place a new one to change the trail',
        'attached.stopLoss.stopPrice',
      );
    }
    columns.sl_stop_price = exactPrice(sent.stopLoss.stopPrice, 'attached.stopLoss.stopPrice');
    stopLoss = { stop: columns.sl_stop_price };
  }
  return { bracket: { takeProfit, stopLoss }, columns };
}

/**
 * A changed price must keep a bracket or a pair in order (decision 015): a purchase's new entry
 * still below its take-profit and above its stop-loss; a take-profit still above the other
 * leg's stop, a stop-loss still below the other leg's take-profit. Answers the pair's other legs.
 */
async function checkLegs(
  trx: Trx,
  order: LimitOrderRow,
  limitPrice: PriceUnits,
  stopPrice: PriceUnits | null,
  body: ModifyLimitBody,
  { bracket }: LegChange,
): Promise<LimitOrderRow[]> {
  const field = body.limitAsk !== undefined ? 'limitAsk' : 'stopPrice';
  if (
    bracket &&
    (body.limitAsk !== undefined || body.stopPrice !== undefined || body.attached !== undefined)
  ) {
    const entry = bracketEntry(order.order_type, limitPrice, stopPrice);
    const sl = bracket.stopLoss;
    const firstStop =
      sl === null ? null : 'stop' in sl ? sl.stop : trailingStop('SELL', entry.price, sl.trail);
    const problem = bracketProblem(entry.price, entry.name, bracket.takeProfit, firstStop);
    if (problem)
      throw badRequest(problem.code, problem.message, problemField(problem.code, body, field));
  }
  if (order.oco_group_id === null) return [];
  const others = await trx
    .selectFrom('limit_orders')
    .selectAll()
    .where(sql<boolean>`status = 'WORKING' AND oco_group_id IS NOT NULL`)
    .where('oco_group_id', '=', order.oco_group_id)
    .where('id', '<>', order.id)
    .execute();
  for (const other of others) {
    const takeProfit = order.leg === 'TAKE_PROFIT' ? limitPrice : BigInt(other.limit_price);
    const stop =
      order.leg === 'STOP_LOSS'
        ? stopPrice
        : other.stop_price === null
          ? null
          : BigInt(other.stop_price);
    if (stop !== null && takeProfit <= stop) {
      const problem = bracketProblem(takeProfit, '', takeProfit, stop);
      throw badRequest(
        'TAKE_PROFIT_BELOW_STOP',
        problem?.message ?? 'The take-profit must be above the stop-loss',
        field,
      );
    }
  }
  return others;
}

/** A bracket problem goes under the leg that was sent, else under the entry price that moved. */
function problemField(
  code: BracketProblem['code'],
  body: ModifyLimitBody,
  entryField: string,
): string {
  const tp = body.attached?.takeProfit ? 'attached.takeProfit.limitAsk' : null;
  const sl = body.attached?.stopLoss ? 'attached.stopLoss.stopPrice' : null;
  if (code === 'TAKE_PROFIT_BELOW_STOP') return tp ?? sl ?? entryField;
  return (code === 'TAKE_PROFIT_BELOW_ENTRY' ? tp : sl) ?? entryField;
}

/** The new amount in exact units when one was sent, else the order's own. */
function amount(
  parsed: bigint | null,
  current: bigint | null,
  sent: number | undefined,
  field: string,
): bigint {
  if (sent === undefined) return BigInt(current ?? 0n);
  if (parsed === null || parsed <= 0n) {
    throw badRequest(
      'VALIDATION_ERROR',
      field === 'purchaseAsk' ? USD_DECIMALS_MESSAGE : 'A share amount has at most 8 decimals',
      field,
    );
  }
  return parsed;
}
