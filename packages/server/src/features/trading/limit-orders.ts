import {
  centsFromNumber,
  sharesFromNumber,
  USD_DECIMALS_MESSAGE,
  type OpenLimitInput,
} from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { newId } from '../../db/new-id.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import {
  inTransaction,
  inPortfolioTransaction,
  lockPortfolio,
  type Trx,
} from '../../db/transaction.ts';
import {
  checkPositionLimit,
  contestRulesFor,
  type ClassRules,
  type TradingPortfolio,
} from '../contests/public.ts';
import { debitCash, takeFreeShares } from '../../ledger/ledger.ts';
import { releaseOrder } from '../../ledger/release-orders.ts';
import { fillBatch } from './fill-batch.ts';
import type { BatchTerms } from './fill-plan.ts';
import { idealPortfolios } from './fill-model.ts';
import type { LimitOrderRow } from './limit-order-row.ts';
import { fillSlice } from './partial-fill.ts';
import { tradedShares } from './traded-volume.ts';
import { currentPrice, noteOf, portfolioPrice } from './market-orders.ts';
import { bracketColumns, insertLegs, legRows } from './oco-legs.ts';
import {
  checkSize,
  checkStopSide,
  exactPrice,
  expiryOf,
  legTerms,
  trailTerms,
} from './order-terms.ts';

/** The market's seed (config) draws the simulated trades an IOC or FOK order fills against. */
type Ctx = Pick<AppContext, 'db' | 'database'> & Partial<Pick<AppContext, 'config'>>;

function exact(value: bigint | null, field: string, message: string): bigint {
  if (value === null || value <= 0n) throw badRequest('VALIDATION_ERROR', message, field);
  return value;
}

/**
 * A contest's rules for these order types (contest-rules.ts), after the portfolio's lock. Its
 * fee is charged on the fills (decision 013), so every allowed type may be placed.
 */
export async function checkContestRules(
  trx: Trx,
  portfolio: TradingPortfolio,
  symbol: string,
  orderTypes: string | readonly string[],
  now: number,
  placing?: { note: string | null },
): Promise<ClassRules | null> {
  if (!portfolio.contestId) return null;
  await lockPortfolio(trx, portfolio.id);
  let classRules: ClassRules | null = null;
  const types = typeof orderTypes === 'string' ? [orderTypes] : orderTypes;
  for (const [i, orderType] of types.entries()) {
    // A class's rules count the order once, whatever legs it carries.
    const order = { symbol, orderType, note: placing?.note, placing: !!placing && i === 0 };
    ({ classRules } = await contestRulesFor(trx, portfolio, order, now));
  }
  return classRules;
}

/** The order types a bracket or an OCO pair places, as a contest's rules name them. */
function legTypes(
  takeProfit: unknown,
  stopLoss: { stopPrice?: number | undefined } | undefined,
): string[] {
  const types: string[] = [];
  if (takeProfit !== undefined) types.push('LIMIT');
  if (stopLoss !== undefined)
    types.push(stopLoss.stopPrice !== undefined ? 'STOP' : 'TRAILING_STOP');
  if (types.length === 2) types.push('OCO');
  return types;
}

const BLANK_LEG_COLUMNS = {
  parent_id: null,
  oco_group_id: null,
  leg: null,
  ...bracketColumns(null),
} as const;

/**
 * Opens a working order and reserves what it needs: a PURCHASE takes purchaseAsk dollars out of
 * free cash, a SELL takes sellAsk shares out of free shares, until it fills, expires or is
 * cancelled. A LIMIT works as a limit at once; a STOP, STOP_LIMIT or TRAILING_STOP is armed,
 * waiting for its stop (decision 012). Prices are checked against the current one inside the
 * transaction, so a stop is never placed on the side the price has already reached. A
 * PURCHASE's bracket is kept on it until it fills (decision 015); an OCO opens its two legs.
 */
