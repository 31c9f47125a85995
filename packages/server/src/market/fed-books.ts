import {
  consumeBook,
  outstandingConsumption,
  sideShares,
  withoutShares,
  type BookConsumption,
  type BookSide,
  type OrderBookLevels,
  type PriceUnits,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { conflict } from '../http/app-error.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { Market } from './market.ts';
import { loadBook, loadBooks, type StoredBook } from './feed-store.ts';
import { laterConsumption } from './order-book-store.ts';
import type { OrderBooks } from './order-books.ts';
import { oneReadAtATime } from './one-read-at-a-time.ts';

/**
 * With MARKET_FEED=coinbase, market orders and triggered stops walk the exchange's book as the
 * feed's leader last stored it, less what our own users took of it
 * (docs/decisions/033-coinbase-feed.md, 039-book-fills-without-a-lock.md). The stored books reach
 * each instance here, read in one statement after every `prices` event (the leader publishes one
 * after each flush of the feed), so an order reads nothing of the book in its own statements.
 * What our users took is the simulated books' consumption, kept and shared the same way
 * (order-books.ts: applied at once here, `book-take` on the bus, stored by the tick): only the
 * levels change.
 *
 * A book missing here (no snapshot yet) or older than `staleMs` is not walked and not replaced
 * by the simulated one: the order answers 409 MARKET_STALE, as at a stale price.
 *
 * On the leader the read also runs as the tick's first listener (`market.onTick`, registered
 * before the limit trigger's): the flush that brings a book is walked by its own tick's stops,
 * not by the next flush's, which may be a while away when the price stands still.
 */
export function withFedBooks(
  books: OrderBooks,
  db: Kysely<DB>,
  bus: EventBus,
  staleMs: number,
  market: Pick<Market, 'onTick'>,
): OrderBooks {
  let fed = new Map<string, { assetId: string; book: StoredBook }>();

  async function load(): Promise<void> {
    const rows = await loadBooks(db);
    fed = new Map(rows.map((r) => [r.symbol, { assetId: r.assetId, book: r.book }]));
  }

  /** One read at a time; a flush during one asks for one more after it. */
  const refreshSoon = oneReadAtATime(load);

  /** The tick this instance's listener read for: its own `prices` event then needs no second read. */
  let readForTick: number | undefined;
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'prices' && event.at !== readForTick) void refreshSoon();
  });
  market.onTick((_prices, at) => {
    readForTick = at;
    return refreshSoon();
  });

  /** The symbol's stored book when it is fresh, else why it cannot be walked. */
  const fresh = (symbol: string, now: number) => {
    const known = fed.get(symbol);
    if (!known) return `${symbol} has no order book from the feed yet: market orders wait for it`;
    if (now - known.book.at > staleMs)
      return `The order book of ${symbol} is stale: no update since ${new Date(known.book.at).toISOString()}`;
    return known;
  };

  return {
    ...books,
    staleness(symbol, now) {
      const known = fresh(symbol, now);
      return typeof known === 'string' ? known : undefined;
    },
    sideOf(symbol, _price, side, now) {
      const known = fresh(symbol, now);
      if (typeof known === 'string') throw conflict('MARKET_STALE', known);
      const { assetId, book } = known;
      const full = side === 'ask' ? book.asks : book.bids;
      const sideTotal = sideShares(full);
      const taken = outstandingConsumption(books.consumed(assetId)[side], sideTotal, now);
      const [bid] = book.bids;
      const [ask] = book.asks;
      // The exchange's own mid; a one-sided book has none, and the order's price stands for it.
      const mid: PriceUnits | undefined = bid && ask ? (bid.price + ask.price) / 2n : undefined;
      return {
        levels: withoutShares(full, taken),
        input: { assetId, sideTotal },
        ...(mid !== undefined && { mid }),
      };
    },
    async refresh() {
      await Promise.all([books.refresh(), refreshSoon()]);
    },
    close() {
      unsubscribe();
      books.close();
    },
  };
}

/**
 * GET /assets/:id/book with the feed: the stored book less what takers consumed (per side, the
 * later of the stored consumption and this instance's), at the book's own time; undefined when
 * the feed has stored no book of the asset.
 */
export async function loadFedOrderBook(
  db: Kysely<DB>,
  assetId: string,
  now: number,
  kept: Partial<Record<BookSide, BookConsumption>> = {},
): Promise<(OrderBookLevels & { at: number }) | undefined> {
  const [book, rows] = await Promise.all([
    loadBook(db, assetId),
    db
      .selectFrom('order_book_consumption')
      .select(['side', 'shares', 'at'])
      .where('asset_id', '=', assetId)
      .execute(),
  ]);
  if (!book) return undefined;
  const stored: Partial<Record<BookSide, BookConsumption>> = {};
  for (const row of rows) stored[row.side] = { shares: BigInt(row.shares), at: Number(row.at) };
  const levels = consumeBook(
    { bids: book.bids, asks: book.asks },
    laterConsumption(stored, kept),
    now,
  );
  return { ...levels, at: book.at };
}
