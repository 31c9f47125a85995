/**
 * Markers for the user's fills of one asset on the candle chart, from the User's recent history
 * (at most 100 entries, so only recent fills show). Each fill sits on the candle it happened in;
 * several fills of one side in one candle share a marker, so a busy hour stays readable.
 */
import { formatPrice, formatShares, type HistoryEntry, type Transaction } from '@papertrade/domain';

export interface FillMarker {
  /** The candle's start, in seconds (the chart's time scale). */
  time: number;
  side: 'PURCHASE' | 'SELL';
  /** Beside the arrow: "Buy $95.00", or "3 buys" when several share a candle. */
  text: string;
  /** Each fill in words, for the legend: "Bought 2.0000 SOL at $95.00". */
  fills: string[];
}

const isFill = (e: HistoryEntry): e is Transaction => 'assetsPurchasedSold' in e;

/** In words: "Bought 2.0000 SOL at $95.00", "Sold 1.5000 SOL at $101.20". */
export function fillText(t: Transaction): string {
  const verb = t.type === 'PURCHASE' ? 'Bought' : 'Sold';
  return `${verb} ${formatShares(t.assetsPurchasedSold)} ${t.symbol} at $${formatPrice(t.purchaseSellAsk)}`;
}

/** The start of the last candle at or before `at` (ms), or null when `at` is before them all. */
function candleAt(candleTimes: readonly number[], at: number): number | null {
  let low = 0;
  let high = candleTimes.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const time = candleTimes[mid] ?? 0;
    if (time <= at) {
      found = time;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * `candleTimes`: the candles' start times in ms, ascending. Fills before the first candle are
 * off the chart and left out; archived fills (before a reset) too. Sorted by time, as the chart
 * wants them.
 */
export function fillMarkers(
  history: readonly HistoryEntry[],
  symbol: string,
  candleTimes: readonly number[],
): FillMarker[] {
  const groups = new Map<string, { time: number; fills: Transaction[] }>();
  for (const entry of history) {
    if (!isFill(entry) || entry.symbol !== symbol || entry.archived) continue;
    const candle = candleAt(candleTimes, entry.timestamp);
    if (candle === null) continue;
    const key = `${candle}:${entry.type}`;
    const group = groups.get(key) ?? { time: candle, fills: [] };
    group.fills.push(entry);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ time, fills }) => {
      const ordered = fills.sort((a, b) => a.timestamp - b.timestamp);
      const first = ordered[0] as Transaction;
      const buy = first.type === 'PURCHASE';
      const text =
        ordered.length > 1
          ? `${ordered.length} ${buy ? 'buys' : 'sells'}`
          : `${buy ? 'Buy' : 'Sell'} $${formatPrice(first.purchaseSellAsk)}`;
      return {
        time: Math.floor(time / 1000),
        side: first.type,
        text,
        fills: ordered.map(fillText),
      };
    })
    .sort((a, b) => a.time - b.time || (a.side === 'PURCHASE' ? -1 : 1));
}

/** About a marker label's character at the chart's 12 px font, and the gap kept past its end. */
const CHAR_PX = 7;
const GAP_PX = 6;
/** The fewest pixels a candle takes when the chart is fitted (a phone's width over its candles). */
const NARROWEST_CANDLE_PX = 3;

/**
 * Pixels to keep free right of the last candle so that a marker's label, centred on its candle,
 * ends before the price scale: "Buy $95,000.00" on the last hour's candle was cut to "Buy $95,0…".
 * 0 when no label reaches that far.
 */
export function markerRoom(markers: readonly FillMarker[], candleTimes: readonly number[]): number {
  const lastCandle = candleTimes.at(-1);
  if (lastCandle === undefined) return 0;
  let room = 0;
  for (const marker of markers) {
    const candlesAfter = candleTimes.filter((t) => t > marker.time * 1000).length;
    const half = (marker.text.length * CHAR_PX) / 2 + GAP_PX;
    room = Math.max(room, half - candlesAfter * NARROWEST_CANDLE_PX);
  }
  return Math.ceil(room);
}
