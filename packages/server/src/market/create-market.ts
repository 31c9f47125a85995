import { performance } from 'node:perf_hooks';
import type { Asset, PriceUnits } from '@papertrade/domain';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { badRequest, notFound } from '../http/app-error.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { loadAssetRows, loadDayReferences, toAsset } from './asset-list.ts';
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
    invalidate();
    const prices: TickPrices = new Map(ticked.map((a) => [a.symbol, a.price]));
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
    const refs = await dayReferences(
      rows.map((r) => r.id),
      now(),
    );
    const assets = rows.map((row) => toAsset(row, refs.get(row.id)));
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
        historyDays: config.marketHistoryDays,
        now: now(),
      });
      if (config.marketTickMs > 0) {
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
      clearTimeout(timer);
      timer = undefined;
      await chain;
      await election?.stop();
      election = undefined;
      started = false;
    },

    tick: () => serialized(() => runTick()),

    setPrice(assetId, price) {
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

    onTick(listener) {
      listeners.push(listener);
    },

    isLeader: () => (election ? election.isLeader() : true),
  };
}