export async function openWorkingOrder(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: OpenLimitInput,
): Promise<LimitOrderRow> {
  if (body.orderType === 'OCO') return openOcoPair(ctx, portfolio, body);
  const portfolioId = portfolio.id;
  const orderType = body.orderType ?? 'LIMIT';
  const side = body.type;
  const hasLimit = orderType === 'LIMIT' || orderType === 'STOP_LIMIT';
  const hasStop = orderType === 'STOP' || orderType === 'STOP_LIMIT';
  const limitPrice = hasLimit ? exactPrice(body.limitAsk ?? 0, 'limitAsk') : null;
  const stopPrice = hasStop ? exactPrice(body.stopPrice ?? 0, 'stopPrice') : null;
  const purchaseCents =
    side === 'PURCHASE'
      ? exact(centsFromNumber(body.purchaseAsk ?? 0), 'purchaseAsk', USD_DECIMALS_MESSAGE)
      : null;
  const sellShares =
    side === 'SELL'
      ? exact(
          sharesFromNumber(body.sellAsk ?? 0),
          'sellAsk',
          'A share amount has at most 8 decimals',
        )
      : null;
  const reserved = purchaseCents ?? sellShares ?? 0n;
  const timeInForce = body.timeInForce ?? 'GTC';
  const atOnce = timeInForce === 'IOC' || timeInForce === 'FOK';
  if (atOnce && orderType !== 'LIMIT')
    throw badRequest(
      'VALIDATION_ERROR',
      'IOC and FOK apply to limit orders: a stop waits for its price, which they never do',
      'timeInForce',
    );
  // A fill happens at the limit or better, so an order that trades something at its limit
  // always trades something when it fills; the same quote checks its size against the bounds.
  if (limitPrice !== null) checkSize(side, reserved, limitPrice);
  else if (stopPrice !== null) checkSize(side, reserved, stopPrice);
  const attached = side === 'PURCHASE' ? body.attached : undefined;

  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    const expiresAt = expiryOf(body.timeInForce ?? 'GTC', body.expiresAt, now);
    const types = attached
      ? [orderType, ...legTypes(attached.takeProfit, attached.stopLoss)]
      : [orderType];
    const note = noteOf(body);
    const classRules = await checkContestRules(trx, portfolio, body.symbol, types, now, { note });
    if (classRules && purchaseCents !== null) {
      const order = { symbol: body.symbol, addCents: purchaseCents, feeCents: 0n };
      await checkPositionLimit(trx, portfolioId, classRules, { ...order, field: 'purchaseAsk' });
    }
    const price = await portfolioPrice(
      trx,
      portfolio,
      await currentPrice(trx, body.symbol),
      body.symbol,
      now,
    );
    if (stopPrice !== null) checkStopSide(side, stopPrice, price);
    const trailing = orderType === 'TRAILING_STOP' ? trailTerms(side, price, body) : null;
    if (trailing) checkSize(side, reserved, trailing.stop);
    // The bracket's legs are checked against where the purchase enters: its limit, else its stop.
    const entry = limitPrice ?? stopPrice ?? trailing?.stop ?? price;
    const entryName = limitPrice !== null ? 'the limit' : 'the stop';
    const bracket = attached
      ? legTerms(entry, entryName, attached.takeProfit, attached.stopLoss, 'attached.')
      : null;
    // The lock moves the record's version (migration 011), which a debit alone would not.
    const { epoch } = await lockPortfolio(trx, portfolioId);
    if (purchaseCents !== null) await debitCash(trx, portfolioId, purchaseCents, 'purchaseAsk');
    else await takeFreeShares(trx, portfolioId, body.symbol, sellShares ?? 0n, 'sellAsk');
    const row: LimitOrderRow = {
      id: newId(now),
      portfolio_id: portfolioId,
      epoch,
      symbol: body.symbol,
      type: side,
      // A STOP or TRAILING_STOP has no limit: 0, which no fill reads as a bound (decision 012).
      limit_price: limitPrice ?? 0n,
      order_type: orderType,
      armed: orderType === 'LIMIT' ? 0n : 1n,
      stop_price: trailing?.stop ?? stopPrice,
      trail_bps: trailing && 'bps' in trailing.trail ? trailing.trail.bps : null,
      trail_amount: trailing && 'amount' in trailing.trail ? trailing.trail.amount : null,
      water_mark: trailing?.waterMark ?? null,
      time_in_force: body.timeInForce ?? 'GTC',
      expires_at: expiresAt,
      triggered_at: null,
      purchase_cents: purchaseCents,
      sell_shares: sellShares,
      status: 'WORKING',
      created_at: BigInt(now),
      closed_at: null,
      fill_price: null,
      transaction_id: null,
      note,
      filled_shares: 0n,
      ...BLANK_LEG_COLUMNS,
      ...bracketColumns(bracket),
    };
    await trx.insertInto('limit_orders').values(row).execute();
    if (!atOnce) return row;
    const terms = { symbol: body.symbol, side, price, at: now, kind: 'LIMIT' as const };
    await fillAtOnce(
      trx,
      { ...terms, order: row, fok: timeInForce === 'FOK' },
      ctx.config?.marketSeed,
    );
    return trx
      .selectFrom('limit_orders')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
  });
}

/**
 * IOC and FOK at placement (docs/decisions/040-partial-fills.md), in the order's own transaction
 * right after its insert: what crosses now fills against this tick's simulated trades at its
 * limit (traded-volume.ts; IDEAL owners without that bound) through the same steps as a resting
 * order's fills. IOC: whatever did not fill is cancelled at once, its reservation back (the
 * order ends FILLED or CANCELLED). FOK: it fills whole or the request is refused with `409
 * NO_LIQUIDITY` and nothing of it is kept.
 */
