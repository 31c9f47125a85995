import type { Candle, CandleInterval } from '@papertrade/domain';

const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/**
 * The chart's last candle with the live price in it, so the chart's price tag shows the price the
 * header shows (candles are fetched every 10 to 60 s, prices arrive every second): the last
 * candle's close moves to `price` and its high and low stretch to it; once `now` is past the last
 * candle's interval, a new candle opens at the last close. Null without candles.
 */
export function liveCandle(
  candles: readonly Candle[],
  price: number,
  interval: CandleInterval,
  now: number,
): Candle | null {
  const last = candles.at(-1);
  if (!last || !Number.isFinite(price)) return null;
  const length = INTERVAL_MS[interval];
  if (now >= last.time + length) {
    const time = Math.floor(now / length) * length;
    const open = last.close;
    return { time, open, high: Math.max(open, price), low: Math.min(open, price), close: price };
  }
  return {
    ...last,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
  };
}
