import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context.ts';
import { AUTH_TIMEOUT_MS } from './data-stream.ts';
import { findStreamKey } from './stream-key.ts';
import { loadTradeUpdates, loadWorkingOrders, replacedUpdates } from './trade-updates.ts';

/**
 * Alpaca's trade updates stream at /stream (JSON frames; docs/decisions/032-alpaca-data-and-streams.md).
 * After `authenticate` and `listen` to trade_updates, the socket hears its key's portfolio: the
 * bus's `user-changed` for that portfolio (published by whichever instance placed, filled or
 * cancelled the order, and carried between instances by PostgreSQL) makes it read what changed
 * since it last looked and send each event once.
 */

/**
 * Events are looked for this far back from the newest one sent: an order committed on another
 * instance may carry a slightly earlier time than one already sent. Keys seen in the window are kept.
 */
export const LOOK_BACK_MS = 60_000;

interface TradeClient {
  socket: WebSocket;
  portfolioId: string | null;
  listening: boolean;
  since: number;
  sent: Map<string, number>;
  /** Each working order's terms at the last look (replaceTerms), to tell a replace. */
  terms: Map<string, string>;
  running: Promise<void>;
}

const frame = (stream: string, data: Record<string, unknown>) => JSON.stringify({ stream, data });

function parse(data: Buffer | ArrayBuffer | Buffer[]): Record<string, unknown> | null {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  try {
    const value: unknown = JSON.parse(buffer.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export class TradeUpdatesHub {
  private readonly clients = new Set<TradeClient>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'bus'>,
    private readonly onError: (message: string, err: unknown) => void,
  ) {
    this.unsubscribe = ctx.bus.subscribe((event) => {
      if (event.type === 'user-changed' && event.portfolioId) {
        for (const client of this.clients)
          if (client.listening && client.portfolioId === event.portfolioId) this.look(client);
      } else if (event.type === 'events-missed') {
        for (const client of this.clients) if (client.listening) this.look(client);
      }
    });
  }

  get size(): number {
    return this.clients.size;
  }

  add(socket: WebSocket): void {
    const client: TradeClient = {
      socket,
      portfolioId: null,
      listening: false,
      since: Date.now(),
      sent: new Map(),
      terms: new Map(),
      running: Promise.resolve(),
    };
    this.clients.add(client);
    const timer = setTimeout(() => {
      if (client.portfolioId === null) socket.close(1008, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      this.clients.delete(client);
    });
    socket.on('message', (data: Buffer) => {
      void this.handle(client, data).catch((err: unknown) =>
        this.onError('alpaca trade updates message failed', err),
      );
    });
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'Server shutting down');
  }

  stop(): void {
    this.unsubscribe();
  }

  private send(client: TradeClient, text: string): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  private async handle(client: TradeClient, data: Buffer): Promise<void> {
    const m = parse(data);
    const body = (m?.data ?? {}) as Record<string, unknown>;
    if (m?.action === 'authenticate' || m?.action === 'auth') {
      // Alpaca's clients send {data: {key_id, secret_key}}; older ones {key, secret}.
      const key = await findStreamKey(
        this.ctx.db,
        body.key_id ?? m.key,
        body.secret_key ?? m.secret,
      );
      client.portfolioId = key?.portfolioId ?? null;
      this.send(
        client,
        frame('authorization', {
          action: 'authenticate',
          status: key ? 'authorized' : 'unauthorized',
        }),
      );
      return;
    }
    if (m?.action === 'listen') {
      if (client.portfolioId === null) {
        this.send(client, frame('authorization', { action: 'listen', status: 'unauthorized' }));
        return;
      }
      const streams = Array.isArray(body.streams) ? body.streams : [];
      client.listening = streams.includes('trade_updates');
      if (client.listening) {
        client.since = Date.now();
        await this.learnTerms(client);
      }
      this.send(client, frame('listening', { streams: client.listening ? ['trade_updates'] : [] }));
      return;
    }
    this.send(
      client,
      JSON.stringify({
        stream: 'error',
        action: 'error',
        data: { error_message: 'invalid syntax' },
      }),
    );
  }

  /** The working orders' terms as they are when the client starts listening: no event for them. */
  private learnTerms(client: TradeClient): Promise<void> {
    client.running = client.running
      .then(async () => {
        if (client.portfolioId === null) return;
        const working = await loadWorkingOrders(this.ctx.db, client.portfolioId);
        client.terms.clear();
        replacedUpdates(working, client.terms, Date.now());
      })
      .catch((err: unknown) => this.onError('alpaca trade updates failed', err));
    return client.running;
  }

  /** Reads and sends what is new for one client; one look at a time per client, in order. */
  private look(client: TradeClient): void {
    client.running = client.running
      .then(async () => {
        const portfolioId = client.portfolioId;
        if (portfolioId === null) return;
        const [changed, working] = await Promise.all([
          loadTradeUpdates(this.ctx.db, portfolioId, client.since - LOOK_BACK_MS),
          loadWorkingOrders(this.ctx.db, portfolioId),
        ]);
        const updates = [...changed, ...replacedUpdates(working, client.terms, Date.now())];
        for (const update of updates) {
          if (client.sent.has(update.key)) continue;
          client.sent.set(update.key, update.at);
          this.send(client, frame('trade_updates', update.data));
          if (update.at > client.since) client.since = update.at;
        }
        for (const [key, at] of client.sent)
          if (at < client.since - LOOK_BACK_MS) client.sent.delete(key);
      })
      .catch((err: unknown) => this.onError('alpaca trade updates failed', err));
  }
}
