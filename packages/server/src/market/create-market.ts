import { performance } from 'node:perf_hooks';
import type { Asset, PriceUnits } from '@papertrade/domain';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../http/app-error.ts';
import type { FeedMetrics } from '../observability/feed-metrics.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { loadAssetRows, loadDayReferences, toAsset } from './asset-list.ts';
import { startFeedRunner, type FeedRunner } from './feed-runner.ts';
import { applyFeedPrices, loadFeedState, type FedPrice, type FeedState } from './feed-store.ts';
import { startLeaderElection, type LeaderElection } from './leader-election.ts';
import type { Market, TickPrices } from './market.ts';
import { seedMarketIfEmpty } from './seed-history.ts';
import { bucketStart, MAX_PRICE, MIN_PRICE, MS_PER_YEAR } from './simulator.ts';
import { applyTick } from './tick-store.ts';

export interface MarketOptions {
  /** The clock (tests pin it); defaults to Date.now. */
  now?: () => number;
  onError?: (message: string, err: unknown) => void;
  /** How often a follower instance tries to become the leader (PostgreSQL only). */
  leaderRetryMs?: number;
  /** After every tick: how long it took and what its listeners returned (metrics). */
  onTickDone?: (durationMs: number, results: unknown[]) => void;
  /**
   * As soon as a tick's prices are stored, before its listeners run: the market orders' kept
   * inputs take them (ledger/order-inputs.ts), so an order decided from now on is decided at the
   * price its guarded write will find.
   */
  onPricesStored?: (prices: TickPrices) => void;
  /** The live feed's counts (MARKET_FEED=coinbase). */
  feedMetrics?: FeedMetrics;
  /** The live feed's first reconnect delay (tests shorten it). */
  feedBackoffMs?: number;
}

export interface SimulatedMarket extends Market {
  /** True when this instance runs the timed ticks (always, on SQLite). */
  isLeader(): boolean;
}

type TickListener = (prices: TickPrices, at: number) => Promise<unknown>;

/** Other instances' ticks reach us through the bus; this bounds staleness if one is missed. */
const LIST_TTL_MS = 1_000;

