import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the live price feed reports to /metrics (docs/market-data.md, "When the feed fails"). */
export interface FeedMetrics {
  /** One frame: its type (`ticker`, `l2update`, ...) or `ignored_<reason>`. */
  message(kind: string): void;
  reconnect(): void;
  /** A product resubscribed because frames went missing. */
  gap(): void;
  /** From the exchange's trade time to our receipt of its ticker. */
  lag(ms: number): void;
  /** Where the stale asset count comes from (the market, once built). */
  countStaleAssets(source: () => Promise<number>): void;
}

const LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createFeedMetrics(registry: Registry): FeedMetrics {
  const registers = [registry];
  let stale: () => Promise<number> = () => Promise.resolve(0);
  const messages = new Counter({
    name: 'papertrade_feed_messages_total',
    help: 'Frames of the live price feed by kind; ignored_<reason> for the ones dropped as bad',
    labelNames: ['kind'] as const,
    registers,
  });
  const reconnects = new Counter({
    name: 'papertrade_feed_reconnects_total',
    help: 'Times the live price feed connection dropped and was opened again',
    registers,
  });
  const gaps = new Counter({
    name: 'papertrade_feed_gaps_total',
    help: 'Products resubscribed for a fresh snapshot after frames went missing',
    registers,
  });
  const lag = new Histogram({
    name: 'papertrade_feed_lag_seconds',
    help: "From the exchange's trade time to the ticker's arrival here",
    buckets: LAG_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'papertrade_market_stale_assets',
    help: 'Assets whose price is older than MARKET_STALE_MS (orders on them answer 409 MARKET_STALE)',
    registers,
    async collect() {
      this.set(await stale());
    },
  });
  reconnects.inc(0);
  gaps.inc(0);
  return {
    message: (kind) => messages.inc({ kind }),
    reconnect: () => reconnects.inc(),
    gap: () => gaps.inc(),
    // Clocks differ a little: a negative lag is skew, counted as none.
    lag: (ms) => lag.observe(Math.max(0, ms) / 1000),
    countStaleAssets(source) {
      stale = source;
    },
  };
}
