import type { BookInput, PriceUnits, ShareUnits } from '@papertrade/domain';

/**
 * What a replay contest's book is made from (docs/decisions/034-replay-contests.md, amendment of
 * 2026-12-04): the replayed 1-minute candle at the replay's clock, as far as the replay has walked it.
 */
export interface ReplayBookCandle {
  /** The candle's open time: the book's noise is drawn for it, as a live book's for its tick. */
  startTs: number;
  /** The candle's base-asset volume in share units; null for a candle stored without one. */
  volume: ShareUnits | null;
  /** The highest and lowest prices walked so far in the candle, up to the replayed moment. */
  high: PriceUnits;
  low: PriceUnits;
}

const MINUTES_PER_DAY = 1_440n;
/** share units x price units per cent. */
const UNITS_PER_CENT = 10n ** 14n;

/**
 * The domain book's input for a replay (order-book.ts, the same model as the live books): the mid
 * is the replayed price; the depth follows the candle's volume, read as a day's volume at that
 * minute's rate, so a heavy minute has a deep book and a thin one a shallow book; the range the
 * replay has walked in the candle is the book's recent range, which widens the spread and the
 * step between levels (and thins them) when the minute moved faster than the asset's volatility
 * makes usual. Only the range walked so far counts: the book gives away nothing of the rest of the
 * minute. `asset` is the live book's input of the asset: its id, the seed and its volatility, and
 * its catalog volume for a candle stored without a volume.
 */
export function replayBookInput(
  asset: BookInput,
  candle: ReplayBookCandle,
  mid: PriceUnits,
): BookInput {
  const dailyVolumeUsd =
    candle.volume === null
      ? asset.dailyVolumeUsd
      : Number((candle.volume * mid * MINUTES_PER_DAY) / UNITS_PER_CENT) / 100;
  const high = candle.high > mid ? candle.high : mid;
  const low = candle.low < mid ? candle.low : mid;
  return {
    assetId: asset.assetId,
    seed: asset.seed,
    price: mid,
    tickAt: candle.startTs,
    volatility: asset.volatility,
    dailyVolumeUsd,
    recentRangeMicro: mid > 0n ? Number(((high - low) * 1_000_000n) / mid) : 0,
  };
}
