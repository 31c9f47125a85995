import {
  decimalPlaces,
  formatPrice,
  formatShares,
  TRAIL_PERCENT_MAX,
  TRAIL_PERCENT_MIN,
  type OpenLimitBody,
} from '@papertrade/domain';
import { parseAmount } from './amount-text.ts';
import { amountProblem } from './limit-order.ts';
import { expiryProblem, timeInForceBody, type TimeInForceChoice } from './time-in-force.ts';

/**
 * Take-profit and stop-loss legs (docs/api.md "Brackets and OCO pairs", decision 015): a
 * buy's bracket (`attached`, opened as a one-cancels-other pair for the shares bought once the buy
 * fills) and an OCO sell of shares already held (`orderType: 'OCO'`). What each leg does in words,
 * the checks the browser can make before the server (which has the last word: domain brackets.ts)
 * and the legs of the request.
 */

/** A stop-loss at a fixed price, or one that trails the highest price by a percent or dollars. */
export type StopLossUnit = 'PRICE' | 'PERCENT' | 'USD';
export type LegField = 'takeProfit' | 'stopLoss';
export interface LegProblem {
  field: LegField;
  message: string;
}

export interface LegsInput {
  takeProfitText: string;
  stopLossText: string;
  stopLossUnit: StopLossUnit;
}

/** The legs as POST /open-limit-position takes them. */
export interface TakeProfitLeg {
  limitAsk: number;
}
export type StopLossLeg =
  { stopPrice: number } | { trailPercent: number } | { trailAmount: number };
export interface Legs {
  takeProfit?: TakeProfitLeg;
  stopLoss?: StopLossLeg;
}

export const STOP_LOSS_UNIT_LABELS: Record<StopLossUnit, string> = {
  PRICE: 'Price',
  PERCENT: 'Trail %',
  USD: 'Trail $',
};

const usd = (n: number) => `$${formatPrice(n)}`;
const typed = (text: string) => text.trim() !== '';

/** The legs typed so far (an empty field is a leg left out). */
export function legsOf(input: LegsInput): Legs {
  const legs: Legs = {};
  if (typed(input.takeProfitText))
    legs.takeProfit = { limitAsk: parseAmount(input.takeProfitText) };
  if (typed(input.stopLossText)) {
    const value = parseAmount(input.stopLossText);
    legs.stopLoss =
      input.stopLossUnit === 'PRICE'
        ? { stopPrice: value }
        : input.stopLossUnit === 'PERCENT'
          ? { trailPercent: value }
          : { trailAmount: value };
  }
  return legs;
}

export const hasLegs = (legs: Legs) => legs.takeProfit !== undefined || legs.stopLoss !== undefined;

/**
 * The stop a stop-loss starts at: its price, or for a trailing one the entry minus the trail (the
 * server starts it from the fill's price; the entry is the best guess of that before it fills).
 */
export function firstStop(leg: StopLossLeg, entry: number): number {
  if ('stopPrice' in leg) return leg.stopPrice;
  if ('trailPercent' in leg) return entry * (1 - leg.trailPercent / 100);
  return entry - leg.trailAmount;
}

/**
 * One line of plain-language help per leg, with an example at the current price. `bought`: a
 * bracket's legs sell the shares the buy gets; an OCO pair's sell shares already held.
 */
export function legHelp(
  field: LegField,
  unit: StopLossUnit,
  symbol: string,
  price: number,
  bought: boolean,
): string {
  const shares = bought ? 'the shares you bought' : 'the shares';
  if (field === 'takeProfit')
    return `If ${symbol} rises to ${usd(price * 1.15)}, sells ${shares} at that price or higher.`;
  switch (unit) {
    case 'PRICE':
      return `If ${symbol} falls to ${usd(price * 0.9)}, sells ${shares} at the market to limit the loss.`;
    case 'PERCENT':
      return `Follows the highest price: with 10 % while ${symbol} is ${usd(price)}, sells ${shares} if it falls to ${usd(price * 0.9)}, and the stop rises as the price climbs.`;
    case 'USD':
      return `Follows the highest price: with ${usd(price * 0.1)} while ${symbol} is ${usd(price)}, sells ${shares} if it falls to ${usd(price * 0.9)}, and the stop rises as the price climbs.`;
  }
}

