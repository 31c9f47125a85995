import { replayClock, type PriceUnits, type ReplaySource } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Trx } from '../../db/transaction.ts';
import { conflict } from '../../http/app-error.ts';
import type { ReplayBookCandle } from '../../market/replay-book.ts';

/*
 * A replay contest's prices (docs/decisions/034-replay-contests.md): a pure function of the wall
 * clock and the stored 1-minute candles, so every member and every instance reads the same price
 * at the same moment without any coordination.
 */

type Db = Kysely<DB> | Trx;

export const MINUTE_MS = 60_000;
/** Each candle is walked in three equal legs: open, then its nearer extreme, the other, close. */
const LEG_MS = MINUTE_MS / 3;

export interface ReplayCandle {
  start_ts: bigint | number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base-asset volume in share units; null for a candle stored without one. */
  volume?: bigint | null;
}

/** A replay contest's schedule: when it started on the wall clock and what it plays. */
export interface ReplaySchedule extends Pick<ReplaySource, 'from' | 'to' | 'speed'> {
  startsAt: number;
}

/**
 * The price `offset` ms into a candle, on the path open -> low -> high -> close for a rising
 * candle and open -> high -> low -> close for a falling one, straight lines between them, in
 * exact units (bigint division rounds toward zero, the same everywhere).
 */
export function priceInCandle(candle: ReplayCandle, offset: number): PriceUnits {
  return walkCandle(candle, offset).price;
}

/**
 * The walk of priceInCandle `offset` ms into a candle: the price there, and the highest and lowest
 * prices walked so far, so a candle shown at the replayed moment is cut where the replay is.
 */
export function walkCandle(
  candle: ReplayCandle,
  offset: number,
): { price: PriceUnits; high: PriceUnits; low: PriceUnits } {
  const open = BigInt(candle.open);
  const close = BigInt(candle.close);
  const rising = close >= open;
  const path = rising
    ? [open, BigInt(candle.low), BigInt(candle.high), close]
    : [open, BigInt(candle.high), BigInt(candle.low), close];
  const at = Math.min(MINUTE_MS, Math.max(0, Math.floor(offset)));
  if (at >= MINUTE_MS) return { price: close, high: BigInt(candle.high), low: BigInt(candle.low) };
  const leg = Math.floor(at / LEG_MS);
  const a = path[leg]!;
  const b = path[leg + 1]!;
  const price = a + ((b - a) * BigInt(at - leg * LEG_MS)) / BigInt(LEG_MS);
  const walked = [...path.slice(0, leg + 1), price];
  const high = walked.reduce((x, y) => (y > x ? y : x));
  const low = walked.reduce((x, y) => (y < x ? y : x));
  return { price, high, low };
}

/** The replayed moment at wall time `now`, one millisecond short of `to` at most. */
export function replayedAt(schedule: ReplaySchedule, now: number): number {
  return Math.min(schedule.to - 1, replayClock(schedule, schedule.startsAt, now));
}

/** The price of `candle` at replayed moment `t` (the candle open at or before t). */
export function replayPriceAt(candle: ReplayCandle, t: number): PriceUnits {
  return priceInCandle(candle, t - Number(candle.start_ts));
}

/** The 1-minute candle of `symbol` open at replayed moment `t`, or undefined when none is stored. */
export async function candleAt(
  db: Db,
  symbol: string,
  t: number,
): Promise<ReplayCandle | undefined> {
  return db
    .selectFrom('candles')
    .innerJoin('assets', 'assets.id', 'candles.asset_id')
    .select([
      'candles.start_ts',
      'candles.open',
      'candles.high',
      'candles.low',
      'candles.close',
      'candles.volume',
    ])
    .where('assets.symbol', '=', symbol)
    .where('candles.interval', '=', '1m')
    .where('candles.start_ts', '<=', BigInt(t))
    .where('candles.start_ts', '>', BigInt(t - MINUTE_MS))
    .orderBy('candles.start_ts', 'desc')
    .limit(1)
    .executeTakeFirst();
}