export function createMarket(
  db: Kysely<DB>,
  bus: EventBus,
  config: Config,
  options: MarketOptions = {},
): SimulatedMarket {
  const now = options.now ?? Date.now;
  const onError =
    options.onError ??
    ((message: string, err: unknown) => {
      if (config.logLevel !== 'silent') console.error(message, err);
    });
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Manual ticks (MARKET_TICK_MS=0) move prices as much as a one-second tick would.
  const dtYears = (config.marketTickMs || 1000) / MS_PER_YEAR;
  const listeners: TickListener[] = [];
  const fed = config.marketFeed === 'coinbase';
  let runner: FeedRunner | undefined;
  let starting: Promise<void> | undefined;
  let leaderTimer: NodeJS.Timeout | undefined;

  let started = false;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let election: LeaderElection | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  // Each committed tick bumps the generation; a list built across a tick is not kept.
  let generation = 0;
  let listCache: { assets: Asset[]; builtAt: number; generation: number } | undefined;
  let references: { minute: number; map: Map<string, PriceUnits> } | undefined;
  const invalidate = () => {
    generation += 1;
    listCache = undefined;
  };
  // Subscribed now, before any /live fan-out, so another instance's tick empties the cache
  // before anyone reads it for that tick.
  bus.subscribe((event) => {
    if (event.type === 'prices') invalidate();
  });

  /** Ticks run one at a time, whoever asks (timer, market control). */
  function serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = chain.then(work);
    chain = result.catch(() => undefined);
    return result;
  }

  async function runTick(override?: { assetId: string; price: PriceUnits }): Promise<void> {
    const startedAt = performance.now();
    const at = now();
    const ticked = await applyTick(db, {
      isPostgres,
      seed: config.marketSeed,
      at,
      dtYears,
      override,
    });
    await afterPrices(new Map(ticked.map((a) => [a.symbol, a.price])), at, startedAt);
  }

  /** What every tick does once its prices are stored: listeners (the limit trigger), then /live. */
  async function afterPrices(prices: TickPrices, at: number, startedAt: number): Promise<void> {
    invalidate();
    options.onPricesStored?.(prices);
    const results: unknown[] = [];
    for (const listener of listeners) {
      try {
        results.push(await listener(prices, at));
      } catch (err) {
        onError('market tick listener failed', err);
      }
    }
    bus.publish({ type: 'prices', at });
    options.onTickDone?.(performance.now() - startedAt, results);
  }

  /** A flush of the live feed's prices: stored, then the same work as a simulated tick. */
  function feedTick(prices: FedPrice[], state: FeedState): Promise<void> {
    return serialized(async () => {
      const startedAt = performance.now();
      await applyFeedPrices(db, isPostgres, prices, state);
      await afterPrices(new Map(prices.map((p) => [p.symbol, p.price])), now(), startedAt);
    });
  }

  /** Only the leader holds the feed: started when this instance becomes it, stopped when not. */
  async function followLeadership(): Promise<void> {
    const leading = !election || election.isLeader();
    if (leading && !runner && !starting) {
      starting = startFeedRunner({
        db,
        config,
        now,
        metrics: options.feedMetrics,
        onError,
        onPrices: feedTick,
        onChanged: () => {
          invalidate();
          bus.publish({ type: 'prices', at: now() });
        },
        backoffMs: options.feedBackoffMs,
      })
        .then((r) => {
          if (started) runner = r;
          else void r.stop();
        })
        .catch((err: unknown) => onError('market feed could not start', err))
        .finally(() => {
          starting = undefined;
        });
      await starting;
    } else if (!leading && runner) {
      const r = runner;
      runner = undefined;
      await r.stop();
    }
  }

  function watchLeadership(): void {
    leaderTimer = setTimeout(() => {
      void followLeadership().finally(() => {
        if (started) watchLeadership();
      });
    }, options.leaderRetryMs ?? config.marketLeaderRetryMs);
    leaderTimer.unref();
  }

  async function dayReferences(ids: string[], at: number): Promise<Map<string, PriceUnits>> {
    // The reference candle only changes when "24 hours ago" enters another minute.
    const minute = bucketStart('1m', at);
    if (references?.minute === minute && ids.every((id) => references?.map.has(id)))
      return references.map;
    const map = await loadDayReferences(db, at);
    references = { minute, map };
    return map;
  }

  async function listAssets(): Promise<Asset[]> {
    const cached = listCache;
    if (
      cached &&
      cached.generation === generation &&
      performance.now() - cached.builtAt < LIST_TTL_MS
    ) {
      return cached.assets;
    }
    const startGeneration = generation;
    const builtAt = performance.now();
    const rows = await loadAssetRows(db);
    const at = now();
    const refs = await dayReferences(
      rows.map((r) => r.id),
      at,
    );
    let assets: Asset[];
    if (fed) {
      const state = await loadFeedState(db);
      const untradable = new Set(state.untradable);
      assets = rows.map((row) => {
        const open = state.open24h[row.id];
        return toAsset(row, open ? BigInt(open) : refs.get(row.id), {
          source: 'coinbase',
          stale: untradable.has(row.id) || at - row.updatedAt > config.marketStaleMs,
          tradable: !untradable.has(row.id),
        });
      });
    } else assets = rows.map((row) => toAsset(row, refs.get(row.id)));
    if (startGeneration === generation) listCache = { assets, builtAt, generation };
    return assets;
  }

  async function timedTick(): Promise<void> {
    const startedAt = performance.now();
    if (!election || election.isLeader()) {
      try {
        await serialized(() => runTick());
      } catch (err) {
        onError('market tick failed', err);
      }
    }
    if (running) schedule(Math.max(0, config.marketTickMs - (performance.now() - startedAt)));
  }

  function schedule(delay: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      void timedTick();
    }, delay);
    timer.unref();
  }

  return {
    async start() {
      if (started) return;
      started = true;
      await seedMarketIfEmpty(db, {
        isPostgres,
        seed: config.marketSeed,
        // Live prices: history comes from the exchange's candles, and the catalog's made-up
        // prices are as of 1970, so stale until the feed gives real ones.
        historyDays: fed ? 0 : config.marketHistoryDays,
        now: fed ? 0 : now(),
      });
      if (fed) {
        if (isPostgres && config.databaseUrl) {
          election = await startLeaderElection(config.databaseUrl, {
            retryMs: options.leaderRetryMs ?? config.marketLeaderRetryMs,
            onError,
          });
        }
        await followLeadership();
        watchLeadership();
      } else if (config.marketTickMs > 0) {
        if (isPostgres && config.databaseUrl) {
          election = await startLeaderElection(config.databaseUrl, {
            retryMs: options.leaderRetryMs ?? config.marketLeaderRetryMs,
            onError,
          });
        }
        running = true;
        schedule(config.marketTickMs);
      }
    },

    async stop() {
      running = false;
      started = false;
      clearTimeout(timer);
      clearTimeout(leaderTimer);
      timer = undefined;
      await starting;
      const r = runner;
      runner = undefined;
      await r?.stop();
      await chain;
      await election?.stop();
      election = undefined;
    },

    // With the live feed, a manual tick stores what the feed sent and not yet stored.
    tick: () => (fed ? (runner?.flush() ?? Promise.resolve()) : serialized(() => runTick())),

    setPrice(assetId, price) {
      // Market control moves simulated prices; it would stamp every fed price as fresh.
      if (fed)
        return Promise.reject(
          conflict(
            'MARKET_FEED',
            'Prices come from the live feed (MARKET_FEED=coinbase): they cannot be set',
          ),
        );
      if (price < MIN_PRICE || price > MAX_PRICE) {
        return Promise.reject(
          badRequest(
            'INVALID_PRICE',
            'Price must be between 0.00000001 and 1,000,000,000',
            'price',
          ),
        );
      }
      return serialized(async () => {
        await runTick({ assetId, price });
        const asset = (await listAssets()).find((a) => a.id === assetId);
        if (!asset) throw notFound('ASSET_NOT_FOUND', `No asset with id "${assetId}"`);
        return asset;
      });
    },

    listAssets,

    async tradeGate(symbol) {
      if (!fed) return;
      const asset = (await listAssets()).find((a) => a.symbol === symbol);
      if (!asset) return; // the order answers UNKNOWN_SYMBOL itself
      if (!asset.tradable)
        throw conflict('NOT_TRADABLE', `${symbol} has no live price: the feed does not carry it`);
      // The list is at most LIST_TTL_MS old: its priceAt, not its stale flag, is compared to now.
      if (now() - asset.priceAt > config.marketStaleMs)
        throw conflict(
          'MARKET_STALE',
          `The price of ${symbol} is stale: no update since ${new Date(asset.priceAt).toISOString()}`,
        );
    },

    onTick(listener) {
      listeners.push(listener);
    },

    isLeader: () => (election ? election.isLeader() : true),
  };
}
