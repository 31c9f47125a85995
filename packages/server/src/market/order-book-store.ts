import {
  BOOK_RANGE_WINDOW_MS,
  fullBook,
  consumeBook,
  type BookConsumption,
  type BookInput,
  type BookSide,
  type OrderBookLevels,
} from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import { ASSET_CATALOG } from './asset-catalog.ts';
import { bucketStart, INTERVAL_MS } from './simulator.ts';

/**
 * Reads what an asset's simulated order book is made from (docs/decisions/029-simulated-order-book.md):
 * the tick (price and time of the assets row), how far the price ranged over the last two 1m
 * candles, and what takers consumed (order_book_consumption). Every instance reads the same rows
 * and computes the same book; nothing of the book itself is stored or cached.
 */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The last full book made per asset: the book is a pure function of its input, so a book made for
 * the same tick is the same book, and the route and takers of one tick need it made once.
 */
const fullBooks = new Map<string, { key: string; book: OrderBookLevels }>();

export function fullBookOf(input: BookInput): OrderBookLevels {
  const key = `${input.seed}|${input.tickAt}|${input.price}|${input.volatility}|${input.dailyVolumeUsd}|${input.recentRangeMicro}`;
  const kept = fullBooks.get(input.assetId);
  if (kept?.key === key) return kept.book;
  const book = fullBook(input);
  fullBooks.set(input.assetId, { key, book });
  return book;
}

/** An asset outside the catalog (none today) gets a small coin's depth. */
const DEFAULT_DAILY_VOLUME_USD = 100_000_000;
const volumeById = new Map(ASSET_CATALOG.map((a) => [a.id, a.dailyVolumeUsd]));

export interface BookState {
  input: BookInput;
  consumed: Partial<Record<BookSide, BookConsumption>>;
}

/** Null when there is no such asset. */
export async function loadBookState(
  db: Db,
  assetId: string,
  seed: string,
): Promise<BookState | null> {
  const asset = await db
    .selectFrom('assets')
    .select(['price', 'volatility', 'updated_at'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset) return null;
  const tickAt = Number(asset.updated_at);
  const price = BigInt(asset.price);
  // The minute of the tick and the one before it: a window of one to two minutes.
  const since = bucketStart('1m', tickAt) - (BOOK_RANGE_WINDOW_MS - INTERVAL_MS['1m']);
  const [range, rows] = await Promise.all([
    db
      .selectFrom('candles')
      .select((eb) => [
        eb.fn.min<string | bigint | null>('low').as('low'),
        eb.fn.max<string | bigint | null>('high').as('high'),
      ])
      .where('asset_id', '=', assetId)
      .where('interval', '=', '1m')
      .where('start_ts', '>=', BigInt(since))
      .executeTakeFirst(),
    db
      .selectFrom('order_book_consumption')
      .select(['side', 'shares', 'at'])
      .where('asset_id', '=', assetId)
      .execute(),
  ]);
  let recentRangeMicro = 0;
  if (range?.low != null && range.high != null && price > 0n) {
    const high = BigInt(range.high) > price ? BigInt(range.high) : price;
    const low = BigInt(range.low) < price ? BigInt(range.low) : price;
    recentRangeMicro = Number(((high - low) * 1_000_000n) / price);
  }
  const consumed: BookState['consumed'] = {};
  for (const row of rows) consumed[row.side] = { shares: BigInt(row.shares), at: Number(row.at) };
  return {
    input: {
      assetId,
      seed,
      price,
      tickAt,
      volatility: Number(asset.volatility),
      dailyVolumeUsd: volumeById.get(assetId) ?? DEFAULT_DAILY_VOLUME_USD,
      recentRangeMicro,
    },
    consumed,
  };
}

/**
 * The book as takers see it at `now`; 404 ASSET_NOT_FOUND for an unknown asset. `kept`: the
 * consumption this instance keeps (market/order-books.ts), newer than the stored one until the
 * tick stores it; per side, the later of the two counts.
 */
export async function loadOrderBook(
  db: Db,
  assetId: string,
  seed: string,
  now: number,
  kept: Partial<Record<BookSide, BookConsumption>> = {},
): Promise<OrderBookLevels> {
  const state = await loadBookState(db, assetId, seed);
  if (!state) throw notFound('ASSET_NOT_FOUND', `No asset with id "${assetId}"`);
  return consumeBook(fullBookOf(state.input), laterConsumption(state.consumed, kept), now);
}

/** Per side, the later of the stored consumption and the one this instance keeps. */
export function laterConsumption(
  stored: Partial<Record<BookSide, BookConsumption>>,
  kept: Partial<Record<BookSide, BookConsumption>>,
): Partial<Record<BookSide, BookConsumption>> {
  const consumed = { ...stored };
  for (const side of ['bid', 'ask'] as const) {
    const mine = kept[side];
    const row = consumed[side];
    if (mine && (!row || mine.at >= row.at)) consumed[side] = mine;
  }
  return consumed;
}
