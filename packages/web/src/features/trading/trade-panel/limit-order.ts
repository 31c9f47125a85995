import {
  decimalPlaces,
  formatPrice,
  formatShares,
  formatUsd,
  isWholeCents,
  USD_DECIMALS_MESSAGE,
  type OpenLimitBody,
} from '@papertrade/domain';
import type { TradeSide } from '../api/place-market-order.ts';
import { amountText, parseAmount } from './amount-text.ts';
import { expiryProblem, timeInForceBody, type TimeInForceChoice } from './time-in-force.ts';

/**
 * The limit price input starts at the current price as shown (cents from $1 up), as text that
 * fits the input.
 */
export function limitPricePrefill(currentPrice: number): string {
  if (!(currentPrice > 0)) return '';
  return amountText(currentPrice >= 1 ? Math.round(currentPrice * 100) / 100 : currentPrice);
}

export interface LimitInput {
  side: TradeSide;
  symbol: string;
  currentPrice: number;
  /** The limit price as typed. */
  limitText: string;
  /** Dollars to reserve for a buy, shares to reserve for a sell, as typed. */
  amountText: string;
  /** Good till cancelled when left out. */
  timeInForce?: TimeInForceChoice;
  /** "YYYY-MM-DD" from the date input (GTD). */
  expiryDate?: string;
}

/**
 * What placing the order does, in words: what is reserved now and what happens at the limit.
 * null until both numbers are there.
 */
export function limitPreview({
  side,
  symbol,
  currentPrice,
  limitText,
  amountText: typed,
}: LimitInput) {
  const limit = parseAmount(limitText);
  const amount = parseAmount(typed);
  if (!(limit > 0) || !(amount > 0)) return null;
  const at = `$${formatPrice(limit)}`;
  if (side === 'PURCHASE') {
    const when = limit < currentPrice ? `falls to ${at}` : `is at or below ${at}`;
    return `Reserves ${formatUsd(amount)} now; buys about ${formatShares(amount / limit)} ${symbol} if the price ${when}`;
  }
  const when = limit > currentPrice ? `rises to ${at}` : `is at or above ${at}`;
  return `Reserves ${formatShares(amount)} ${symbol} now; sells for about ${formatUsd(amount * limit)} if the price ${when}`;
}

/**
 * A limit the current price has already crossed (a buy at or above it, a sell at or below it) is
 * still placed, but the market fills it at the next tick: say so before the user places it.
 */
export function limitCrossedNote({
  side,
  currentPrice,
  limitText,
}: Pick<LimitInput, 'side' | 'currentPrice' | 'limitText'>): string | null {
  const limit = parseAmount(limitText);
  if (!(limit > 0) || !(currentPrice > 0)) return null;
  const crossed = side === 'PURCHASE' ? limit >= currentPrice : limit <= currentPrice;
  if (!crossed) return null;
  const where = side === 'PURCHASE' ? 'at or below' : 'at or above';
  return `The market price is already ${where} your limit: this order fills at the next price update, at about $${formatPrice(currentPrice)}.`;
}

export interface LimitProblem {
  field: 'limitAsk' | 'amount' | 'expiresAt';
  message: string;
}

/** Checks the browser can make before asking the server (which has the last word). */
export function limitProblem(
  input: LimitInput & { cash: number; held: number; now?: number },
): LimitProblem | null {
  const limit = parseAmount(input.limitText);
  const amount = parseAmount(input.amountText);
  if (!(limit > 0)) return { field: 'limitAsk', message: 'Enter a limit price above 0.' };
  if (decimalPlaces(limit) > 8)
    return { field: 'limitAsk', message: 'A limit price has at most 8 decimals.' };
  return (
    amountProblem({ ...input, amount }) ??
    expiryProblem(input.timeInForce ?? 'GTC', input.expiryDate ?? '', input.now ?? Date.now())
  );
}

/** The amount's checks, shared by every working order (dollars to buy, shares to sell). */
export function amountProblem(input: {
  side: TradeSide;
  symbol: string;
  amount: number;
  cash: number;
  held: number;
}): { field: 'amount'; message: string } | null {
  const { amount } = input;
  if (!(amount > 0)) return { field: 'amount', message: 'Enter an amount above 0.' };
  if (input.side === 'PURCHASE') {
    if (!isWholeCents(amount)) return { field: 'amount', message: USD_DECIMALS_MESSAGE };
    if (amount > input.cash)
      return {
        field: 'amount',
        message: `Insufficient funds: your buying power is ${formatUsd(input.cash)}.`,
      };
    return null;
  }
  if (decimalPlaces(amount) > 8)
    return { field: 'amount', message: 'A number of shares has at most 8 decimals.' };
  if (amount > input.held)
    return {
      field: 'amount',
      message: `You own only ${formatShares(input.held)} ${input.symbol} that is not already reserved.`,
    };
  return null;
}

/** The body of POST /open-limit-position (docs/api.md, Core calls). */
export function limitOrderBody(input: LimitInput & { walletAddress: string }): OpenLimitBody {
  const limitAsk = parseAmount(input.limitText);
  const amount = parseAmount(input.amountText);
  const lasts = timeInForceBody(input.timeInForce ?? 'GTC', input.expiryDate ?? '');
  return input.side === 'PURCHASE'
    ? {
        type: 'PURCHASE',
        symbol: input.symbol,
        walletAddress: input.walletAddress,
        limitAsk,
        purchaseAsk: amount,
        ...lasts,
      }
    : {
        type: 'SELL',
        symbol: input.symbol,
        walletAddress: input.walletAddress,
        limitAsk,
        sellAsk: amount,
        ...lasts,
      };
}
