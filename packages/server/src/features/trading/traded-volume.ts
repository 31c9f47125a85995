import type { OrderSide, PriceUnits, ShareUnits } from '@papertrade/domain';
import { ASSET_CATALOG } from '../../market/asset-catalog.ts';

/**
 * The simulated trades a tick prints at a price, which resting orders fill against
 * (docs/decisions/040-partial-fills.md): a second's share of the asset's typical daily volume
 * (market/asset-catalog.ts), times a noise of 50 % to 150 % drawn from a hash of (seed, symbol,
 * side, tick time), times 1 + (how far the tick passed the best crossed order, in basis points,
 * up to 90) / 10: a price that moves through an order deeply trades more there. Deterministic, so
 * every instance (and a rerun) hands out the same shares; exact bigints from the catalog's whole
 * dollars, in 1e-8 shares.
 */

const SECONDS_A_DAY = 86_400n;
/** 1e-8 USD per price unit and 1e-8 shares per share unit: USD / price -> share units. */
const UNITS = 10n ** 16n;
/** A tick that passes an order by this many basis points or more trades ten times as much. */
export const DEEP_CROSS_BPS = 90n;

const volumeBySymbol = new Map(ASSET_CATALOG.map((a) => [a.symbol, BigInt(a.dailyVolumeUsd)]));
/** An asset outside the catalog (an imported symbol) trades like the thinnest one listed. */
const THINNEST = ASSET_CATALOG.reduce((m, a) => Math.min(m, a.dailyVolumeUsd), Infinity);

/** FNV-1a over the text, then mixed: the same 32 bits on every instance. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** The tick's noise in per-mille, 500..1,500. */
export function volumeNoise(seed: string, symbol: string, side: OrderSide, at: number): bigint {
  return 500n + BigInt(hash32(`${seed}|${symbol}|${side}|${at}`) % 1001);
}

/** How far `price` passed `best` (the best crossed order's limit), in whole basis points, capped. */
export function crossDepthBps(side: OrderSide, price: PriceUnits, best: PriceUnits): bigint {
  const passed = side === 'PURCHASE' ? best - price : price - best;
  if (passed <= 0n || price <= 0n) return 0n;
  const bps = (passed * 10_000n) / price;
  return bps > DEEP_CROSS_BPS ? DEEP_CROSS_BPS : bps;
}

export interface VolumeInput {
  seed: string;
  symbol: string;
  side: OrderSide;
  /** The tick's price. */
  price: PriceUnits;
  at: number;
  /** The best crossed order's limit (a buy's highest, a sell's lowest). */
  best: PriceUnits;
}

/** The shares the tick trades at the crossed orders' prices, to hand out best price, then earliest. */
export function tradedShares(input: VolumeInput): ShareUnits {
  const { seed, symbol, side, price, at, best } = input;
  if (price <= 0n) return 0n;
  const daily = volumeBySymbol.get(symbol) ?? BigInt(THINNEST);
  const depth = 10n + crossDepthBps(side, price, best);
  return (
    (daily * UNITS * volumeNoise(seed, symbol, side, at) * depth) /
    (SECONDS_A_DAY * price * 1000n * 10n)
  );
}

const MS_A_MINUTE = 60_000n;

/**
 * The trades a replay's tick prints at a price (docs/decisions/034-replay-contests.md, amendment
 * "replay limits fill against the candle's volume"): the replayed candle's volume for the history
 * one tick plays (`historyMs`: the tick's period times the replay's speed), with the live tick's
 * noise and depth factor. A candle stored without a volume trades as the live asset would over
 * that much time.
 */
export function replayTradedShares(
  input: VolumeInput & { minuteVolume: ShareUnits | null; historyMs: number },
): ShareUnits {
  const { minuteVolume, historyMs, seed, symbol, side, price, at, best } = input;
  const played = BigInt(Math.max(1, Math.round(historyMs)));
  if (minuteVolume === null || minuteVolume <= 0n) return (tradedShares(input) * played) / 1_000n;
  const depth = 10n + crossDepthBps(side, price, best);
  return (
    (minuteVolume * played * volumeNoise(seed, symbol, side, at) * depth) /
    (MS_A_MINUTE * 1000n * 10n)
  );
}
