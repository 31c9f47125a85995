import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A local stand-in for Coinbase Exchange (WebSocket feed and REST), speaking its documented frames,
 * so the live feed is tested offline. Tests push frames, drop connections and pause the feed.
 */
export interface FakeCoinbase {
  wsUrl: string;
  restUrl: string;
  /** Subscribe messages received, in order. */
  subscribes: { product_ids: string[]; channels: string[] }[];
  /** Connections opened so far. */
  connections(): number;
  /** Waits until `n` connections have subscribed. */
  subscribed(n?: number): Promise<void>;
  ticker(
    product: string,
    price: string,
    extra?: { sequence?: number; tradeId?: number; open24h?: string; time?: number },
  ): void;
  snapshot(product: string, bids: [string, string][], asks: [string, string][]): void;
  l2update(product: string, changes: ['buy' | 'sell', string, string][]): void;
  heartbeat(product: string, lastTradeId: number): void;
  /** Any text, sent as it is. */
  raw(text: string): void;
  /** Closes every open connection, as a network drop would. */
  drop(): void;
  /** Candles served per product and granularity: [time s, low, high, open, close, volume], newest first. */
  candles: Map<string, number[][]>;
  candleRequests: string[];
  close(): Promise<void>;
}

export async function startFakeCoinbase(products: string[]): Promise<FakeCoinbase> {
  const candles = new Map<string, number[][]>();
  const candleRequests: string[] = [];
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/products') {
      res.end(
        JSON.stringify(products.map((id) => ({ id, status: 'online', trading_disabled: false }))),
      );
      return;
    }
    const match = /^\/products\/([A-Z0-9-]+)\/candles$/.exec(url.pathname);
    if (match?.[1]) {
      const granularity = url.searchParams.get('granularity') ?? '';
      candleRequests.push(`${match[1]} ${granularity}`);
      res.end(JSON.stringify(candles.get(`${match[1]} ${granularity}`) ?? []));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ message: 'NotFound' }));
  });
  const wss = new WebSocketServer({ server: http });
  const sockets = new Set<WebSocket>();
  const subscribes: FakeCoinbase['subscribes'] = [];
  let opened = 0;
  let sequence = 1000;
  let tradeId = 1;
  const waiters: { n: number; resolve: () => void }[] = [];

  wss.on('connection', (socket) => {
    opened += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        type: string;
        product_ids: string[];
        channels: string[];
      };
      if (message.type !== 'subscribe') return;
      subscribes.push({ product_ids: message.product_ids, channels: message.channels });
      socket.send(
        JSON.stringify({
          type: 'subscriptions',
          channels: message.channels.map((name) => ({ name, product_ids: message.product_ids })),
        }),
      );
      for (const w of waiters.filter((w) => subscribes.length >= w.n)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const send = (frame: object | string) => {
    const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
    for (const s of sockets) s.send(text);
  };

  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    restUrl: `http://127.0.0.1:${port}`,
    subscribes,
    candles,
    candleRequests,
    connections: () => opened,
    subscribed(n = 1) {
      if (subscribes.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    ticker(product, price, extra = {}) {
      sequence = extra.sequence ?? sequence + 7;
      tradeId = extra.tradeId ?? tradeId + 1;
      send({
        type: 'ticker',
        sequence,
        product_id: product,
        price,
        open_24h: extra.open24h ?? price,
        volume_24h: '1234.5',
        low_24h: price,
        high_24h: price,
        volume_30d: '40000.1',
        best_bid: price,
        best_bid_size: '0.5',
        best_ask: price,
        best_ask_size: '0.5',
        side: 'buy',
        time: new Date(extra.time ?? Date.now()).toISOString(),
        trade_id: tradeId,
        last_size: '0.01',
      });
    },
    snapshot(product, bids, asks) {
      send({ type: 'snapshot', product_id: product, bids, asks });
    },
    l2update(product, changes) {
      send({ type: 'l2update', product_id: product, time: new Date().toISOString(), changes });
    },
    heartbeat(product, lastTradeId) {
      send({
        type: 'heartbeat',
        sequence: (sequence += 1),
        last_trade_id: lastTradeId,
        product_id: product,
        time: new Date().toISOString(),
      });
    },
    raw: (text) => send(text),
    drop() {
      for (const s of sockets) s.terminate();
    },
    async close() {
      for (const s of sockets) s.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
