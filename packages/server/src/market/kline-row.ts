import {
  MAX_HOLDING_UNITS,
  MAX_PRICE_UNITS,
  MIN_PRICE_UNITS,
  parseDecimal,
  PRICE_DECIMALS,
  SHARE_DECIMALS,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { INTERVAL_MS, type CandleInterval } from './simulator.ts';

/**
 * One row of Binance's kline files (docs/market-data.md, Importing history): open time, open,
 * high, low, close, volume, close time, quote asset volume, number of trades, taker buy base
 * volume, taker buy quote volume, ignore. Only what a candle keeps is read closely: the times,
 * the prices and the volume. The other five columns must be there and are not stored.
 */
export const KLINE_COLUMNS = 12;

export interface KlineCandle {
  /** Open time in milliseconds, whatever unit the file used. */
  startTs: number;
  open: PriceUnits;
  high: PriceUnits;
  low: PriceUnits;
  close: PriceUnits;
  volume: ShareUnits;
}

export type KlineLine =
  | { kind: 'candle'; candle: KlineCandle }
  | { kind: 'header' }
  | { kind: 'blank' }
  | { kind: 'error'; message: string };

// Read once: under tsx every use of an imported binding is a getter call, and a year of candles
// for 20 coins is ten million lines, each read twice (bench:import-history).
const decimal = parseDecimal;
const [PRICE_PLACES, SHARE_PLACES] = [PRICE_DECIMALS, SHARE_DECIMALS];
const [MIN_PRICE, MAX_PRICE, MAX_VOLUME] = [MIN_PRICE_UNITS, MAX_PRICE_UNITS, MAX_HOLDING_UNITS];

/**
 * Binance's spot files give times in microseconds from 2025 on, in milliseconds before. A
 * millisecond time of 16 digits would be past the year 5000, so the length tells them apart.
 */
const MICROSECOND_DIGITS = 16;

/** Whole numbers below 2^53 (a microsecond time of 2025 is about 1.7e15), exact as numbers. */
function parseTime(text: string): { value: number; perMs: number } | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return null;
  return { value, perMs: text.length >= MICROSECOND_DIGITS ? 1000 : 1 };
}

function error(message: string): KlineLine {
  return { kind: 'error', message };
}

function parsePrice(text: string, name: string): PriceUnits | string {
  const units = decimal(text, PRICE_PLACES);
  if (units === null) return `${name} "${text}" is not a decimal of at most ${PRICE_PLACES} places`;
  if (units < MIN_PRICE || units > MAX_PRICE)
    return `${name} "${text}" is outside the prices we hold (0.00000001 to 1,000,000,000 USD)`;
  return units;
}

/**
 * Reads one line of a kline file of `interval` candles. `lineNumber` 1 may be a header (its first
 * column is not a number); a header anywhere else is an error, as is anything that is not a
 * whole, consistent candle of that interval.
 */
export function parseKlineLine(
  line: string,
  lineNumber: number,
  interval: CandleInterval,
): KlineLine {
  if (line.trim() === '') return { kind: 'blank' };
  // Binance writes no spaces; a hand-edited file may.
  const fields = line.includes(' ')
    ? line.split(',').map((field) => field.trim())
    : line.split(',');
  if (lineNumber === 1 && !/^\d+$/.test(fields[0] ?? '')) return { kind: 'header' };
  if (fields.length !== KLINE_COLUMNS)
    return error(`expected ${KLINE_COLUMNS} comma-separated columns, found ${fields.length}`);
  const [openTimeText, openText, highText, lowText, closeText, volumeText, closeTimeText] =
    fields as [string, string, string, string, string, string, string];

  const openTime = parseTime(openTimeText);
  if (!openTime) return error(`open time "${openTimeText}" is not a whole number`);
  const sizeMs = INTERVAL_MS[interval];
  const startMs = openTime.value / openTime.perMs;
  if (!Number.isInteger(startMs) || startMs % sizeMs !== 0)
    return error(`open time ${openTimeText} does not start a ${interval} candle`);
  const closeTime = parseTime(closeTimeText);
  const size = sizeMs * openTime.perMs;
  if (!closeTime || closeTime.value <= openTime.value || closeTime.value >= openTime.value + size)
    return error(
      `close time "${closeTimeText}" is not within the ${interval} candle that opens at ${openTimeText}`,
    );

  const open = parsePrice(openText, 'open');
  if (typeof open === 'string') return error(open);
  const high = parsePrice(highText, 'high');
  if (typeof high === 'string') return error(high);
  const low = parsePrice(lowText, 'low');
  if (typeof low === 'string') return error(low);
  const close = parsePrice(closeText, 'close');
  if (typeof close === 'string') return error(close);
  if (high < open || high < close || high < low)
    return error(`high ${highText} is below the candle's open, close or low`);
  if (low > open || low > close) return error(`low ${lowText} is above the candle's open or close`);

  const volume = decimal(volumeText, SHARE_PLACES);
  if (volume === null || volume < 0n)
    return error(
      `volume "${volumeText}" is not a non-negative decimal of at most ${SHARE_PLACES} places`,
    );
  if (volume > MAX_VOLUME) return error(`volume ${volumeText} is beyond what we can hold`);

  return {
    kind: 'candle',
    candle: { startTs: startMs, open, high, low, close, volume },
  };
}
