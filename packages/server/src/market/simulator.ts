import type { PriceUnits } from '@papertrade/domain';
import type { Random } from './random.ts';

/**
 * Geometric Brownian motion, one step per tick:
 *   price *= exp((mu - sigma^2 / 2) dt + sigma sqrt(dt) Z),  Z ~ N(0, 1), dt in years.
 * This module *creates* prices, so it is the one place where a price goes through a float:
 * the step is computed in float and rounded to the nearest 1e-8 USD. Everything downstream
 * (orders, balances) only ever sees the rounded integer PriceUnits.
 */
export const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;
/** No drift: the simulated market neither rises nor falls on average. */
export const DRIFT = 0;
export const MIN_PRICE: PriceUnits = 1n;
/** 1e9 USD: keeps share x price products far inside 64-bit columns whatever the walk does. */
export const MAX_PRICE: PriceUnits = 10n ** 17n;

export type CandleInterval = '1m' | '1h' | '1d';
export const CANDLE_INTERVALS: readonly CandleInterval[] = ['1m', '1h', '1d'];
export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

export function bucketStart(interval: CandleInterval, at: number): number {
  const size = INTERVAL_MS[interval];
  return Math.floor(at / size) * size;
}

export function logReturn(volatility: number, dtYears: number, z: number, drift = DRIFT): number {
  return (drift - (volatility * volatility) / 2) * dtYears + volatility * Math.sqrt(dtYears) * z;
}

/** Rounds a float price to PriceUnits inside [MIN_PRICE, MAX_PRICE]. */
export function toPriceUnits(value: number): PriceUnits {
  if (!Number.isFinite(value) || value >= Number(MAX_PRICE)) return MAX_PRICE;
  const units = BigInt(Math.round(value));
  return units < MIN_PRICE ? MIN_PRICE : units;
}

export function stepPrice(price: PriceUnits, volatility: number, dtYears: number, random: Random): PriceUnits {
  return toPriceUnits(Number(price) * Math.exp(logReturn(volatility, dtYears, random.gaussian())));
}

export interface CandleRow {
  interval: CandleInterval;
  startTs: number;
  open: PriceUnits;
  high: PriceUnits;
  low: PriceUnits;
  close: PriceUnits;
}

export interface HistoryInput {
  /** The walk ends exactly at this price, at `end`. */
  endPrice: PriceUnits;
  volatility: number;
  end: number;
  days: number;
  stepMs: number;
  random: Random;
}

const DAY_MS = INTERVAL_MS['1d'];

/**
 * Past candles of one asset: the same GBM walked forward over `days`, anchored so that it
 * ends at `endPrice` (log-returns are drawn first, then shifted so their sum lands on the
 * end price). 1m candles cover the last 24 hours only; 1h and 1d candles cover the range.
 * Each step moves from the previous point to the next, and a candle opens where the previous
 * one closed, as the live ticks do.
 */
export function generateHistory(input: HistoryInput): CandleRow[] {
  const steps = Math.floor((input.days * DAY_MS) / input.stepMs);
  if (steps <= 0) return [];
  const dt = input.stepMs / MS_PER_YEAR;
  const cumulative = new Float64Array(steps + 1);
  for (let k = 1; k <= steps; k++) {
    cumulative[k] = cumulative[k - 1]! + logReturn(input.volatility, dt, input.random.gaussian());
  }
  const total = cumulative[steps]!;
  const endFloat = Number(input.endPrice);
  const priceAt = (k: number): PriceUnits =>
    k === steps ? input.endPrice : toPriceUnits(endFloat * Math.exp(cumulative[k]! - total));

  const start = input.end - steps * input.stepMs;
  const minuteFrom = bucketStart('1m', Math.max(start, input.end - DAY_MS));
  const rows: CandleRow[] = [];
  const open = new Map<CandleInterval, CandleRow>();
  let previous = priceAt(0);
  for (let k = 1; k <= steps; k++) {
    const t = start + k * input.stepMs;
    const price = priceAt(k);
    for (const interval of CANDLE_INTERVALS) {
      const startTs = bucketStart(interval, t);
      if (interval === '1m' && startTs < minuteFrom) continue;
      const candle = open.get(interval);
      if (candle && candle.startTs === startTs) {
        if (price > candle.high) candle.high = price;
        if (price < candle.low) candle.low = price;
        candle.close = price;
      } else {
        const next: CandleRow = {
          interval,
          startTs,
          open: previous,
          high: price > previous ? price : previous,
          low: price < previous ? price : previous,
          close: price,
        };
        rows.push(next);
        open.set(interval, next);
      }
    }
    previous = price;
  }
  return rows;
}
