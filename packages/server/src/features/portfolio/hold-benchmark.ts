import {
  centsToNumber,
  priceToNumber,
  returnPercentage,
  type BalancePoint,
  type Cents,
  type HoldBenchmark,
  type PriceUnits,
} from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { INTERVAL_MS, type CandleInterval } from '../../market/simulator.ts';

/** "Simply holding BTC": the yardstick a crypto portfolio is most often compared with. */
export const BENCHMARK_SYMBOL = 'BTC';
const BENCHMARK_ID = 'btcusd';
/** At most this many candles make the benchmark's line; the interval is picked to fit the span. */
const MAX_POINTS = 1000;

/**
 * BTC's price at `since`: the close of the last candle that started at or before it, from the
 * finest interval that has one (1m candles are kept two days, 1h and 1d for good), so it is the
 * price within a minute of the start for any recent account. With no candle that old, the open of
 * the first candle after it, which is where the price stood before that tick (tick-store.ts); with
 * no candle at all, the price now (no tick has happened since).
 */
async function priceAt(db: Kysely<DB>, since: number, now: PriceUnits): Promise<PriceUnits> {
  for (const interval of ['1m', '1h', '1d'] as const) {
    const row = await db
      .selectFrom('candles')
      .select('close')
      .where('asset_id', '=', BENCHMARK_ID)
      .where('interval', '=', interval)
      .where('start_ts', '<=', BigInt(since))
      .orderBy('start_ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) return BigInt(row.close);
  }
  const later = await db
    .selectFrom('candles')
    .select('open')
    .where('asset_id', '=', BENCHMARK_ID)
    .where('interval', '=', '1m')
    .where('start_ts', '>', BigInt(since))
    .orderBy('start_ts')
    .limit(1)
    .executeTakeFirst();
  return later ? BigInt(later.open) : now;
}

/** The coarsest detail that still fits the span in MAX_POINTS candles. */
function intervalFor(spanMs: number): CandleInterval {
  if (spanMs <= MAX_POINTS * INTERVAL_MS['1m']) return '1m';
  if (spanMs <= MAX_POINTS * INTERVAL_MS['1h']) return '1h';
  return '1d';
}

/**
 * The starting balance put into BTC at `since` and held: its value now and over time, in cents
 * (starting x price / start price, rounded down like any holding's value). null without a BTC price.
 */
export async function loadHoldBenchmark(
  db: Kysely<DB>,
  since: number,
  startingCents: Cents,
  now = Date.now(),
): Promise<HoldBenchmark | null> {
  const asset = await db
    .selectFrom('assets')
    .select('price')
    .where('id', '=', BENCHMARK_ID)
    .executeTakeFirst();
  if (!asset || BigInt(asset.price) <= 0n) return null;
  const price = BigInt(asset.price);
  const startPrice = await priceAt(db, since, price);
  if (startPrice <= 0n) return null;
  const worth = (p: PriceUnits): Cents => (startingCents * p) / startPrice;

  const interval = intervalFor(now - since);
  const size = INTERVAL_MS[interval];
  const candles = await db
    .selectFrom('candles')
    .select(['start_ts', 'close'])
    .where('asset_id', '=', BENCHMARK_ID)
    .where('interval', '=', interval)
    .where('start_ts', '>', BigInt(since))
    .where('start_ts', '<', BigInt(now))
    .orderBy('start_ts', 'desc')
    .limit(MAX_POINTS)
    .execute();
  // Each candle's close stands where its bucket ends; the open bucket's end is now.
  const points: BalancePoint[] = [{ timestamp: since, balance: centsToNumber(startingCents) }];
  for (const c of candles.reverse()) {
    const end = Math.min(Number(c.start_ts) + size, now);
    if (end > since && end < now)
      points.push({ timestamp: end, balance: centsToNumber(worth(BigInt(c.close))) });
  }
  const value = worth(price);
  if (now > since) points.push({ timestamp: now, balance: centsToNumber(value) });
  return {
    symbol: BENCHMARK_SYMBOL,
    since,
    startPrice: priceToNumber(startPrice),
    price: priceToNumber(price),
    value: centsToNumber(value),
    returnPercentage: returnPercentage(value, startingCents),
    points,
  };
}
