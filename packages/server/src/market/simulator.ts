import { MAX_PRICE_UNITS, MIN_PRICE_UNITS, type PriceUnits } from '@papertrade/domain';
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
/** The walk stays inside the ledger's price bounds (domain bounds.ts), whatever it draws. */
export const MIN_PRICE: PriceUnits = MIN_PRICE_UNITS;
export const MAX_PRICE: PriceUnits = MAX_PRICE_UNITS;

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

export function stepPrice(
  price: PriceUnits,
  volatility: number,
  dtYears: number,
  random: Random,
): PriceUnits {
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
  /** Step over the last day, where 1m candles are kept (fine enough for their highs and lows). */
  stepMs: number;
  /** Step before that, where only 1h and 1d candles are kept. */
  coarseStepMs?: number;
  random: Random;
}

const DAY_MS = INTERVAL_MS['1d'];
const MAX_FLOAT_UNITS = Number(MAX_PRICE);

/** The grid of the walk, oldest first: fine steps over the last day (plus a minute), coarse before. */
function historyGrid(input: HistoryInput): Float64Array {
  const fineSpan = Math.min(input.days, 1) * DAY_MS + INTERVAL_MS['1m'];
  const fine = Math.ceil(fineSpan / input.stepMs);
  const coarseStep = input.coarseStepMs ?? input.stepMs;
  const coarse = Math.max(
    0,
    Math.ceil((input.days * DAY_MS + INTERVAL_MS['1m'] - fine * input.stepMs) / coarseStep),
  );
  const times = new Float64Array(coarse + fine + 1);
  const fineStart = input.end - fine * input.stepMs;
  for (let i = 0; i <= coarse; i++) times[i] = fineStart - (coarse - i) * coarseStep;
  for (let j = 1; j <= fine; j++) times[coarse + j] = fineStart + j * input.stepMs;
  return times;
}

/**
 * Past candles of one asset: the same GBM walked forward over `days`, anchored so that it
 * ends at `endPrice` (log-returns are drawn first, then shifted so their sum lands on the
 * end price). 1m candles cover the last 24 hours only; 1h and 1d candles cover the range,
 * plus one minute so the 1m candle of "24 hours ago" is always there and whole.
 * Each step moves from the previous point to the next, and a candle opens where the previous
 * one closed, as the live ticks do. Candles are built in float units (exact integers far
 * beyond any catalog price) and turned into bigint once each.
 */
export function generateHistory(input: HistoryInput): CandleRow[] {
  if (input.days <= 0) return [];
  const times = historyGrid(input);
  const steps = times.length - 1;
  const cumulative = new Float64Array(steps + 1);
  for (let k = 1; k <= steps; k++) {
    const dt = (times[k]! - times[k - 1]!) / MS_PER_YEAR;
    cumulative[k] = cumulative[k - 1]! + logReturn(input.volatility, dt, input.random.gaussian());
  }
  const total = cumulative[steps]!;
  const endFloat = Number(input.endPrice);
  const unitsAt = (k: number): number => {
    if (k === steps) return endFloat;
    const value = Math.round(endFloat * Math.exp(cumulative[k]! - total));
    return Math.min(MAX_FLOAT_UNITS, Math.max(1, Number.isFinite(value) ? value : MAX_FLOAT_UNITS));
  };

  const minuteFrom = bucketStart('1m', input.end - DAY_MS);
  type Open = {
    interval: CandleInterval;
    startTs: number;
    open: number;
    high: number;
    low: number;
    close: number;
  };
  const candles: Open[] = [];
  const current: Partial<Record<CandleInterval, Open>> = {};
  let previous = unitsAt(0);
  for (let k = 1; k <= steps; k++) {
    const t = times[k]!;
    const price = unitsAt(k);
    for (const interval of CANDLE_INTERVALS) {
      const startTs = bucketStart(interval, t);
      if (interval === '1m' && startTs < minuteFrom) continue;
      const candle = current[interval];
      if (candle && candle.startTs === startTs) {
        if (price > candle.high) candle.high = price;
        if (price < candle.low) candle.low = price;
        candle.close = price;
      } else {
        const next = {
          interval,
          startTs,
          open: previous,
          high: Math.max(price, previous),
          low: Math.min(price, previous),
          close: price,
        };
        candles.push(next);
        current[interval] = next;
      }
    }
    previous = price;
  }
  return candles.map((c) => ({
    interval: c.interval,
    startTs: c.startTs,
    open: BigInt(c.open),
    high: BigInt(c.high),
    low: BigInt(c.low),
    // The last close is the end price itself, exact even beyond float precision.
    close: c.close === endFloat && c === current[c.interval] ? input.endPrice : BigInt(c.close),
  }));
}