interface ReplayColumns {
  price_kind: string;
  starts_at: bigint;
  replay_from: bigint | null;
  replay_to: bigint | null;
  replay_speed: bigint | null;
}

/** A contest row's replay schedule, or null for a LIVE contest. */
export function scheduleOf(row: ReplayColumns): ReplaySchedule | null {
  if (row.price_kind !== 'REPLAY' || row.replay_from === null) return null;
  return {
    startsAt: Number(row.starts_at),
    from: Number(row.replay_from),
    to: Number(row.replay_to),
    speed: Number(row.replay_speed),
  };
}

/** A contest's replay schedule, or null when it trades on the live market. */
export async function contestSchedule(db: Db, contestId: string): Promise<ReplaySchedule | null> {
  const row = await db
    .selectFrom('contests')
    .select(['price_kind', 'starts_at', 'replay_from', 'replay_to', 'replay_speed'])
    .where('id', '=', contestId)
    .executeTakeFirst();
  return row ? scheduleOf(row) : null;
}

/** A replayed price, with the candle (as far as walked) a replay contest's book is made from. */
export interface ReplayQuote {
  price: PriceUnits;
  candle: ReplayBookCandle;
}

/**
 * The replayed price of `symbol` at wall time `now` and the candle it is walked in, up to that
 * moment (market/replay-book.ts); a 409 when its candle is missing. One statement, as the price
 * alone took.
 */
export async function scheduledQuote(
  db: Db,
  schedule: ReplaySchedule,
  symbol: string,
  now: number,
): Promise<ReplayQuote> {
  const t = replayedAt(schedule, now);
  const candle = await candleAt(db, symbol, t);
  if (!candle) {
    throw conflict(
      'REPLAY_NO_PRICE',
      `No imported candle of ${symbol} for ${new Date(t).toISOString()}: this replay has no price for it`,
    );
  }
  const walked = walkCandle(candle, t - Number(candle.start_ts));
  const volume = candle.volume ?? null;
  return {
    price: walked.price,
    candle: {
      startTs: Number(candle.start_ts),
      volume: volume === null ? null : BigInt(volume),
      high: walked.high,
      low: walked.low,
    },
  };
}

/**
 * What an order of a contest portfolio trades at: the replayed price when its contest replays
 * history, otherwise `live` (the market's price, which the caller already read). Read inside the
 * order's transaction, after the contest rules checked the contest is running.
 */
export async function contestPrice(
  trx: Trx,
  contestId: string,
  symbol: string,
  now: number,
  live: PriceUnits,
): Promise<PriceUnits> {
  return (await contestQuote(trx, contestId, symbol, now, live)).price;
}

/**
 * As contestPrice, with the replayed candle a replay contest's book is made from (`replay`,
 * absent for a LIVE contest, whose members walk the live book).
 */
export async function contestQuote(
  trx: Trx,
  contestId: string,
  symbol: string,
  now: number,
  live: PriceUnits,
): Promise<{ price: PriceUnits; replay?: ReplayQuote }> {
  const schedule = await contestSchedule(trx, contestId);
  if (!schedule) return { price: live };
  const replay = await scheduledQuote(trx, schedule, symbol, now);
  return { price: replay.price, replay };
}

/**
 * The prices a replay contest's portfolios are valued at (its board, its final standings): the
 * market's, with each asset that has a candle at the replayed moment at its replayed price.
 * Undefined for a LIVE contest, which is valued at the market's.
 */
export async function replayValuation(
  db: Db,
  contestId: string,
  now: number,
): Promise<Map<string, PriceUnits> | undefined> {
  const schedule = await contestSchedule(db, contestId);
  if (!schedule) return undefined;
  const t = replayedAt(schedule, now);
  const assets = await db.selectFrom('assets').select(['symbol', 'price']).execute();
  const prices = new Map(assets.map((a) => [a.symbol, BigInt(a.price)]));
  for (const { symbol } of assets) {
    const candle = await candleAt(db, symbol, t);
    if (candle) prices.set(symbol, replayPriceAt(candle, t));
  }
  return prices;
}
