import type { PriceUnits } from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { FeedLevel } from './coinbase-frames.ts';
import { bucketStart, CANDLE_INTERVALS, type CandleRow } from './simulator.ts';

/**
 * What the live feed stores (docs/market-data.md, "Coinbase"): prices into the assets rows and
 * their candles, as simulated ticks do, so every instance, the chart and the order path read them
 * the same way; and, in market_state, what only the feed knows: which assets it does not carry,
 * each asset's 24-hour open and volume from the ticker, and each book's top levels.
 */

type Db = Kysely<DB> | Transaction<DB>;

export const FEED_STATE_KEY = 'coinbase';
const bookKey = (assetId: string) => `coinbase-book:${assetId}`;

export interface FeedState {
  /** Asset ids of our list the feed does not carry: listed untradable. */
  untradable: string[];
  /** The ticker's 24-hour open per asset id (price units, as text). */
  open24h: Record<string, string>;
  volume24h: Record<string, string>;
}

export function parseFeedState(value: string | undefined): FeedState {
  const empty: FeedState = { untradable: [], open24h: {}, volume24h: {} };
  if (!value) return empty;
  try {
    return { ...empty, ...(JSON.parse(value) as Partial<FeedState>) };
  } catch {
    return empty;
  }
}

export async function loadFeedState(db: Db): Promise<FeedState> {
  const row = await db
    .selectFrom('market_state')
    .select('value')
    .where('key', '=', FEED_STATE_KEY)
    .executeTakeFirst();
  return parseFeedState(row?.value);
}

async function saveValue(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('market_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export const saveFeedState = (db: Db, state: FeedState) =>
  saveValue(db, FEED_STATE_KEY, JSON.stringify(state));

export interface StoredBook {
  at: number;
  bids: FeedLevel[];
  asks: FeedLevel[];
}

export async function saveBook(db: Db, assetId: string, book: StoredBook): Promise<void> {
  const text = (levels: FeedLevel[]) => levels.map((l) => [String(l.price), String(l.shares)]);
  await saveValue(
    db,
    bookKey(assetId),
    JSON.stringify({ at: book.at, bids: text(book.bids), asks: text(book.asks) }),
  );
}

/** The book the leader stored last, or undefined (no snapshot yet, or the simulator's market). */
export async function loadBook(db: Db, assetId: string): Promise<StoredBook | undefined> {
  const row = await db
    .selectFrom('market_state')
    .select('value')
    .where('key', '=', bookKey(assetId))
    .executeTakeFirst();
  return row ? parseBook(row.value) : undefined;
}

/** The levels were stored as the decimal text of their units: read back exactly, as bigints. */
function parseBook(value: string): StoredBook {
  const raw = JSON.parse(value) as { at: number; bids: string[][]; asks: string[][] };
  const levels = (rows: string[][]) =>
    rows.map(([p = '0', s = '0']) => ({ price: BigInt(p), shares: BigInt(s) }));
  return { at: raw.at, bids: levels(raw.bids), asks: levels(raw.asks) };
}

/**
 * Every stored book with its asset's id and symbol, in one statement: what each instance's fed
 * books read after a flush (market/fed-books.ts).
 */
export async function loadBooks(
  db: Db,
): Promise<{ assetId: string; symbol: string; book: StoredBook }[]> {
  const rows = await db
    .selectFrom('market_state')
    .innerJoin('assets', (join) =>
      join.on(
        sql<boolean>`${sql.ref('market_state.key')} = 'coinbase-book:' || ${sql.ref('assets.id')}`,
      ),
    )
    .select(['assets.id', 'assets.symbol', 'market_state.value'])
    .execute();
  return rows.map((r) => ({ assetId: r.id, symbol: r.symbol, book: parseBook(r.value) }));
}

export interface FedPrice {
  id: string;
  symbol: string;
  price: PriceUnits;
  /** The exchange's time of the trade (ms): the asset's priceAt. */
  at: number;
}

/**
 * One flush of the feed's latest prices, in one transaction: each asset's row and its open
 * 1m/1h/1d candles. Candles are upserted as ticks do (a new candle opens at the previous price).
 */
export async function applyFeedPrices(
  db: Kysely<DB>,
  isPostgres: boolean,
  prices: FedPrice[],
  state: FeedState,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('assets')
      .select(['id', 'price'])
      .where(
        'id',
        'in',
        prices.map((p) => p.id),
      )
      .execute();
    const previous = new Map(rows.map((r) => [r.id, BigInt(r.price)]));
    const [max, min] = isPostgres ? ['greatest', 'least'] : ['max', 'min'];
    for (const p of prices) {
      const before = previous.get(p.id) ?? p.price;
      await trx
        .updateTable('assets')
        .set({ price: p.price, updated_at: p.at })
        .where('id', '=', p.id)
        .execute();
      await trx
        .insertInto('candles')
        .values(
          CANDLE_INTERVALS.map((interval) => ({
            asset_id: p.id,
            interval,
            start_ts: bucketStart(interval, p.at),
            open: before,
            high: p.price > before ? p.price : before,
            low: p.price < before ? p.price : before,
            close: p.price,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['asset_id', 'interval', 'start_ts']).doUpdateSet({
            high: sql<bigint>`${sql.raw(max)}(${sql.ref('candles.high')}, ${sql.ref('excluded.close')})`,
            low: sql<bigint>`${sql.raw(min)}(${sql.ref('candles.low')}, ${sql.ref('excluded.close')})`,
            close: sql<bigint>`${sql.ref('excluded.close')}`,
          }),
        )
        .execute();
    }
    await saveFeedState(trx, state);
  });
}

/**
 * The exchange's past candles of one asset, written as they are (a candle the feed already
 * built is replaced by the exchange's own). When the newest is newer than the asset's price, it
 * becomes the price, as of the candle's end: stale until the ticker speaks, but real.
 */
export async function backfillCandles(
  db: Kysely<DB>,
  assetId: string,
  candles: CandleRow[],
  now: number,
): Promise<void> {
  if (candles.length === 0) return;
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < candles.length; i += 500) {
      await trx
        .insertInto('candles')
        .values(
          candles.slice(i, i + 500).map((c) => ({
            asset_id: assetId,
            interval: c.interval,
            start_ts: c.startTs,
            open: c.open,
            high: c.high,
            low: c.low,
            close: c.close,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['asset_id', 'interval', 'start_ts']).doUpdateSet({
            open: sql<bigint>`${sql.ref('excluded.open')}`,
            high: sql<bigint>`${sql.ref('excluded.high')}`,
            low: sql<bigint>`${sql.ref('excluded.low')}`,
            close: sql<bigint>`${sql.ref('excluded.close')}`,
          }),
        )
        .execute();
    }
    const minutes = candles.filter((c) => c.interval === '1m');
    const newest = minutes[minutes.length - 1];
    if (!newest) return;
    const end = Math.min(newest.startTs + 60_000, now);
    await trx
      .updateTable('assets')
      .set({ price: newest.close, updated_at: end })
      .where('id', '=', assetId)
      .where('updated_at', '<', BigInt(end))
      .execute();
  });
}
