/**
 * The simulated order book as the web app reads it (docs/decisions/029-simulated-order-book.md):
 * the wire's [price, shares] numbers turned into the domain's exact units, so the ladder, the
 * depth chart and the trade panel's preview do their sums in bigints, as the server does.
 */
import {
  walkBook,
  type AmountUnit,
  type BookLevel,
  type OrderBook,
  type OrderBookLevels,
  type PriceUnits,
  type ShareUnits,
  type TransactionType,
} from '@papertrade/domain';
import { toCents, toPriceUnits, toShareUnits } from './portfolio.ts';

/** Above this slippage against the mid the trade panel warns before a market order. */
export const SLIPPAGE_WARNING_BPS = 50;

const levelsOf = (side: OrderBook['bids']): BookLevel[] =>
  side
    .map(([price, shares]) => ({ price: toPriceUnits(price), shares: toShareUnits(shares) }))
    .filter((level) => level.price > 0n && level.shares > 0n);

export function bookLevels(book: OrderBook): OrderBookLevels {
  return { bids: levelsOf(book.bids), asks: levelsOf(book.asks) };
}

/** The running total of shares from the best level outward, one entry per level. */
export function cumulativeShares(levels: readonly BookLevel[]): ShareUnits[] {
  let total = 0n;
  return levels.map((level) => (total += level.shares));
}

export interface BookTop {
  bestBid: PriceUnits;
  bestAsk: PriceUnits;
  /** Between the best bid and the best ask, rounded down to the price scale. */
  mid: PriceUnits;
  spread: PriceUnits;
  /** The spread in hundredths of a basis point of the mid. */
  spreadCentiBps: bigint;
}

/** The best prices, mid and spread; null while a side is empty (no mid to measure against). */
export function bookTop(book: OrderBookLevels): BookTop | null {
  const bid = book.bids[0]?.price;
  const ask = book.asks[0]?.price;
  if (bid === undefined || ask === undefined) return null;
  const spread = ask - bid;
  // Against twice the mid, so the half unit the mid rounds away does not skew the figure.
  return {
    bestBid: bid,
    bestAsk: ask,
    mid: (bid + ask) / 2n,
    spread,
    spreadCentiBps: (spread * 2n * 1_000_000n) / (bid + ask),
  };
}

export interface MarketPreview {
  /** The shares the book gives for the amount, and what they cost or raise, to the cent. */
  shares: ShareUnits;
  cents: bigint;
  /** The shares-weighted average of the levels taken, rounded to the price scale. */
  averagePrice: PriceUnits;
  /** Against the mid, in hundredths of a basis point, positive when it costs the trader. */
  slippageCentiBps: bigint;
  levels: number;
  /** False when the whole side cannot fill the amount. */
  complete: boolean;
}

/**
 * What a market order of `amount` (in `unit`) would get from this book: the domain's walk, from
 * the best level outward, on the asks for a buy and the bids for a sell. Null without an amount,
 * or without both sides of the book (no mid).
 */
export function previewMarketOrder(
  book: OrderBookLevels,
  side: TransactionType,
  unit: AmountUnit,
  amount: number,
): MarketPreview | null {
  const top = bookTop(book);
  if (!top || !(amount > 0)) return null;
  const levels = side === 'PURCHASE' ? book.asks : book.bids;
  const size = unit === 'USD' ? toCents(amount) : toShareUnits(amount);
  if (size <= 0n) return null;
  const want = unit === 'USD' ? { cents: size } : { shares: size };
  const walk = walkBook(levels, want, { side: side === 'PURCHASE' ? 'ask' : 'bid' });
  if (walk.shares === 0n) return null;
  let notional = 0n;
  for (const fill of walk.fills) notional += fill.price * fill.shares;
  const last = walk.fills[walk.fills.length - 1];
  const tookAll =
    walk.levels === levels.length && last !== undefined && last.shares === levels.at(-1)?.shares;
  const complete =
    'shares' in want ? walk.shares === want.shares : !tookAll || walk.cents === want.cents;
  // notional / shares against (bid + ask) / 2, kept whole: 2 notional vs (bid + ask) shares.
  const midTimesTwo = (top.bestBid + top.bestAsk) * walk.shares;
  const away = side === 'PURCHASE' ? 2n * notional - midTimesTwo : midTimesTwo - 2n * notional;
  return {
    shares: walk.shares,
    cents: walk.cents,
    averagePrice: (notional + walk.shares / 2n) / walk.shares,
    slippageCentiBps: (away * 1_000_000n) / midTimesTwo,
    levels: walk.levels,
    complete,
  };
}

/** Hundredths of a basis point as display text: "12.3 bps" (one decimal is enough to read). */
export function formatBps(centiBps: bigint): string {
  return `${(Number(centiBps) / 100).toFixed(1)} bps`;
}
