import type { PriceUnits } from '@papertrade/domain';
import WebSocket from 'ws';
import { parseFeedFrame, type FeedLevel, type FeedTicker } from './coinbase-frames.ts';

/** What the feed tells whoever runs it; each is called synchronously from the socket's handler. */
export interface FeedHandlers {
  onTicker(ticker: FeedTicker): void;
  /** A product's book changed (after its snapshot, then after every l2update). */
  onBook(product: string): void;
  /** Connected again after a drop, or resubscribed after a gap: history may have a hole. */
  onResync(products: string[]): void;
  /** One count per frame: its type, or why it was ignored. */
  onMessage(kind: string): void;
  onReconnect(): void;
  onGap(product: string): void;
}

export interface FeedOptions {
  url: string;
  products: string[];
  /** The last price known per product (the candle backfill's): the absurd-jump check's reference. */
  references: Map<string, PriceUnits>;
  handlers: FeedHandlers;
  /** First reconnect delay, doubled after each failed attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * A connection with no frame at all for this long is taken as dead and opened again: with the
   * heartbeat channel a live one speaks every second, and a half-open TCP connection never closes.
   */
  silenceMs?: number;
}

export interface CoinbaseFeed {
  /** Top of a product's book, best first, at most `depth` levels a side; undefined before its snapshot. */
  book(product: string, depth: number): { bids: FeedLevel[]; asks: FeedLevel[] } | undefined;
  stop(): Promise<void>;
}

/** A price moving more than this from the last accepted one in one frame is taken as garbage. */
const MAX_JUMP = 0.5;
const CHANNELS = ['ticker', 'level2_batch', 'heartbeat'];

interface ProductState {
  lastSequence: number;
  lastTradeId: number;
  /** Heartbeats in a row naming a trade newer than the last ticker's: two mean a ticker was lost. */
  behind: number;
  bids: Map<bigint, bigint> | undefined;
  asks: Map<bigint, bigint> | undefined;
}

/**
 * The one WebSocket to Coinbase Exchange's public feed (docs/decisions/033-coinbase-feed.md),
 * held by the market leader only: subscribes ticker, level2_batch and heartbeat for our products,
 * keeps each product's book from its snapshot and updates, reconnects with back-off and
 * resubscribes a product whose frames went missing, so its book restarts from a fresh snapshot.
 */
export function startCoinbaseFeed(options: FeedOptions): CoinbaseFeed {
  const { handlers } = options;
  const base = options.backoffMs ?? 500;
  const max = options.maxBackoffMs ?? 30_000;
  const states = new Map<string, ProductState>();
  const fresh = (): ProductState => ({
    lastSequence: -1,
    lastTradeId: -1,
    behind: 0,
    bids: undefined,
    asks: undefined,
  });
  for (const p of options.products) states.set(p, fresh());
  const references = new Map(options.references);

  let socket: WebSocket | undefined;
  let stopped = false;
  let attempts = 0;
  let connectedOnce = false;
  let timer: NodeJS.Timeout | undefined;

  const send = (message: object) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const resubscribe = (product: string) => {
    handlers.onGap(product);
    states.set(product, fresh());
    send({ type: 'unsubscribe', product_ids: [product], channels: CHANNELS });
    send({ type: 'subscribe', product_ids: [product], channels: CHANNELS });
    handlers.onResync([product]);
  };

  const ignore = (reason: string) => handlers.onMessage(`ignored_${reason}`);

  const onFrame = (text: string) => {
    const frame = parseFeedFrame(text);
    if (!frame) return ignore('malformed');
    const state = 'product' in frame ? states.get(frame.product) : undefined;
    if ('product' in frame && !state) return ignore('unknown_product');
    switch (frame.type) {
      case 'ticker': {
        if (!state) return;
        // Older than what we have (a replay after resubscribing): not news.
        if (frame.sequence <= state.lastSequence) return ignore('old');
        const reference = references.get(frame.product);
        if (reference !== undefined) {
          const jump = Math.abs(Number(frame.price - reference)) / Number(reference);
          if (jump > MAX_JUMP) return ignore('absurd');
        }
        state.lastSequence = frame.sequence;
        if (frame.tradeId !== undefined) state.lastTradeId = frame.tradeId;
        state.behind = 0;
        references.set(frame.product, frame.price);
        handlers.onMessage('ticker');
        handlers.onTicker(frame);
        return;
      }
      case 'heartbeat': {
        if (!state) return;
        handlers.onMessage('heartbeat');
        // Ticker sequence numbers are the product's, shared with channels we do not take, so they
        // skip by design; the heartbeat's last trade id is what says a ticker was lost.
        if (state.lastTradeId >= 0 && frame.lastTradeId > state.lastTradeId) {
          state.behind += 1;
          if (state.behind >= 2) resubscribe(frame.product);
        } else state.behind = 0;
        return;
      }
      case 'snapshot': {
        if (!state) return;
        handlers.onMessage('snapshot');
        state.bids = new Map(frame.bids.map((l) => [l.price, l.shares]));
        state.asks = new Map(frame.asks.map((l) => [l.price, l.shares]));
        handlers.onBook(frame.product);
        return;
      }
      case 'l2update': {
        if (!state) return;
        // An update without its snapshot cannot be applied: start the book again.
        if (!state.bids || !state.asks) return resubscribe(frame.product);
        handlers.onMessage('l2update');
        for (const { side, level } of frame.changes) {
          const book = side === 'bid' ? state.bids : state.asks;
          if (level.shares === 0n) book.delete(level.price);
          else book.set(level.price, level.shares);
        }
        handlers.onBook(frame.product);
        return;
      }
      case 'error':
        return handlers.onMessage('error');
      default:
        return handlers.onMessage(frame.type);
    }
  };

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(options.url);
    socket = ws;
    ws.on('open', () => {
      attempts = 0;
      for (const p of options.products) states.set(p, fresh());
      send({ type: 'subscribe', product_ids: options.products, channels: CHANNELS });
      if (connectedOnce) handlers.onResync(options.products);
      connectedOnce = true;
    });
    let heard = Date.now();
    const watchdog = options.silenceMs
      ? setInterval(
          () => {
            if (Date.now() - heard > (options.silenceMs ?? 0)) ws.terminate();
          },
          Math.max(50, Math.floor(options.silenceMs / 4)),
        )
      : undefined;
    watchdog?.unref();
    ws.on('message', (data: WebSocket.RawData) => {
      heard = Date.now();
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      onFrame(bytes.toString('utf8'));
    });
    ws.on('error', () => undefined); // 'close' follows and reconnects
    ws.on('close', () => {
      clearInterval(watchdog);
      if (socket !== ws || stopped) return;
      socket = undefined;
      handlers.onReconnect();
      const delay = Math.min(max, base * 2 ** attempts);
      attempts += 1;
      timer = setTimeout(connect, delay);
      timer.unref();
    });
  };
  connect();

  const top = (map: Map<bigint, bigint>, depth: number, descending: boolean): FeedLevel[] =>
    [...map]
      .sort(([a], [b]) => (a === b ? 0 : a < b === descending ? 1 : -1))
      .slice(0, depth)
      .map(([price, shares]) => ({ price, shares }));

  return {
    book(product, depth) {
      const state = states.get(product);
      if (!state?.bids || !state.asks) return undefined;
      return { bids: top(state.bids, depth, true), asks: top(state.asks, depth, false) };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    },
  };
}
