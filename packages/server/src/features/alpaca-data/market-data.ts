import {
  priceToNumber,
  sharesToNumber,
  PRICE_SCALE,
  SHARE_SCALE,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ASSET_CATALOG } from '../../market/asset-catalog.ts';
import { loadOrderBook } from '../../market/order-book-store.ts';
import { bucketStart, INTERVAL_MS } from '../../market/simulator.ts';
import type { DataAsset } from './alpaca-data-symbols.ts';

/**
 * Alpaca's crypto market data made from our market (docs/decisions/032-alpaca-data-and-streams.md):
 * bars are our candles, trades are synthesized from them (one a minute, at the minute's close),
 * quotes and order books are the simulated book. Everything is a function of stored rows, so every
 * instance answers the same.
 */

const MINUTE_MS = INTERVAL_MS['1m'];

export interface AlpacaBar {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  n: number;
  vw: number;
}

export interface AlpacaTrade {
  t: string;
  p: number;
  s: number;
  i: number;
  tks: 'B' | 'S';
}

export interface AlpacaQuote {
  t: string;
  bp: number;
  bs: number;
  ap: number;
  as: number;
}

export interface AlpacaOrderbook {
  t: string;
  b: { p: number; s: number }[];
  a: { p: number; s: number }[];
}

export interface CandleRow {
  start: number;
  open: PriceUnits;
  high: PriceUnits;
  low: PriceUnits;
  close: PriceUnits;
  volume: ShareUnits | null;
}

/** Alpaca's time frames we serve: the candle table each is read from and how many make one bar. */
export const TIMEFRAMES = {
  '1Min': { interval: '1m', group: 1, minutes: 1 },
  '5Min': { interval: '1m', group: 5, minutes: 5 },
  '15Min': { interval: '1m', group: 15, minutes: 15 },
  '1Hour': { interval: '1h', group: 1, minutes: 60 },
  '1Day': { interval: '1d', group: 1, minutes: 1440 },
} as const;
export type Timeframe = keyof typeof TIMEFRAMES;

/** Alpaca's spellings of the same frames (`1T`, `1H`, `1D`, `60Min`) mapped onto ours. */
export function parseTimeframe(raw: string): Timeframe | null {
  const match = /^(\d+)(Min|T|Hour|H|Day|D)$/.exec(raw);
  if (!match) return null;
  const unit =
    match[2] === 'T' ? 'Min' : match[2] === 'H' ? 'Hour' : match[2] === 'D' ? 'Day' : match[2];
  let amount = Number(match[1]);
  let named = unit;
  if (unit === 'Min' && amount === 60) [amount, named] = [1, 'Hour'];
  if (unit === 'Hour' && amount === 24) [amount, named] = [1, 'Day'];
  const key = `${amount}${named}`;
  return key in TIMEFRAMES ? (key as Timeframe) : null;
}

const volumeById = new Map(ASSET_CATALOG.map((a) => [a.id, a.dailyVolumeUsd]));
const DEFAULT_DAILY_VOLUME_USD = 100_000_000;

/** FNV-1a: the same 32 bits for the same text on every instance. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The synthesized trade of one minute: its size is a minute's share of the asset's daily volume
 * at that price, between half and one and a half times it, fixed by the asset and the minute.
 */
