import {
  CONTEST_ORDER_TYPES,
  decimalPlaces,
  formatPrice,
  formatShares,
  formatUsd,
  TRAIL_PERCENT_MAX,
  TRAIL_PERCENT_MIN,
  type OpenLimitBody,
} from '@papertrade/domain';
import type { TradeSide } from '../api/place-market-order.ts';
import type { TradingRules } from '../../../lib/contest-trading.ts';
import { legField, type LegField } from './bracket-order.ts';
import { amountProblem } from './limit-order.ts';
import { parseAmount } from './amount-text.ts';
import { expiryProblem, timeInForceBody, type TimeInForceChoice } from './time-in-force.ts';

export {
  expiryTime,
  TIME_IN_FORCE_HELP,
  TIME_IN_FORCE_LABELS,
  timeInForceChoices,
  type TimeInForceChoice,
} from './time-in-force.ts';

/**
 * The trade panel's stop, stop-limit and trailing stop orders (docs/api.md "Orders beyond market
 * and limit", decision 012): what each does in words, the checks the browser can make before the
 * server (which has the last word) and the body of POST /open-limit-position.
 */

/**
 * Every order method the panel offers, in the order of its toggle (OCO on sells only): every kind
 * of order there is, the list contests choose from too.
 */
export const PANEL_METHODS = CONTEST_ORDER_TYPES;
export type PanelMethod = (typeof PANEL_METHODS)[number];
export type StopKind = 'STOP' | 'STOP_LIMIT' | 'TRAILING_STOP';
export type TrailUnit = 'PERCENT' | 'USD';

export const METHOD_LABELS: Record<PanelMethod, string> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  STOP: 'Stop',
  STOP_LIMIT: 'Stop-limit',
  TRAILING_STOP: 'Trailing stop',
  OCO: 'OCO',
};

/** The toggle's accessible names, where the short label needs more words. */
export const METHOD_NAMES: Record<PanelMethod, string> = {
  ...METHOD_LABELS,
  OCO: 'Take-profit + stop-loss (OCO)',
};

/** The buy methods a bracket (take-profit and stop-loss) can be attached to. */
export const BRACKET_METHODS: readonly PanelMethod[] = [
  'LIMIT',
  'STOP',
  'STOP_LIMIT',
  'TRAILING_STOP',
];

export function isStopKind(method: PanelMethod): method is StopKind {
  return method === 'STOP' || method === 'STOP_LIMIT' || method === 'TRAILING_STOP';
}

/** Whether the rules allow an order type (no rules, or none listed: all of them). */
export function ruleAllows(rules: TradingRules | null | undefined, type: string): boolean {
  return !rules || rules.orderTypes.length === 0 || rules.orderTypes.includes(type);
}

/** The methods a contest's rules allow; OCO sells shares held, so a buy does not offer it. */
export function panelMethods(
  rules: TradingRules | null | undefined,
  side: TradeSide = 'SELL',
): PanelMethod[] {
  return PANEL_METHODS.filter((m) => ruleAllows(rules, m) && (m !== 'OCO' || side === 'SELL'));
}

const usd = (n: number) => `$${formatPrice(n)}`;

/**
 * One line of plain-language help, with an example at the current price ("Stop: sells at the
 * market once the price falls to your stop. Example: stop at $90.00 while SOL is $100.00 limits a
 * fall to about 10 %.").
 */
export function stopHelp(kind: StopKind, side: TradeSide, symbol: string, price: number): string {
  const sell = side === 'SELL';
  const now = `while ${symbol} is ${usd(price)}`;
  const stop = usd(price * (sell ? 0.9 : 1.1));
  switch (kind) {
    case 'STOP':
      return sell
        ? `Stop: sells at the market once the price falls to your stop. Example: stop at ${stop} ${now} limits a fall to about 10 %.`
        : `Stop: buys at the market once the price rises to your stop. Example: stop at ${stop} ${now} buys if it climbs about 10 %.`;
    case 'STOP_LIMIT': {
      const limit = usd(price * (sell ? 0.89 : 1.11));
      return sell
        ? `Stop-limit: once the price falls to your stop, places a sell at your limit price or better. Example: stop ${stop}, limit ${limit} ${now} never sells below ${limit}.`
        : `Stop-limit: once the price rises to your stop, places a buy at your limit price or better. Example: stop ${stop}, limit ${limit} ${now} never buys above ${limit}.`;
    }
    case 'TRAILING_STOP':
      return sell
        ? `Trailing stop: the stop follows the highest price by your trail and sells at the market when the price falls back to it. Example: a 10 % trail ${now} starts the stop at ${stop} and raises it as the price climbs.`
        : `Trailing stop: the stop follows the lowest price by your trail and buys at the market when the price rises back to it. Example: a 10 % trail ${now} starts the stop at ${stop} and lowers it as the price falls.`;
  }
}

export interface StopInput {
  kind: StopKind;
  side: TradeSide;
  symbol: string;
  currentPrice: number;
  stopText: string;
  /** The limit price of a stop-limit, as typed. */
  limitText: string;
  trailText: string;
  trailUnit: TrailUnit;
  timeInForce: TimeInForceChoice;
  /** "YYYY-MM-DD" from the date input (GTD). */
  expiryDate: string;
  /** Dollars to reserve for a buy, shares to reserve for a sell, as typed. */
  amountText: string;
}

export type StopField = 'stopPrice' | 'limitAsk' | 'trail' | 'expiresAt' | 'amount' | LegField;
export interface StopProblem {
  field: StopField;
  message: string;
}