/** The OCO method's line of help, with an example at the current price. */
export function ocoHelp(symbol: string, price: number): string {
  return `Take-profit + stop-loss (OCO): two sells of the same shares, and when one fills the other is cancelled. Example: while ${symbol} is ${usd(price)}, a take-profit at ${usd(price * 1.15)} and a stop-loss at ${usd(price * 0.9)} sell at whichever the price reaches first.`;
}

function priceProblem(text: string, field: LegField, name: string): LegProblem | null {
  const value = parseAmount(text);
  if (!(value > 0)) return { field, message: `Enter a ${name} above 0.` };
  if (decimalPlaces(value) > 8) return { field, message: `A ${name} has at most 8 decimals.` };
  return null;
}

export interface LegsCheck extends LegsInput {
  /** Where the position starts: a buy's limit or stop, or the current price for an OCO pair. */
  entry: number;
  /** Names the entry in messages: "the limit", "the stop", "the current price". */
  entryName: string;
  /** An OCO pair needs both legs; a bracket at least one, each optional. */
  both: boolean;
}

/**
 * The server's checks on the legs (TAKE_PROFIT_BELOW_STOP, TAKE_PROFIT_BELOW_ENTRY,
 * STOP_LOSS_ABOVE_ENTRY, in its order), after each leg's own: a take-profit above the entry and
 * above the stop-loss, a stop-loss below the entry, or one of them would sell at once.
 */
export function legsProblem(input: LegsCheck): LegProblem | null {
  const { entry, entryName } = input;
  if (input.both || typed(input.takeProfitText)) {
    const bad = priceProblem(input.takeProfitText, 'takeProfit', 'take-profit price');
    if (bad) return bad;
  }
  if (input.both || typed(input.stopLossText)) {
    if (input.stopLossUnit === 'PERCENT') {
      const trail = parseAmount(input.stopLossText);
      if (!(trail >= TRAIL_PERCENT_MIN && trail <= TRAIL_PERCENT_MAX) || decimalPlaces(trail) > 2)
        return {
          field: 'stopLoss',
          message: `A trail is ${TRAIL_PERCENT_MIN} to ${TRAIL_PERCENT_MAX} %, with at most 2 decimals.`,
        };
    } else {
      const name = input.stopLossUnit === 'PRICE' ? 'stop-loss price' : 'trail';
      const bad = priceProblem(input.stopLossText, 'stopLoss', name);
      if (bad) return bad;
      if (input.stopLossUnit === 'USD' && entry > 0 && parseAmount(input.stopLossText) >= entry)
        return {
          field: 'stopLoss',
          message: `A trail must be less than ${entryName} of ${usd(entry)}.`,
        };
    }
  }
  if (!(entry > 0)) return null;
  const legs = legsOf(input);
  const takeProfit = legs.takeProfit?.limitAsk ?? null;
  const stop = legs.stopLoss ? firstStop(legs.stopLoss, entry) : null;
  if (takeProfit !== null && stop !== null && takeProfit <= stop)
    return {
      field: 'takeProfit',
      message: `The take-profit (${usd(takeProfit)}) must be above the stop-loss (${usd(stop)}).`,
    };
  if (takeProfit !== null && takeProfit <= entry)
    return {
      field: 'takeProfit',
      message: `The take-profit must be above ${entryName} of ${usd(entry)}: at ${usd(takeProfit)} it would sell at once.`,
    };
  if (stop !== null && legs.stopLoss && 'stopPrice' in legs.stopLoss && stop >= entry)
    return {
      field: 'stopLoss',
      message: `The stop-loss must be below ${entryName} of ${usd(entry)}: at ${usd(stop)} it would sell at once.`,
    };
  return null;
}