export function minuteTradeSize(
  assetId: string,
  minuteStart: number,
  price: PriceUnits,
): ShareUnits {
  if (price <= 0n) return 0n;
  const usdPerMinute = BigInt(
    Math.round((volumeById.get(assetId) ?? DEFAULT_DAILY_VOLUME_USD) / 1440),
  );
  const factor = BigInt(500 + (hash32(`${assetId}|${minuteStart}`) % 1001));
  return (usdPerMinute * PRICE_SCALE * SHARE_SCALE * factor) / (price * 1000n);
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toTrade(asset: DataAsset, row: CandleRow): AlpacaTrade {
  // A closed minute's trade is at its last millisecond; the open minute's at its latest tick.
  const at = Math.min(row.start + MINUTE_MS - 1, asset.updatedAt);
  return {
    t: iso(at),
    p: priceToNumber(row.close),
    s: sharesToNumber(minuteTradeSize(asset.id, row.start, row.close)),
    i: row.start / MINUTE_MS,
    tks: row.close >= row.open ? 'B' : 'S',
  };
}

/** The trade of the latest tick: the price /all-assets shows, at the tick's time. */
export function latestTrade(asset: DataAsset, minuteOpen: PriceUnits | undefined): AlpacaTrade {
  const start = bucketStart('1m', asset.updatedAt);
  return toTrade(asset, {
    start,
    open: minuteOpen ?? asset.price,
    high: asset.price,
    low: asset.price,
    close: asset.price,
    volume: null,
  });
}

/** One bar from candles of one bucket, oldest first. */
export function toBar(
  asset: DataAsset,
  rows: readonly CandleRow[],
  minutesEach: number,
  start: number,
): AlpacaBar {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  let high = first.high;
  let low = first.low;
  let volume = 0n;
  for (const row of rows) {
    if (row.high > high) high = row.high;
    if (row.low < low) low = row.low;
    // Imported candles carry their volume; the simulator's have the synthesized trades' sizes.
    volume += row.volume ?? minuteTradeSize(asset.id, row.start, row.close) * BigInt(minutesEach);
  }
  return {
    t: iso(start),
    o: priceToNumber(first.open),
    h: priceToNumber(high),
    l: priceToNumber(low),
    c: priceToNumber(last.close),
    v: sharesToNumber(volume),
    n: rows.length * minutesEach,
    // No trade-by-trade history: the typical price (high + low + close) / 3 stands for the VWAP.
    vw: priceToNumber((high + low + last.close) / 3n),
  };
}

export interface RangeQuery {
  start: number;
  end: number;
  sort: 'asc' | 'desc';
  /** Resume at this bar start (inclusive) for the first symbol. */
  from?: number;
}

type CandleInterval = '1m' | '1h' | '1d';

export async function loadCandles(
  db: Kysely<DB>,
  assetId: string,
  interval: CandleInterval,
  range: RangeQuery,
  rowLimit: number,
): Promise<CandleRow[]> {
  let query = db
    .selectFrom('candles')
    .select(['start_ts', 'open', 'high', 'low', 'close', 'volume'])
    .where('asset_id', '=', assetId)
    .where('interval', '=', interval)
    .where('start_ts', '>=', BigInt(range.start))
    .where('start_ts', '<=', BigInt(range.end));
  if (range.from !== undefined)
    query = query.where('start_ts', range.sort === 'asc' ? '>=' : '<=', BigInt(range.from));
  const rows = await query.orderBy('start_ts', range.sort).limit(rowLimit).execute();
  return rows.map((row) => ({
    start: Number(row.start_ts),
    open: BigInt(row.open),
    high: BigInt(row.high),
    low: BigInt(row.low),
    close: BigInt(row.close),
    volume: row.volume === null ? null : BigInt(row.volume),
  }));
}

/**
 * Up to `limit` bars of one asset and the start of the next one when there are more. Grouped
 * frames (5Min, 15Min) read 1m candles and start a bar at each multiple of the frame.
 */
export async function loadBars(
  db: Kysely<DB>,
  asset: DataAsset,
  timeframe: Timeframe,
  range: RangeQuery,
  limit: number,
): Promise<{ bars: AlpacaBar[]; next?: number }> {
  const { interval, group, minutes } = TIMEFRAMES[timeframe];
  const size = group * MINUTE_MS;
  const aligned = { ...range, start: Math.floor(range.start / size) * size };
  const rows = await loadCandles(db, asset.id, interval, aligned, (limit + 1) * group);
  const buckets: { start: number; rows: CandleRow[] }[] = [];
  for (const row of rows) {
    const start = group === 1 ? row.start : Math.floor(row.start / size) * size;
    const current = buckets[buckets.length - 1];
    if (current?.start === start) current.rows.push(row);
    else buckets.push({ start, rows: [row] });
  }
  // With group > 1 the last bucket read may be cut short by the row limit: it is the next page's.
  const complete = rows.length < (limit + 1) * group ? buckets : buckets.slice(0, -1);
  const page = complete.slice(0, limit);
  const bars = page.map((b) => {
    const ordered = range.sort === 'asc' ? b.rows : [...b.rows].reverse();
    return toBar(asset, ordered, group === 1 ? minutes : 1, b.start);
  });
  const nextBucket = buckets[page.length];
  if (!nextBucket) return { bars };
  // Newest first resumes at the bucket's last minute, so none of its candles is skipped.
  return { bars, next: range.sort === 'asc' ? nextBucket.start : nextBucket.start + size - 1 };
}

export async function loadTrades(
  db: Kysely<DB>,
  asset: DataAsset,
  range: RangeQuery,
  limit: number,
): Promise<{ trades: AlpacaTrade[]; next?: number }> {
  const rows = await loadCandles(db, asset.id, '1m', range, limit + 1);
  const trades = rows.slice(0, limit).map((row) => toTrade(asset, row));
  const next = rows[limit];
  return next ? { trades, next: next.start } : { trades };
}

/** The candle of `interval` that holds `at`, and the one before it. */
export async function candleAt(
  db: Kysely<DB>,
  assetId: string,
  interval: CandleInterval,
  at: number,
  before = 0,
): Promise<CandleRow | undefined> {
  const start = bucketStart(interval, at) - before * INTERVAL_MS[interval];
  const rows = await loadCandles(db, assetId, interval, { start, end: start, sort: 'asc' }, 1);
  return rows[0];
}

export async function latestBar(db: Kysely<DB>, asset: DataAsset): Promise<AlpacaBar | undefined> {
  const row = await candleAt(db, asset.id, '1m', asset.updatedAt);
  return row && toBar(asset, [row], 1, row.start);
}

export async function loadQuoteAndBook(
  db: Kysely<DB>,
  asset: DataAsset,
  seed: string,
  now: number,
): Promise<{ quote: AlpacaQuote; orderbook: AlpacaOrderbook }> {
  const book = await loadOrderBook(db, asset.id, seed, now);
  const level = (l: { price: PriceUnits; shares: ShareUnits }) => ({
    p: priceToNumber(l.price),
    s: sharesToNumber(l.shares),
  });
  const bid = book.bids[0];
  const ask = book.asks[0];
  return {
    quote: {
      t: iso(now),
      bp: bid ? priceToNumber(bid.price) : 0,
      bs: bid ? sharesToNumber(bid.shares) : 0,
      ap: ask ? priceToNumber(ask.price) : 0,
      as: ask ? sharesToNumber(ask.shares) : 0,
    },
    orderbook: { t: iso(now), b: book.bids.map(level), a: book.asks.map(level) },
  };
}
