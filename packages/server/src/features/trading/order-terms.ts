import {
  bracketProblem,
  checkPrice,
  nextUtcMidnight,
  parseDecimal,
  priceFromNumber,
  priceToNumber,
  formatExactPrice,
  quoteMarketBuy,
  quoteMarketSell,
  stopOnWrongSide,
  trailingStop,
  TRAIL_BPS_MAX,
  TRAIL_BPS_MIN,
  type OrderSide,
  type PriceUnits,
  type Trail,
} from '@papertrade/domain';
import { badRequest } from '../../http/app-error.ts';
import type { BracketTerms } from './oco-legs.ts';
import { boundedQuote } from './market-orders.ts';

/**
 * The checks every working order's prices, amounts and expiry pass, on opening and on a modify,
 * each failing with a 400 that names its field, so the trade panel can show the error under it.
 */

const shown = (p: PriceUnits) => `$${formatExactPrice(priceToNumber(p))}`;

/** A limit or stop price: at most 8 decimals, inside the price bounds. */
export function exactPrice(value: number, field: string): PriceUnits {
  const price = priceFromNumber(value);
  if (price === null || price <= 0n)
    throw badRequest('VALIDATION_ERROR', 'A price has at most 8 decimals', field);
  return boundedQuote(() => checkPrice(price), field);
}

/**
 * A stop must be on the far side of the current price: below it for a SELL, above it for a
 * PURCHASE. One the price already reaches would act on the next tick: a market order by
 * another name, and most likely a sell stop typed as a buy stop.
 */
export function checkStopSide(side: OrderSide, stop: PriceUnits, price: PriceUnits): void {
  if (!stopOnWrongSide(side, stop, price)) return;
  const message =
    side === 'SELL'
      ? `A sell stop must be below the current price of ${shown(price)}: at ${shown(stop)} it would sell at once`
      : `A buy stop must be above the current price of ${shown(price)}: at ${shown(stop)} it would buy at once`;
  throw badRequest('STOP_WRONG_SIDE', message, 'stopPrice');
}

/** A trailing order's trail, its first water mark (the current price) and first stop. */
export function trailTerms(
  side: OrderSide,
  price: PriceUnits,
  body: { trailPercent?: number | undefined; trailAmount?: number | undefined },
  /** Where the trail sits in the request: '' at the top, 'attached.stopLoss.' in a bracket. */
  fieldPrefix = '',
  priceName = 'the current price',
): { trail: Trail; waterMark: PriceUnits; stop: PriceUnits } {
  let trail: Trail;
  if (body.trailPercent !== undefined) {
    const bps = parseDecimal(body.trailPercent, 2);
    if (bps === null || bps < TRAIL_BPS_MIN || bps > TRAIL_BPS_MAX) {
      throw badRequest(
        'TRAIL_OUT_OF_RANGE',
        'A trail is 0.1 to 50 percent, with at most 2 decimals',
        `${fieldPrefix}trailPercent`,
      );
    }
    trail = { bps };
  } else {
    const amount = priceFromNumber(body.trailAmount ?? 0);
    if (amount === null || amount <= 0n)
      throw badRequest(
        'TRAIL_OUT_OF_RANGE',
        'A trail amount is more than 0, with at most 8 decimals',
        `${fieldPrefix}trailAmount`,
      );
    // A sell's stop would start at or below zero and never act.
    if (side === 'SELL' && amount >= price) {
      throw badRequest(
        'TRAIL_OUT_OF_RANGE',
        `A sell's trail must be less than ${priceName} of ${shown(price)}`,
        `${fieldPrefix}trailAmount`,
      );
    }
    trail = { amount };
  }
  return { trail, waterMark: price, stop: trailingStop(side, price, trail) };
}

/**
 * The reserved amount must trade something at `price` (where the order is expected to fill: its
 * limit, or its stop), and stay inside the order bounds there.
 */
export function checkSize(side: OrderSide, reserved: bigint, price: PriceUnits): void {
  if (side === 'PURCHASE') {
    const at = boundedQuote(
      () => quoteMarketBuy({ unit: 'USD', cents: reserved }, price),
      'purchaseAsk',
    );
    if (at.shares === 0n)
      throw badRequest(
        'AMOUNT_TOO_SMALL',
        `The amount buys nothing at ${shown(price)}`,
        'purchaseAsk',
      );
  } else {
    const at = boundedQuote(
      () => quoteMarketSell({ unit: 'SYMBOL', shares: reserved }, price),
      'sellAsk',
    );
    if (at.totalCents === 0n)
      throw badRequest(
        'AMOUNT_TOO_SMALL',
        `The shares raise less than a cent at ${shown(price)}`,
        'sellAsk',
      );
  }
}

/** When an order expires: never (GTC), the next 00:00 UTC (DAY), or expiresAt, which must be ahead (GTD). */
export function expiryOf(
  timeInForce: string,
  expiresAt: number | undefined,
  now: number,
): bigint | null {
  if (timeInForce === 'DAY') return BigInt(nextUtcMidnight(now));
  if (timeInForce !== 'GTD') return null;
  if (expiresAt === undefined || expiresAt <= now) {
    throw badRequest(
      'EXPIRY_IN_PAST',
      `A GTD order's expiresAt must be in the future (now is ${new Date(now).toISOString()})`,
      'expiresAt',
    );
  }
  return BigInt(expiresAt);
}

/** Stop-loss terms as sent: a stop price, or a trail in percent or USD. */
export interface StopLossInput {
  stopPrice?: number | undefined;
  trailPercent?: number | undefined;
  trailAmount?: number | undefined;
}

/**
 * A take-profit and a stop-loss checked against where the position starts (`entry`: a bracket's
 * limit or stop, an OCO pair's current price), each error under its own field, `prefix` naming
 * where the legs sit in the request ('attached.' or ''). Answers the legs' terms, with a trailing
 * stop-loss's first stop computed from the entry.
 */
export function legTerms(
  entry: PriceUnits,
  entryName: string,
  takeProfit: { limitAsk: number } | undefined,
  stopLoss: StopLossInput | undefined,
  prefix: string,
): BracketTerms {
  const tp = takeProfit ? exactPrice(takeProfit.limitAsk, `${prefix}takeProfit.limitAsk`) : null;
  let sl: BracketTerms['stopLoss'] = null;
  let firstStop: PriceUnits | null = null;
  if (stopLoss?.stopPrice !== undefined) {
    firstStop = exactPrice(stopLoss.stopPrice, `${prefix}stopLoss.stopPrice`);
    sl = { stop: firstStop };
  } else if (stopLoss) {
    const trailing = trailTerms('SELL', entry, stopLoss, `${prefix}stopLoss.`, entryName);
    firstStop = trailing.stop;
    sl = { trail: trailing.trail };
  }
  const problem = bracketProblem(entry, entryName, tp, firstStop);
  if (problem) {
    const field =
      problem.leg === 'TAKE_PROFIT'
        ? `${prefix}takeProfit.limitAsk`
        : `${prefix}stopLoss.${stopLoss?.stopPrice !== undefined ? 'stopPrice' : stopLoss?.trailPercent !== undefined ? 'trailPercent' : 'trailAmount'}`;
    throw badRequest(problem.code, problem.message, field);
  }
  return { takeProfit: tp, stopLoss: sl };
}
