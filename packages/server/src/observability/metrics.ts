import { Counter, Histogram, Registry } from 'prom-client';
import { sharedProcessRegistry } from './process-registry.ts';
import { createFeedMetrics, type FeedMetrics } from './feed-metrics.ts';
import { sampledGauges, type PoolStats } from './sampled-gauges.ts';

export type { PoolStats } from './sampled-gauges.ts';

export type OrderKind = 'market_buy' | 'market_sell' | 'limit_open' | 'limit_cancel';

export interface TickOutcome {
  filled: number;
  cancelled: number;
}

/** What the app counts; each app instance has its own, so tests that build many apps never collide. */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly orders: Counter<'kind' | 'result'>;
  readonly limitOrders: Counter<'outcome'>;
  readonly tickDuration: Histogram;
  readonly busLag: Histogram;
  /** The live price feed's counts (MARKET_FEED=coinbase). */
  readonly feed: FeedMetrics;
  /** One tick's work: its duration and what the limit trigger did in it. */
  recordTick(durationMs: number, outcome: TickOutcome): void;
  readonly observeBusLag: (ms: number) => void;
  /** Where the open /live socket count comes from (the hub, once it exists). */
  countLiveSockets(source: () => number): void;
  /** Where the pool figures come from (the database, once opened). */
  watchPool(source: () => PoolStats | undefined): void;
  /** The Prometheus text of this app's metrics and the process's. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Fast API calls sit in milliseconds; order calls under load and slow ticks reach seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const httpLabels = ['method', 'route', 'status_class'] as const;
  let liveSockets: () => number = () => 0;
  let pool: () => PoolStats | undefined = () => undefined;

  const metrics: Metrics = {
    registry,
    contentType: registry.contentType,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status class',
      labelNames: httpLabels,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status class',
      labelNames: httpLabels,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    orders: new Counter({
      name: 'papertrade_orders_total',
      help: 'Order calls by kind and result (ok, or the error code)',
      labelNames: ['kind', 'result'] as const,
      registers,
    }),
    limitOrders: new Counter({
      name: 'papertrade_limit_orders_triggered_total',
      help: 'Limit orders a tick filled or cancelled',
      labelNames: ['outcome'] as const,
      registers,
    }),
    tickDuration: new Histogram({
      name: 'papertrade_market_tick_duration_seconds',
      help: 'One market tick: prices stored and every tick listener (the limit trigger) done',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    busLag: new Histogram({
      name: 'papertrade_event_bus_lag_seconds',
      help: 'Time from publish on another instance to delivery here (PostgreSQL LISTEN/NOTIFY)',
      buckets: LAG_BUCKETS,
      registers,
    }),
    feed: createFeedMetrics(registry),
    recordTick(durationMs, outcome) {
      metrics.tickDuration.observe(durationMs / 1000);
      if (outcome.filled) metrics.limitOrders.inc({ outcome: 'filled' }, outcome.filled);
      if (outcome.cancelled) metrics.limitOrders.inc({ outcome: 'cancelled' }, outcome.cancelled);
    },
    // Clocks of two machines differ a little: a negative lag is clock skew, counted as none.
    observeBusLag: (ms) => metrics.busLag.observe(Math.max(0, ms) / 1000),
    countLiveSockets(source) {
      liveSockets = source;
    },
    watchPool(source) {
      pool = source;
    },
    async scrape() {
      return Registry.merge([sharedProcessRegistry(), registry]).metrics();
    },
  };
  // Zero from the start, so a dashboard shows both series before the first fill.
  metrics.limitOrders.inc({ outcome: 'filled' }, 0);
  metrics.limitOrders.inc({ outcome: 'cancelled' }, 0);

  sampledGauges(registry, { liveSockets: () => liveSockets(), pool: () => pool() });
  return metrics;
}
