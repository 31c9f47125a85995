import { decode, encode } from '@msgpack/msgpack';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context.ts';
import { loadDataAssets, type DataAsset } from './alpaca-data-symbols.ts';
import { candleAt, latestBar, latestTrade, loadQuoteAndBook } from './market-data.ts';
import { findStreamKey } from './stream-key.ts';

/**
 * Alpaca's crypto market data stream at /v1beta3/crypto/us (docs/api.md, "Alpaca-compatible market
 * data and streams"; docs/decisions/032-alpaca-data-and-streams.md): after the `auth` message a
 * client subscribes to trades, quotes, bars and orderbooks, and every price tick (the bus's
 * `prices` event, heard by every instance) sends each client the frames of its symbols. Frames are
 * arrays of objects, msgpack unless the client asked for JSON with its Content-Type.
 */

export const CHANNELS = ['trades', 'quotes', 'bars', 'orderbooks'] as const;
type Channel = (typeof CHANNELS)[number];
/** Channels Alpaca's crypto feed has that ours never sends; subscriptions to them are kept and named. */
const QUIET_CHANNELS = ['updatedBars', 'dailyBars'] as const;
type QuietChannel = (typeof QUIET_CHANNELS)[number];

/** Alpaca closes a connection that has not authenticated within 10 seconds. */
export const AUTH_TIMEOUT_MS = 10_000;

type Frame = Record<string, unknown>;

interface DataClient {
  socket: WebSocket;
  json: boolean;
  authed: boolean;
  subs: Record<Channel | QuietChannel, Set<string>>;
}

const emptySubs = (): DataClient['subs'] => ({
  trades: new Set(),
  quotes: new Set(),
  bars: new Set(),
  orderbooks: new Set(),
  updatedBars: new Set(),
  dailyBars: new Set(),
});

/** Times as Alpaca sends them: msgpack's timestamp extension, or RFC-3339 text in JSON. */
function send(client: DataClient, frames: Frame[]): void {
  if (client.socket.readyState !== client.socket.OPEN) return;
  if (client.json) {
    client.socket.send(JSON.stringify(frames));
    return;
  }
  const withDates = frames.map((f) =>
    typeof f.t === 'string' && f.T !== 'success' ? { ...f, t: new Date(f.t) } : f,
  );
  client.socket.send(encode(withDates));
}

const error = (code: number, msg: string): Frame => ({ T: 'error', code, msg });

function parseMessage(data: Buffer | ArrayBuffer | Buffer[]): unknown {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  const first = buffer[0];
  // `{` or `[` starts JSON; anything else is taken for msgpack (a map starts at 0x80 or above).
  if (first === 0x7b || first === 0x5b) return JSON.parse(buffer.toString('utf8'));
  return decode(buffer);
}

