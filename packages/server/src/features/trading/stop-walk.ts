import {
  budgetWithFee,
  withoutShares,
  walkBook,
  type BookLevel,
  type BookSide,
  type CostRule,
  type OrderSide,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import {
  walkedSideOf,
  type OrderBooks,
  type ReplayBook,
  type WalkedBook,
} from '../../market/order-books.ts';
import type { ClaimedOrder } from './fill-plan.ts';
import { costsOf } from './trading-costs.ts';

/** A price in 1e-8 USD from cents and 1e-8 shares: cents x 1e6 x 1e8 / shares. */
const PER_SHARE = 10n ** 14n;

/**
 * What a walked stop's transaction records, as a market order's does (migration 024): the mid it
 * walked from (the tick's price) and how many levels it took. A stop fills whole (decision 040),
 * so it never records requested shares.
 */
export interface StopBookRecord {
  midPrice: PriceUnits;
  levels: bigint;
}

export interface StopWalk {
  /** Each walked order's price before spread: the average of the levels it took. */
  prices: Map<string, PriceUnits>;
  /** Each walked order's mid and levels, for its transaction. */
  records: Map<string, StopBookRecord>;
  /** The book the stops walked, and its side: what they take is given back to the app's books. */
  book: WalkedBook;
  side: BookSide;
}

/**
 * Triggered stops are market orders (decision 012), so they walk the simulated book as one
 * (docs/decisions/040-partial-fills.md), the app's books as market orders see them
 * (docs/decisions/039-book-fills-without-a-lock.md): in the batch's order, each takes the
 * levels the orders before it left, a buy as far as its cash (less the fee) reaches, a sell its
 * shares, and fills at the average price of what it took; a side the order empties fills the
 * rest at that average too. Orders of `ideal` portfolios fill at the tick's price and take
 * nothing. Null when the asset has no book here (a symbol the market does not list). A replay
 * contest's stops (`input.replay`) walk that contest's book, made from the replayed candle.
 */
export function walkStops(
  books: OrderBooks,
  input: {
    symbol: string;
    side: OrderSide;
    price: PriceUnits;
    at: number;
    replay?: ReplayBook | undefined;
  },
  claimed: readonly ClaimedOrder[],
  costs: ReadonlyMap<string, CostRule>,
  ideal: ReadonlySet<string>,
): StopWalk | null {
  const bookSide: BookSide = input.side === 'PURCHASE' ? 'ask' : 'bid';
  const { replay } = input;
  const found = walkedSideOf(books, input.symbol, input.price, bookSide, input.at, replay);
  if (!found) return null;
  let levels: BookLevel[] = found.levels;
  const prices = new Map<string, PriceUnits>();
  const records = new Map<string, StopBookRecord>();
  for (const o of claimed) {
    if (ideal.has(o.portfolio_id)) continue;
    const rule = costsOf(costs, o.portfolio_id);
    const want =
      input.side === 'PURCHASE'
        ? { cents: budgetWithFee(rule.fee, BigInt(o.purchase_cents ?? 0n)) }
        : { shares: BigInt(o.sell_shares ?? 0n) };
    const walk = walkBook(levels, want, { side: bookSide });
    if (walk.shares <= 0n) continue;
    const average =
      input.side === 'PURCHASE'
        ? (walk.cents * PER_SHARE + walk.shares - 1n) / walk.shares
        : (walk.cents * PER_SHARE) / walk.shares;
    if (average > 0n) {
      prices.set(o.id, average);
      records.set(o.id, { midPrice: found.mid ?? input.price, levels: BigInt(walk.levels) });
    }
    levels = withoutShares(levels, walk.shares);
  }
  return { prices, records, book: found, side: bookSide };
}

/**
 * False while the asset's book cannot be walked: the live feed's book of it missing or
 * stale (market/fed-books.ts), where a market order answers 409 MARKET_STALE. Its triggered stops
 * then stay working until a tick finds a fresh book, as they wait while a price is stale, rather
 * than fill without one or be cancelled.
 */
export function stopsCanWalk(books: OrderBooks, symbol: string, at: number): boolean {
  return books.staleness(symbol, at) === undefined;
}

/**
 * What the walked stops took, given to the app's books as a market order's take is: applied here
 * and sent to the other instances, stored by the tick. Called inside the batch's transaction: a
 * batch rolled back leaves the book thinner until it refills (a minute at most); no money moves by it.
 */
export function takeStopShares(
  books: OrderBooks,
  walk: StopWalk,
  taken: ShareUnits,
  at: number,
): void {
  if (taken > 0n) books.take(walk.book, walk.side, taken, at);
}