async function fillAtOnce(
  trx: Trx,
  input: BatchTerms & { order: LimitOrderRow; fok: boolean },
  seed = 'papertrade',
): Promise<void> {
  const { order, fok, ...terms } = input;
  const limit = BigInt(order.limit_price);
  const crosses = terms.side === 'PURCHASE' ? limit >= terms.price : limit <= terms.price;
  const portfolioIds = [order.portfolio_id];
  let filled = false;
  if (crosses) {
    const ideal = await idealPortfolios(trx, new Set(portfolioIds));
    const volume = ideal.size
      ? null
      : tradedShares({
          seed,
          symbol: terms.symbol,
          side: terms.side,
          price: terms.price,
          at: terms.at,
          best: limit,
        });
    const slice =
      volume === null
        ? ({ kind: 'whole' } as const)
        : await fillSlice(trx, {
            ...terms,
            orderId: order.id,
            portfolioId: order.portfolio_id,
            shares: volume,
          });
    if (slice.kind === 'whole') {
      const out = await fillBatch(trx, { ...terms, orderIds: [order.id], portfolioIds });
      filled = out.fills.length > 0;
      if (!filled && fok)
        throw conflict('NO_LIQUIDITY', out.cancelled[0]?.reason ?? 'This order cannot fill now');
      return;
    }
  }
  if (fok)
    throw conflict(
      'NO_LIQUIDITY',
      crosses
        ? 'A fill-or-kill order must fill whole at once: the trades at its limit now are fewer than it asks'
        : 'A fill-or-kill order must fill whole at once: its limit does not reach the current price',
    );
  await releaseOrder(
    trx,
    { id: order.portfolio_id, epoch: BigInt(order.epoch) },
    order.id,
    terms.at,
  );
}

/**
 * An OCO pair on shares already held (docs/api.md, Brackets and OCO pairs): a take-profit above the current price and a
 * stop-loss below it, selling the same sellAsk shares, reserved once. Answers the take-profit leg.
 */
async function openOcoPair(
  ctx: Ctx,
  portfolio: TradingPortfolio,
  body: OpenLimitInput,
): Promise<LimitOrderRow> {
  const shares = exact(
    sharesFromNumber(body.sellAsk ?? 0),
    'sellAsk',
    'A share amount has at most 8 decimals',
  );
  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    const expiresAt = expiryOf(body.timeInForce ?? 'GTC', body.expiresAt, now);
    await checkContestRules(
      trx,
      portfolio,
      body.symbol,
      legTypes(body.takeProfit, body.stopLoss),
      now,
      { note: noteOf(body) },
    );
    const price = await portfolioPrice(
      trx,
      portfolio,
      await currentPrice(trx, body.symbol),
      body.symbol,
      now,
    );
    const terms = legTerms(price, 'the current price', body.takeProfit, body.stopLoss, '');
    if (terms.takeProfit !== null) checkSize('SELL', shares, terms.takeProfit);
    if (terms.stopLoss && 'stop' in terms.stopLoss) checkSize('SELL', shares, terms.stopLoss.stop);
    const { epoch } = await lockPortfolio(trx, portfolio.id);
    await takeFreeShares(trx, portfolio.id, body.symbol, shares, 'sellAsk');
    const rows = legRows({
      portfolioId: portfolio.id,
      epoch,
      symbol: body.symbol,
      shares,
      terms,
      price,
      at: now,
      parentId: null,
      timeInForce: body.timeInForce ?? 'GTC',
      expiresAt,
      note: noteOf(body),
    });
    await insertLegs(trx, rows);
    const [first] = rows;
    if (!first) throw new Error('an OCO pair opened no legs');
    return first;
  });
}

/**
 * Cancels a working order of this portfolio and releases its reservation (the ledger's release
 * step). An order of another portfolio is "not found" so that ids of other users' orders cannot
 * be probed. The happy path is the release's own statements; only a refusal reads the order to
 * say why.
 */
export async function cancelWorkingOrder(
  ctx: Ctx,
  portfolioId: string,
  orderId: string,
): Promise<void> {
  await inPortfolioTransaction(ctx.db, portfolioId, async (trx, portfolio) => {
    const released = await releaseOrder(trx, portfolio, orderId, Date.now());
    if (released) {
      // A reset cancels every working order under this same row lock, so an order of an ended
      // epoch cannot be working; were one ever found, it only stops working, and the caller is
      // told as before (the throw rolls the cancel back).
      if (released.epoch !== portfolio.epoch)
        throw conflict('ORDER_NOT_WORKING', 'This limit order ended with an account reset');
      return;
    }
    const order = await trx
      .selectFrom('limit_orders')
      .select(['status'])
      .where('id', '=', orderId)
      .where('portfolio_id', '=', portfolioId)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND', 'No such limit order');
    throw conflict(
      'ORDER_NOT_WORKING',
      `This limit order is already ${order.status.toLowerCase()}`,
    );
  });
}
