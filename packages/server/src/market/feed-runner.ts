import type { PriceUnits } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { FeedMetrics } from '../observability/feed-metrics.ts';
import { startCoinbaseFeed, type CoinbaseFeed } from './coinbase-feed.ts';
import { productOf } from './coinbase-frames.ts';
import { fetchCandles, fetchProducts } from './coinbase-rest.ts';
import {
  backfillCandles,
  loadFeedState,
  saveBook,
  saveFeedState,
  type FedPrice,
  type FeedState,
} from './feed-store.ts';
import { BOOK_LEVELS } from '@papertrade/domain';
import { CANDLE_INTERVALS } from './simulator.ts';

export interface FeedRunnerOptions {
  db: Kysely<DB>;
  config: Config;
  now: () => number;
  metrics?: FeedMetrics;
  onError: (message: string, err: unknown) => void;
  /** Stores a flush of prices and runs the tick's listeners (create-market.ts). */
  onPrices: (prices: FedPrice[], state: FeedState) => Promise<void>;
  /** Books or the list of carried assets changed without a price: screens reload. */
  onChanged: () => void;
  backoffMs?: number;
}

export interface FeedRunner {
  /** Stores what has come in and not been stored yet (market control's manual tick, tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** At most this often the leader writes what came in: the feed sends many frames a second. */
const FLUSH_MS = 200;

/**
 * The leader's side of MARKET_FEED=coinbase: finds which of our assets the exchange carries,
 * fills their history from its candles, then holds the feed and writes its prices and books,
 * coalesced, at most every FLUSH_MS; after a reconnect or a gap it fills the history again.
 */
export async function startFeedRunner(options: FeedRunnerOptions): Promise<FeedRunner> {
  const { db, config, metrics, onError } = options;
  const assets = await db
    .selectFrom('assets')
    .select(['id', 'symbol'])
    .orderBy('position')
    .execute();
  const carried = await fetchProducts(config.marketFeedRestUrl);
  const byProduct = new Map(
    assets.filter((a) => carried.has(productOf(a.symbol))).map((a) => [productOf(a.symbol), a]),
  );
  const state: FeedState = await loadFeedState(db);
  state.untradable = assets.filter((a) => !carried.has(productOf(a.symbol))).map((a) => a.id);
  await saveFeedState(db, state);
  options.onChanged();

  const references = new Map<string, PriceUnits>();
  const backfill = async (products: string[]) => {
    for (const product of products) {
      const asset = byProduct.get(product);
      if (!asset) continue;
      try {
        for (const interval of CANDLE_INTERVALS) {
          const candles = await fetchCandles(
            config.marketFeedRestUrl,
            product,
            interval,
            options.now(),
          );
          await backfillCandles(db, asset.id, candles, options.now());
          const last = candles[candles.length - 1];
          if (interval === '1m' && last) references.set(product, last.close);
        }
      } catch (err) {
        onError(`market feed: candles of ${product} could not be read`, err);
      }
    }
    options.onChanged();
  };
  await backfill([...byProduct.keys()]);

  const pending = new Map<string, FedPrice>();
  const dirtyBooks = new Set<string>();
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const write = async () => {
    const prices = [...pending.values()];
    pending.clear();
    const books = [...dirtyBooks];
    dirtyBooks.clear();
    for (const product of books) {
      const asset = byProduct.get(product);
      const book = feed.book(product, BOOK_LEVELS);
      if (asset && book) await saveBook(db, asset.id, { at: options.now(), ...book });
    }
    if (prices.length > 0) await options.onPrices(prices, state);
    else if (books.length > 0) options.onChanged();
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const run = (flushing ?? Promise.resolve())
      .then(write)
      .catch((err: unknown) => onError('market feed: prices could not be stored', err));
    flushing = run;
    return run;
  };
  const soon = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => void flush(), FLUSH_MS);
    timer.unref();
  };

  const feed: CoinbaseFeed = startCoinbaseFeed({
    url: config.marketFeedWsUrl,
    products: [...byProduct.keys()],
    references,
    backoffMs: options.backoffMs,
    silenceMs: config.marketStaleMs,
    handlers: {
      onTicker(ticker) {
        const asset = byProduct.get(ticker.product);
        if (!asset) return;
        metrics?.lag(options.now() - ticker.at);
        pending.set(asset.id, {
          id: asset.id,
          symbol: asset.symbol,
          price: ticker.price,
          at: ticker.at,
        });
        if (ticker.open24h !== undefined) state.open24h[asset.id] = String(ticker.open24h);
        if (ticker.volume24h !== undefined) state.volume24h[asset.id] = String(ticker.volume24h);
        soon();
      },
      onBook(product) {
        dirtyBooks.add(product);
        soon();
      },
      onResync(products) {
        void backfill(products);
      },
      onMessage: (kind) => metrics?.message(kind),
      onReconnect: () => metrics?.reconnect(),
      onGap: () => metrics?.gap(),
    },
  });

  return {
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await feed.stop();
      await flushing;
    },
  };
}
