import { z } from 'zod';
import { BalancePoint } from './shapes.ts';
import { Symbol, Timestamp } from './primitives.ts';

/**
 * GET /portfolio-insight: where the current epoch's money is and what it made. Dollar figures are
 * exact cents (server bigint maths, rounded once per figure, docs/decisions/011); percentages are
 * display numbers.
 */

/** One slice of the allocation: cash (symbol null) or a holding, at its current value. */
export const AllocationSlice = z.object({
  symbol: Symbol.nullable(),
  value: z.number(),
});

/** A held or sold symbol: unrealised P&L of what is held, realised P&L of what was sold. */
export const PositionInsight = z.object({
  symbol: Symbol,
  /** Held shares, free and reserved by working sell orders. */
  shares: z.number(),
  value: z.number(),
  /** Cost of the open lots (shares x buy price). */
  cost: z.number(),
  unrealisedPnl: z.number(),
  /** null when realised P&L is not available (see PortfolioInsight.realisedAvailable). */
  realisedPnl: z.number().nullable(),
});
export type PositionInsight = z.infer<typeof PositionInsight>;

/** One sale with what it made against the cost of the lots it consumed, first in first out. */
export const RealisedTrade = z.object({
  transactionId: z.string(),
  symbol: Symbol,
  timestamp: Timestamp,
  shares: z.number(),
  price: z.number(),
  proceeds: z.number(),
  cost: z.number(),
  realisedPnl: z.number(),
  /** realisedPnl / cost x 100. */
  returnPercentage: z.number(),
});
export type RealisedTrade = z.infer<typeof RealisedTrade>;

/** What the starting balance would be worth had it all bought BTC at the start and held it. */
export const HoldBenchmark = z.object({
  symbol: Symbol,
  since: Timestamp,
  startPrice: z.number(),
  price: z.number(),
  value: z.number(),
  returnPercentage: z.number(),
  /** The benchmark's value over time, oldest first, ending now (for a second chart line). */
  points: z.array(BalancePoint),
});
export type HoldBenchmark = z.infer<typeof HoldBenchmark>;

export const PortfolioInsight = z.object({
  since: Timestamp,
  startingBalance: z.number(),
  totalBalance: z.number(),
  returnPercentage: z.number(),
  /** Cash first, then holdings by value, largest first; their values add up to totalBalance. */
  allocation: z.array(AllocationSlice),
  positions: z.array(PositionInsight),
  unrealisedPnl: z.number(),
  realisedPnl: z.number().nullable(),
  /** False when the epoch has more sales and buys than the server replays (docs/decisions/011). */
  realisedAvailable: z.boolean(),
  /** Sales in the epoch (0 for a new account). */
  sellCount: z.number().int().nonnegative(),
  /** Up to three sales with a gain, best first, and three with a loss, worst first. */
  bestTrades: z.array(RealisedTrade),
  worstTrades: z.array(RealisedTrade),
  /** null when the benchmark asset has no price history reaching the start. */
  benchmark: HoldBenchmark.nullable(),
});
export type PortfolioInsight = z.infer<typeof PortfolioInsight>;

/** GET /assets/:id/day-stats: the last 24 hours of one asset. */
export const AssetDayStats = z.object({
  id: z.string(),
  symbol: Symbol,
  /** Lowest and highest price over the last 24 h (from the 1m candles and the price now). */
  low: z.number(),
  high: z.number(),
  /** USD traded on PaperTrade in this asset over the last 24 h (market and limit fills). */
  volume: z.number(),
  trades: z.number().int().nonnegative(),
});
export type AssetDayStats = z.infer<typeof AssetDayStats>;