/** What each leg will do, for the review before placing: one line per leg, then the pairing. */
export function legsReview(legs: Legs, symbol: string, bought: boolean): string[] {
  const lines: string[] = [];
  const them = bought ? 'the shares bought' : 'the shares';
  if (legs.takeProfit && legs.takeProfit.limitAsk > 0)
    lines.push(
      `Take-profit: sells ${them} at ${usd(legs.takeProfit.limitAsk)} or higher if ${symbol} rises there`,
    );
  const sl = legs.stopLoss;
  if (sl) {
    if ('stopPrice' in sl && sl.stopPrice > 0)
      lines.push(
        `Stop-loss: sells ${them} at the market if ${symbol} falls to ${usd(sl.stopPrice)}`,
      );
    if ('trailPercent' in sl && sl.trailPercent > 0)
      lines.push(
        `Stop-loss: sells ${them} at the market if ${symbol} falls ${sl.trailPercent} % from its highest${bought ? ' after the buy fills' : ''}`,
      );
    if ('trailAmount' in sl && sl.trailAmount > 0)
      lines.push(
        `Stop-loss: sells ${them} at the market if ${symbol} falls ${usd(sl.trailAmount)} from its highest${bought ? ' after the buy fills' : ''}`,
      );
  }
  if (lines.length === 2) lines.push('When one of the two fills, the other is cancelled');
  return lines;
}

/** An OCO pair's preview: what is reserved now. null until the shares are there. */
export function ocoPreview(symbol: string, amountText: string): string | null {
  const amount = parseAmount(amountText);
  if (!(amount > 0)) return null;
  return `Reserves ${formatShares(amount)} ${symbol} now for both sells`;
}

/** Which leg a server refusal's `field` belongs under (attached.takeProfit.limitAsk, stopLoss…). */
export function legField(field: string | undefined): LegField | null {
  if (!field) return null;
  const path = field.replace(/^attached\./, '');
  if (path === 'takeProfit' || path.startsWith('takeProfit.')) return 'takeProfit';
  if (path === 'stopLoss' || path.startsWith('stopLoss.')) return 'stopLoss';
  return null;
}

/**
 * The entry a buy's bracket is checked against, as the server does: its limit (a limit or
 * stop-limit), else its stop (a trailing buy's first stop, the current price plus the trail).
 */
export function bracketEntry(
  kind: 'LIMIT' | 'STOP' | 'STOP_LIMIT' | 'TRAILING_STOP',
  prices: {
    limitText: string;
    stopText: string;
    currentPrice: number;
    trailText: string;
    trailUnit: 'PERCENT' | 'USD';
  },
): { entry: number; entryName: string } {
  switch (kind) {
    case 'LIMIT':
    case 'STOP_LIMIT':
      return { entry: parseAmount(prices.limitText), entryName: 'the limit' };
    case 'STOP':
      return { entry: parseAmount(prices.stopText), entryName: 'the stop' };
    case 'TRAILING_STOP': {
      const trail = parseAmount(prices.trailText);
      const price = prices.currentPrice;
      const entry = prices.trailUnit === 'PERCENT' ? price * (1 + trail / 100) : price + trail;
      return { entry, entryName: 'the stop' };
    }
  }
}

export interface OcoInput extends LegsInput {
  symbol: string;
  currentPrice: number;
  /** The shares both legs sell, as typed. */
  amountText: string;
  timeInForce: TimeInForceChoice;
  expiryDate: string;
}

/** An OCO pair's checks: both legs around the current price, the shares held, the expiry. */
export function ocoProblem(
  input: OcoInput & { held: number; now: number },
): { field: LegField | 'amount' | 'expiresAt'; message: string } | null {
  return (
    legsProblem({
      ...input,
      entry: input.currentPrice,
      entryName: 'the current price',
      both: true,
    }) ??
    amountProblem({
      side: 'SELL',
      symbol: input.symbol,
      amount: parseAmount(input.amountText),
      cash: 0,
      held: input.held,
    }) ??
    expiryProblem(input.timeInForce, input.expiryDate, input.now)
  );
}

/** The body of POST /open-limit-position for an OCO pair on held shares. */
export function ocoOrderBody(input: OcoInput & { walletAddress: string }): OpenLimitBody {
  const legs = legsOf(input);
  return {
    type: 'SELL',
    symbol: input.symbol,
    walletAddress: input.walletAddress,
    orderType: 'OCO',
    sellAsk: parseAmount(input.amountText),
    ...legs,
    ...timeInForceBody(input.timeInForce, input.expiryDate),
  };
}
