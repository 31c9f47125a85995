import type { Asset } from '@papertrade/domain';
import type { PriceUnits } from '@papertrade/domain';

/** Prices of one tick, by symbol. */
export type TickPrices = ReadonlyMap<string, PriceUnits>;

/**
 * The market: owns prices, persists them with their candles, and runs the tick listeners
 * (the limit-order trigger) inside each tick, so a tick is done only when its fills are.
 */
export interface Market {
  /** Fills history if the database is new and starts ticking every MARKET_TICK_MS (0: never). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One ordinary simulated tick, now. */
  tick(): Promise<void>;
  /** Sets one asset's price and runs a full tick with it (market control). */
  setPrice(assetId: string, price: PriceUnits): Promise<Asset>;
  listAssets(): Promise<Asset[]>;
  /**
   * Refuses an order on `symbol` when its price cannot be traded: 409 NOT_TRADABLE (the live
   * feed does not carry it) or 409 MARKET_STALE (no price for MARKET_STALE_MS). Nothing to check
   * for the simulator's prices.
   */
  tradeGate(symbol: string): Promise<void>;
  /** Registers work that must finish inside every tick, after prices are stored; what it returns goes to metrics. */
  onTick(listener: (prices: TickPrices, at: number) => Promise<unknown>): void;
}