export class DataStreamHub {
  private readonly clients = new Set<DataClient>();
  private running: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'bus' | 'config'>,
    private readonly onError: (message: string, err: unknown) => void,
  ) {
    this.unsubscribe = ctx.bus.subscribe((event) => {
      if (event.type !== 'prices') return;
      // One tick after another: a slow tick's frames never overtake the next one's.
      this.running = this.running
        .then(() => this.pushTick())
        .catch((err: unknown) => this.onError('alpaca data stream tick failed', err));
    });
  }

  get size(): number {
    return this.clients.size;
  }

  add(socket: WebSocket, contentType: string | undefined): void {
    const client: DataClient = {
      socket,
      json: /application\/json/i.test(contentType ?? ''),
      authed: false,
      subs: emptySubs(),
    };
    this.clients.add(client);
    const timer = setTimeout(() => {
      if (client.authed) return;
      send(client, [error(404, 'auth timeout')]);
      socket.close();
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      this.clients.delete(client);
    });
    socket.on('message', (data: Buffer) => {
      void this.handle(client, data).catch((err: unknown) => {
        this.onError('alpaca data stream message failed', err);
        send(client, [error(500, 'internal error')]);
      });
    });
    send(client, [{ T: 'success', msg: 'connected' }]);
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'Server shutting down');
  }

  stop(): void {
    this.unsubscribe();
  }

  private async handle(client: DataClient, data: Buffer): Promise<void> {
    let message: unknown;
    try {
      message = parseMessage(data);
    } catch {
      send(client, [error(400, 'invalid syntax')]);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      send(client, [error(400, 'invalid syntax')]);
      return;
    }
    const m = message as Record<string, unknown>;
    if (m.action === 'auth') {
      if (client.authed) return send(client, [error(403, 'already authenticated')]);
      const key = await findStreamKey(this.ctx.db, m.key, m.secret);
      if (!key) return send(client, [error(402, 'auth failed')]);
      client.authed = true;
      return send(client, [{ T: 'success', msg: 'authenticated' }]);
    }
    if (m.action !== 'subscribe' && m.action !== 'unsubscribe')
      return send(client, [error(400, 'invalid syntax')]);
    if (!client.authed) return send(client, [error(401, 'not authenticated')]);
    const known = new Set((await loadDataAssets(this.ctx.db)).map((a) => a.alpacaSymbol));
    const changes: [Channel | QuietChannel, string[]][] = [];
    for (const channel of [...CHANNELS, ...QUIET_CHANNELS]) {
      const value = m[channel];
      if (value === undefined) continue;
      if (!Array.isArray(value) || !value.every((s) => typeof s === 'string'))
        return send(client, [error(400, 'invalid syntax')]);
      const symbols = value.map((s) => (s === '*' ? '*' : s.toUpperCase()));
      const unknown = symbols.find((s) => s !== '*' && !known.has(s));
      if (unknown) return send(client, [error(400, `invalid syntax: unknown symbol ${unknown}`)]);
      changes.push([channel, symbols]);
    }
    for (const [channel, symbols] of changes) {
      const set = client.subs[channel];
      for (const symbol of symbols) {
        if (m.action === 'subscribe') set.add(symbol);
        else set.delete(symbol);
      }
    }
    const answer: Frame = { T: 'subscription' };
    for (const channel of [...CHANNELS, ...QUIET_CHANNELS])
      answer[channel] = [...client.subs[channel]];
    send(client, [answer]);
  }

  private wants(client: DataClient, channel: Channel, symbol: string): boolean {
    const set = client.subs[channel];
    return set.has('*') || set.has(symbol);
  }

  /** One tick's frames: each asset's data is read once, for the channels someone listens to. */
  private async pushTick(): Promise<void> {
    const listening = [...this.clients].filter(
      (c) => c.authed && CHANNELS.some((ch) => c.subs[ch].size > 0),
    );
    if (listening.length === 0) return;
    const assets = await loadDataAssets(this.ctx.db);
    const now = Date.now();
    const framesBySymbol = new Map<string, Partial<Record<Channel, Frame>>>();
    for (const asset of assets) {
      const needed = CHANNELS.filter((ch) =>
        listening.some((c) => this.wants(c, ch, asset.alpacaSymbol)),
      );
      if (needed.length > 0)
        framesBySymbol.set(asset.alpacaSymbol, await this.framesOf(asset, needed, now));
    }
    for (const client of listening) {
      const frames: Frame[] = [];
      for (const [symbol, byChannel] of framesBySymbol)
        for (const channel of CHANNELS) {
          const frame = byChannel[channel];
          if (frame && this.wants(client, channel, symbol)) frames.push(frame);
        }
      if (frames.length > 0) send(client, frames);
    }
  }

  private async framesOf(
    asset: DataAsset,
    channels: Channel[],
    now: number,
  ): Promise<Partial<Record<Channel, Frame>>> {
    const S = asset.alpacaSymbol;
    const out: Partial<Record<Channel, Frame>> = {};
    if (channels.includes('trades')) {
      const minute = await candleAt(this.ctx.db, asset.id, '1m', asset.updatedAt);
      out.trades = { T: 't', S, ...latestTrade(asset, minute?.open) };
    }
    if (channels.includes('bars')) {
      const bar = await latestBar(this.ctx.db, asset);
      if (bar) out.bars = { T: 'b', S, ...bar };
    }
    if (channels.includes('quotes') || channels.includes('orderbooks')) {
      const { quote, orderbook } = await loadQuoteAndBook(
        this.ctx.db,
        asset,
        this.ctx.config.marketSeed,
        now,
      );
      out.quotes = { T: 'q', S, ...quote };
      // Our book is made anew each tick, so every orderbook frame is a full one (`r`: reset).
      out.orderbooks = { T: 'o', S, ...orderbook, r: true };
    }
    return out;
  }
}
