import {
  centsToNumber,
  priceToNumber,
  sharesToNumber,
  type OpenLimitInput,
} from '@papertrade/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { RequestPortfolio } from '../auth/guard.ts';
import { openWorkingOrder } from '../trading/public.ts';
import { marketBuy, marketSell } from '../trading/public.ts';
import { alpacaUnprocessable, notOffered } from './alpaca-errors.ts';
import { parseCents, parsePrice, parseShares } from './alpaca-numbers.ts';
import { findClientOrder, loadOrder } from './alpaca-order-store.ts';
import { reserveFor, type AlpacaOrder } from './alpaca-order-shape.ts';
import { marketInput, workingInput as checkedWorking } from './alpaca-validated.ts';
import { fromAlpacaSymbol } from './alpaca-symbols.ts';

const Amount = z.union([z.string().max(40), z.number()]);

/** Alpaca's order body (their POST /v2/orders), amounts as strings or numbers. */
export const AlpacaOrderBody = z.object({
  symbol: z.string().min(1).max(40),
  qty: Amount.optional(),
  notional: Amount.optional(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit', 'stop', 'stop_limit', 'trailing_stop']),
  time_in_force: z.enum(['gtc', 'day', 'ioc', 'fok', 'opg', 'cls']),
  limit_price: Amount.optional(),
  stop_price: Amount.optional(),
  trail_price: Amount.optional(),
  trail_percent: Amount.optional(),
  extended_hours: z.boolean().optional(),
  client_order_id: z.string().min(1).max(128).optional(),
  order_class: z.enum(['simple', 'bracket', 'oco', 'oto', 'mleg', '']).optional(),
  take_profit: z.object({ limit_price: Amount }).optional(),
  stop_loss: z.object({ stop_price: Amount, limit_price: Amount.optional() }).optional(),
  position_intent: z.string().max(40).optional(),
});
export type AlpacaOrderBody = z.infer<typeof AlpacaOrderBody>;

type Ctx = Pick<AppContext, 'db' | 'database'>;

/** The body as kept for the client_order_id check: its fields in a fixed order, amounts as text. */
function canonical(body: AlpacaOrderBody): string {
  const keys = Object.keys(body).sort() as (keyof AlpacaOrderBody)[];
  const kept: Record<string, unknown> = {};
  for (const key of keys) {
    const value = body[key];
    if (value === undefined || key === 'client_order_id') continue;
    kept[key] = typeof value === 'number' ? String(value) : value;
  }
  return JSON.stringify(kept);
}

/** Alpaca's time in force as ours: ioc and fok are our IOC and FOK (docs/decisions/040-partial-fills.md). */
const TIF: Record<string, 'DAY' | 'IOC' | 'FOK'> = { day: 'DAY', ioc: 'IOC', fok: 'FOK' };
const tifOf = (tif: string) => TIF[tif] ?? 'GTC';

/** The order's size: shares from qty, or cents from notional; exactly one of them. */
function sizeOf(body: AlpacaOrderBody): { shares: bigint } | { cents: bigint } {
  if ((body.qty === undefined) === (body.notional === undefined))
    throw alpacaUnprocessable('qty or notional is required, not both');
  return body.qty !== undefined
    ? { shares: parseShares(body.qty, 'qty') }
    : { cents: parseCents(body.notional ?? 0, 'notional') };
}

/** The working-order input for a limit/stop/stop-limit/trailing stop (and its bracket). */
async function workingInput(
  ctx: Ctx,
  portfolio: RequestPortfolio,
  body: AlpacaOrderBody,
  symbol: string,
): Promise<OpenLimitInput> {
  const size = sizeOf(body);
  const orderType = body.type.toUpperCase() as 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'TRAILING_STOP';
  const limit =
    body.limit_price === undefined ? undefined : parsePrice(body.limit_price, 'limit_price');
  const stop =
    body.stop_price === undefined ? undefined : parsePrice(body.stop_price, 'stop_price');
  const trailAmount =
    body.trail_price === undefined ? undefined : parsePrice(body.trail_price, 'trail_price');
  const trailPercent = body.trail_percent === undefined ? undefined : Number(body.trail_percent);
  const input: OpenLimitInput = {
    type: body.side === 'buy' ? 'PURCHASE' : 'SELL',
    symbol,
    walletAddress: portfolio.walletAddress,
    orderType,
    timeInForce: tifOf(body.time_in_force),
    ...(limit !== undefined && { limitAsk: priceToNumber(limit) }),
    ...(stop !== undefined && { stopPrice: priceToNumber(stop) }),
    ...(trailAmount !== undefined && { trailAmount: priceToNumber(trailAmount) }),
    ...(trailPercent !== undefined && { trailPercent }),
  };
  if (body.side === 'sell') {
    if (!('shares' in size)) throw notOffered('a sell order other than market is sized by qty');
    return { ...input, sellAsk: sharesToNumber(size.shares) };
  }
  if ('cents' in size) return { ...input, purchaseAsk: centsToNumber(size.cents) };
  // A buy reserves cash (decision 031): qty at its limit, else its stop, else the price plus the trail.
  let at = limit ?? stop;
  if (at === undefined) {
    const asset = await ctx.db
      .selectFrom('assets')
      .select('price')
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    const price = BigInt(asset.price);
    at =
      trailAmount !== undefined
        ? price + trailAmount
        : price + (price * BigInt(Math.round((trailPercent ?? 0) * 100))) / 10_000n;
  }
  return { ...input, purchaseAsk: centsToNumber(reserveFor(size.shares, at)) };
}

function legsOf(body: AlpacaOrderBody) {
  if (body.stop_loss?.limit_price !== undefined)
    throw notOffered('a stop-loss leg is a stop order here, without a limit_price');
  return {
    ...(body.take_profit && {
      takeProfit: {
        limitAsk: priceToNumber(
          parsePrice(body.take_profit.limit_price, 'take_profit.limit_price'),
        ),
      },
    }),
    ...(body.stop_loss && {
      stopLoss: {
        stopPrice: priceToNumber(parsePrice(body.stop_loss.stop_price, 'stop_loss.stop_price')),
      },
    }),
  };
}

/**
 * Places the order with the same functions the web's routes call (features/trading), in one
 * transaction with its client_order_id row, so an order and its id are written together or not
 * at all. Answers the order id.
 */
async function place(ctx: Ctx, portfolio: RequestPortfolio, body: AlpacaOrderBody, symbol: string) {
  const orderClass = body.order_class || 'simple';
  if (body.time_in_force === 'opg' || body.time_in_force === 'cls')
    throw notOffered('the market here never opens or closes: use gtc, day, ioc or fok');
  if (orderClass === 'mleg') throw notOffered('multi-leg orders are for options');
  const immediate = body.time_in_force === 'ioc' || body.time_in_force === 'fok';

  if (orderClass === 'oco') {
    if (immediate) throw notOffered('an oco pair rests until one leg fills: use gtc or day');
    if (body.side !== 'sell')
      throw notOffered('an oco order sells shares you hold (there is no shorting)');
    if (!body.take_profit || !body.stop_loss)
      throw alpacaUnprocessable('an oco order takes take_profit and stop_loss');
    if (body.qty === undefined) throw alpacaUnprocessable('an oco order is sized by qty');
    const row = await openWorkingOrder(
      ctx,
      portfolio,
      checkedWorking({
        type: 'SELL',
        symbol,
        walletAddress: portfolio.walletAddress,
        orderType: 'OCO',
        sellAsk: sharesToNumber(parseShares(body.qty, 'qty')),
        timeInForce: tifOf(body.time_in_force),
        ...legsOf(body),
      }),
    );
    return row.id;
  }
  if (orderClass === 'bracket' || orderClass === 'oto') {
    if (body.side !== 'buy')
      throw notOffered('a bracket or oto order opens a long position: side buy (no shorting)');
    if (body.type === 'market')
      throw notOffered('a bracket or oto entry here is a limit, stop or stop_limit order');
    if (orderClass === 'bracket' && (!body.take_profit || !body.stop_loss))
      throw alpacaUnprocessable('a bracket order takes take_profit and stop_loss');
    if (orderClass === 'oto' && !body.take_profit === !body.stop_loss)
      throw alpacaUnprocessable('an oto order takes take_profit or stop_loss');
  }
  if (body.type === 'market') {
    const size = sizeOf(body);
    const amount =
      'shares' in size
        ? { assetAmount: sharesToNumber(size.shares), unit: 'SYMBOL' as const }
        : { assetAmount: centsToNumber(size.cents), unit: 'USD' as const };
    const order = { symbol, walletAddress: portfolio.walletAddress, ...amount };
    const fill =
      body.side === 'buy'
        ? await marketBuy(ctx, portfolio, marketInput(order))
        : await marketSell(ctx, portfolio, marketInput(order));
    return fill.transaction.id;
  }
  // ioc/fok limits fill at once as far as this tick's trades allow (IOC cancels the rest, FOK all
  // or nothing), through our IOC and FOK; a stop waits by nature, which they never do.
  if (immediate && body.type !== 'limit')
    throw notOffered('ioc and fok go with market and limit orders');
  const input = await workingInput(ctx, portfolio, body, symbol);
  const legs = orderClass === 'simple' ? undefined : legsOf(body);
  const row = await openWorkingOrder(
    ctx,
    portfolio,
    checkedWorking(legs ? { ...input, attached: legs } : input),
  );
  return row.id;
}

/**
 * POST /v2/orders. A retry with a client_order_id already used answers that order when the body
 * is the same, and 422 when it differs (as Alpaca does).
 */
export async function placeOrder(
  ctx: Ctx,
  portfolio: RequestPortfolio,
  body: AlpacaOrderBody,
  knownSymbols: ReadonlySet<string>,
): Promise<{ order: AlpacaOrder; created: boolean }> {
  const symbol = fromAlpacaSymbol(body.symbol);
  if (symbol === null || !knownSymbols.has(symbol))
    throw alpacaUnprocessable(
      `asset ${body.symbol.slice(0, 40)} not found (only crypto pairs quoted in USD, like BTC/USD)`,
    );
  const request = canonical(body);
  const clientOrderId = body.client_order_id;
  const retried = async () => {
    if (clientOrderId === undefined) return null;
    const known = await findClientOrder(ctx.db, portfolio.id, clientOrderId);
    if (!known) return null;
    if (known.request !== request)
      throw alpacaUnprocessable('client_order_id must be unique: this one named another order');
    return loadOrder(ctx.db, portfolio.id, known.order_id);
  };
  const earlier = await retried();
  if (earlier) return { order: earlier, created: false };
  let id: string;
  try {
    id = await inTransaction(ctx.db, async (trx) => {
      const inner = { ...ctx, db: trx };
      const orderId = await place(inner, portfolio, body, symbol);
      await trx
        .insertInto('client_orders')
        .values({
          portfolio_id: portfolio.id,
          client_order_id: clientOrderId ?? orderId,
          order_id: orderId,
          request,
          created_at: Date.now(),
        })
        .execute();
      return orderId;
    });
  } catch (error) {
    // Two retries at once: the second's row collided with the first's, which is then the answer.
    const other = await retried();
    if (other) return { order: other, created: false };
    throw error;
  }
  return { order: await loadOrder(ctx.db, portfolio.id, id), created: true };
}