function priceProblem(text: string, field: StopField, name: string): StopProblem | null {
  const value = parseAmount(text);
  if (!(value > 0)) return { field, message: `Enter a ${name} above 0.` };
  if (decimalPlaces(value) > 8) return { field, message: `A ${name} has at most 8 decimals.` };
  return null;
}

/** The server's checks (order-terms.ts) that the browser can make, in the order of the fields. */
export function stopProblem(
  input: StopInput & { cash: number; held: number; now: number },
): StopProblem | null {
  const { kind, side, currentPrice } = input;
  if (kind === 'STOP' || kind === 'STOP_LIMIT') {
    const bad = priceProblem(input.stopText, 'stopPrice', 'stop price');
    if (bad) return bad;
    const stop = parseAmount(input.stopText);
    // STOP_WRONG_SIDE: a stop the price already reaches would act at once.
    if (currentPrice > 0 && side === 'SELL' && stop >= currentPrice)
      return {
        field: 'stopPrice',
        message: `A sell stop must be below the current price of ${usd(currentPrice)}: at ${usd(stop)} it would sell at once.`,
      };
    if (currentPrice > 0 && side === 'PURCHASE' && stop <= currentPrice)
      return {
        field: 'stopPrice',
        message: `A buy stop must be above the current price of ${usd(currentPrice)}: at ${usd(stop)} it would buy at once.`,
      };
  }
  if (kind === 'STOP_LIMIT') {
    const bad = priceProblem(input.limitText, 'limitAsk', 'limit price');
    if (bad) return bad;
  }
  if (kind === 'TRAILING_STOP') {
    const trail = parseAmount(input.trailText);
    if (input.trailUnit === 'PERCENT') {
      if (!(trail >= TRAIL_PERCENT_MIN && trail <= TRAIL_PERCENT_MAX) || decimalPlaces(trail) > 2)
        return {
          field: 'trail',
          message: `A trail is ${TRAIL_PERCENT_MIN} to ${TRAIL_PERCENT_MAX} %, with at most 2 decimals.`,
        };
    } else {
      const bad = priceProblem(input.trailText, 'trail', 'trail');
      if (bad) return bad;
      if (side === 'SELL' && currentPrice > 0 && trail >= currentPrice)
        return {
          field: 'trail',
          message: `A sell's trail must be less than the current price of ${usd(currentPrice)}.`,
        };
    }
  }
  const amount = amountProblem({ ...input, amount: parseAmount(input.amountText) });
  if (amount) return amount;
  return expiryProblem(input.timeInForce, input.expiryDate, input.now);
}

/** The body of POST /open-limit-position for a stop, stop-limit or trailing stop. */
export function stopOrderBody(input: StopInput & { walletAddress: string }): OpenLimitBody {
  const prices =
    input.kind === 'TRAILING_STOP'
      ? input.trailUnit === 'PERCENT'
        ? { trailPercent: parseAmount(input.trailText) }
        : { trailAmount: parseAmount(input.trailText) }
      : input.kind === 'STOP_LIMIT'
        ? { stopPrice: parseAmount(input.stopText), limitAsk: parseAmount(input.limitText) }
        : { stopPrice: parseAmount(input.stopText) };
  const amount = parseAmount(input.amountText);
  return {
    type: input.side,
    symbol: input.symbol,
    walletAddress: input.walletAddress,
    orderType: input.kind,
    ...prices,
    ...(input.side === 'PURCHASE' ? { purchaseAsk: amount } : { sellAsk: amount }),
    ...timeInForceBody(input.timeInForce, input.expiryDate),
  };
}

/** What placing it does, in words; null until the numbers it needs are there. */
export function stopPreview(input: StopInput): string | null {
  const amount = parseAmount(input.amountText);
  if (!(amount > 0)) return null;
  const sell = input.side === 'SELL';
  const reserves = sell
    ? `Reserves ${formatShares(amount)} ${input.symbol} now`
    : `Reserves ${formatUsd(amount)} now`;
  if (input.kind === 'TRAILING_STOP') {
    const trail = parseAmount(input.trailText);
    if (!(trail > 0)) return null;
    const by = input.trailUnit === 'PERCENT' ? `${trail} %` : usd(trail);
    return sell
      ? `${reserves}; sells at the market if the price falls ${by} from its highest since placing`
      : `${reserves}; buys at the market if the price rises ${by} from its lowest since placing`;
  }
  const stop = parseAmount(input.stopText);
  if (!(stop > 0)) return null;
  const when = sell ? `falls to ${usd(stop)}` : `rises to ${usd(stop)}`;
  if (input.kind === 'STOP')
    return sell
      ? `${reserves}; sells for about ${formatUsd(amount * stop)} if the price ${when}`
      : `${reserves}; buys about ${formatShares(amount / stop)} ${input.symbol} if the price ${when}`;
  const limit = parseAmount(input.limitText);
  if (!(limit > 0)) return null;
  return sell
    ? `${reserves}; if the price ${when}, sells at ${usd(limit)} or higher`
    : `${reserves}; if the price ${when}, buys at ${usd(limit)} or lower`;
}

/** Which field a server refusal's `field` belongs under; anything else goes under the amount. */
export function problemField(field: string | undefined): StopField {
  const leg = legField(field);
  if (leg) return leg;
  switch (field) {
    case 'stopPrice':
    case 'limitAsk':
    case 'expiresAt':
      return field;
    case 'trailPercent':
    case 'trailAmount':
      return 'trail';
    default:
      return 'amount';
  }
}
