import type { Writable } from 'node:stream';
import WebSocket from 'ws';
import type { AppContext } from '../app-context.ts';
import type { SessionUser } from '../features/auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import { loadUserRecord } from '../users/user-record.ts';
import type { BusEvent, LivePatch } from './event-bus.ts';
import { textFrame } from './ws-frame.ts';

/** A client this far behind is not reading: drop it, it reconnects and gets fresh state. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 30_000;
const SESSION_CHECK_CHUNK = 500;
/**
 * Sockets written per turn of the event loop. A write costs about 10 us (almost all of it the
 * kernel's), so a tick to 10,000 sockets in one loop would hold every other request for 100 ms
 * or more; between chunks of 1,000 the server reads and answers what has come in.
 */
export const BROADCAST_CHUNK = 1000;

/** Calls `each` on every target, BROADCAST_CHUNK of them per turn of the event loop. */
export async function inTurns<T>(targets: readonly T[], each: (target: T) => void): Promise<void> {
  for (let start = 0; start < targets.length; start += BROADCAST_CHUNK) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(targets.length, start + BROADCAST_CHUNK);
    for (let i = start; i < end; i += 1) each(targets[i]!);
  }
}

export interface LiveClient {
  socket: WebSocket;
  /** The connection under `socket`, when known: pre-framed messages are written straight to it. */
  raw: Writable | null;
  userId: string | null;
  tokenHash: string | null;
  alive: boolean;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  onError: (message: string, err: unknown) => void;
}

/** One message, serialized once: its JSON (for ws's send) and the same bytes framed once. */
interface OutMessage {
  payload: Buffer;
  frame: Buffer;
}

function outMessage(message: unknown): OutMessage {
  const payload = Buffer.from(JSON.stringify(message));
  return { payload, frame: textFrame(payload) };
}

/**
 * Fans bus events out to the open /live sockets. Each tick's prices are serialized and framed
 * once and the same bytes go to every socket, a chunk of sockets per turn of the event loop; a
 * user's record is loaded once per burst of changes, however many of their sockets are open.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly userLoads = new Map<string, { again: boolean }>();
  private prices: OutMessage | null = null;
  private pricesBuild: { pendingAt: number | null } | null = null;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: LiveHubOptions,
  ) {
    this.unsubscribe = ctx.bus.subscribe((event) => this.onEvent(event));
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  stop(): void {
    this.unsubscribe();
    clearInterval(this.heartbeat);
  }

  /** Shutdown: 1001 (going away) tells each client to reconnect, through the load balancer, elsewhere. */
  closeAll(code: number, reason: string): void {
    for (const client of this.clients) client.socket.close(code, reason);
  }

  /**
   * `raw` is the TCP connection `socket` runs on. Writing frames to it beside ws is safe because
   * ws writes synchronously too (it queues only to compress, which is off, or to read a Blob, which
   * the hub never sends), so the two cannot interleave within a frame.
   */
  add(socket: WebSocket, user: SessionUser | null, raw: Writable | null = null): void {
    const client: LiveClient = {
      socket,
      raw,
      userId: user?.id ?? null,
      tokenHash: user?.tokenHash ?? null,
      alive: true,
    };
    this.clients.add(client);
    if (client.userId) {
      let set = this.byUser.get(client.userId);
      if (!set) this.byUser.set(client.userId, (set = new Set()));
      set.add(client);
    }
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data, isBinary) => this.onClientMessage(client, data, isBinary));
    socket.on('close', () => this.remove(client));
    socket.on('error', () => socket.terminate());

    if (this.prices) this.send(client, this.prices);
    else this.broadcastPrices(Date.now());
    if (client.userId) this.pushUser(client.userId);
  }

  private remove(client: LiveClient): void {
    this.clients.delete(client);
    if (!client.userId) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
  }

  /** Clients may only send a small JSON ping; anything else closes the socket. */
  private onClientMessage(client: LiveClient, data: WebSocket.RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    if (!isBinary && bytes.length <= 64) {
      try {
        const message = JSON.parse(bytes.toString('utf8')) as { type?: unknown } | null;
        if (message && message.type === 'ping') {
          client.alive = true;
          return;
        }
      } catch {
        // not JSON: refused below
      }
    }
    client.socket.close(1003, 'Only {"type":"ping"} is accepted');
  }

  private onEvent(event: BusEvent): void {
    switch (event.type) {
      case 'prices':
        this.broadcastPrices(event.at);
        break;
      case 'user-changed':
        if (event.patch) this.pushPatch(event.userId, event.patch);
        else this.pushUser(event.userId, event.portfolioId);
        break;
      case 'user-deleted':
        this.closeUser(event.userId, 'Account deleted');
        break;
      case 'session-ended':
        this.closeSessions(event.userId, (hash) => hash === event.tokenHash);
        break;
      case 'sessions-ended':
        this.closeSessions(event.userId, (hash) => hash !== event.keepTokenHash);
        break;
    }
  }

  connectedUserIds(): Iterable<string> {
    return this.byUser.keys();
  }

  sendToUsers(userIds: Iterable<string>, message: unknown): void {
    let data: OutMessage | undefined;
    for (const userId of userIds) {
      for (const client of this.byUser.get(userId) ?? [])
        this.send(client, (data ??= outMessage(message)));
    }
  }

  private send(client: LiveClient, message: OutMessage): void {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    // What ws's bufferedAmount adds up, read from the connection itself: ws queues nothing of its
    // own here (no compression, no Blobs), and its getter was a tenth of the send loop's
    // JavaScript time in a profile of 10,000 sockets.
    const buffered = client.raw ? client.raw.writableLength : socket.bufferedAmount;
    if (buffered > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    if (client.raw) client.raw.write(message.frame);
    else socket.send(message.payload, { binary: false });
  }

  /**
   * Sends to the sockets open now; one that opens meanwhile was sent these prices on connect.
   * A socket that closes meanwhile is skipped by send().
   */
  private async broadcast(message: OutMessage): Promise<void> {
    await inTurns([...this.clients], (client) => this.send(client, message));
  }

  /** One build at a time; ticks that arrive meanwhile collapse into one more build. */
  private broadcastPrices(at: number): void {
    if (this.pricesBuild) {
      this.pricesBuild.pendingAt = at;
      return;
    }
    const build = { pendingAt: at as number | null };
    this.pricesBuild = build;
    void (async () => {
      // Let every other subscriber of this event run first (the market drops its cached list).
      await Promise.resolve();
      while (build.pendingAt !== null) {
        const tickAt = build.pendingAt;
        build.pendingAt = null;
        try {
          const assets = await this.ctx.market.listAssets();
          // `at` (ms) is the tick's start: an addition to the contract's {type, assets}.
          this.prices = outMessage({ type: 'prices', assets, at: tickAt });
          // Awaited: the next tick's prices must not overtake these on any socket.
          await this.broadcast(this.prices);
        } catch (err) {
          this.options.onError('live prices failed', err);
        }
      }
      this.pricesBuild = null;
    })();
  }

  /**
   * Sends the record of one of the user's portfolios (the main one, whose id is the user's, by
   * default): at most one load per portfolio in flight; a change during it triggers exactly one more.
   */
  private pushUser(userId: string, portfolioId = userId): void {
    if (!this.byUser.has(userId)) return;
    const running = this.userLoads.get(portfolioId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.userLoads.set(portfolioId, state);
    void (async () => {
      try {
        while (state.again && this.byUser.has(userId)) {
          state.again = false;
          const user = await loadUserRecord(this.ctx, portfolioId);
          const data = outMessage({ type: 'user', user });
          for (const client of this.byUser.get(userId) ?? []) this.send(client, data);
        }
      } catch (err) {
        // A contest portfolio that was closed is not the account being deleted.
        if (err instanceof AppError && err.statusCode === 404) {
          if (portfolioId === userId) this.closeUser(userId, 'Account deleted');
        } else this.options.onError('live user update failed', err);
      } finally {
        this.userLoads.delete(portfolioId);
      }
    })();
  }

  /**
   * An order's change, as its call built it (docs/api.md, "Lean order answers"): serialized once
   * for the user's sockets, no record loaded. A whole record that is being loaded meanwhile may
   * arrive after it; the client keeps whichever has the later version.
   */
  private pushPatch(userId: string, { walletAddress, version, patch }: LivePatch): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const data = outMessage({ type: 'user-patch', walletAddress, version, patch });
    for (const client of sockets) this.send(client, data);
  }

  private closeUser(userId: string, reason: string): void {
    for (const client of this.byUser.get(userId) ?? []) client.socket.close(1008, reason);
  }

  /**
   * Closes at once, without asking the database, the sockets of the user's ended sessions. Being
   * synchronous matters: a `user-changed` published right after (a password reset's notification)
   * must not load and send the private record to a socket whose session is already gone, and
   * close() makes every later send a no-op.
   */
  private closeSessions(userId: string, ended: (tokenHash: string) => boolean): void {
    for (const client of this.byUser.get(userId) ?? []) {
      if (client.tokenHash !== null && ended(client.tokenHash))
        client.socket.close(1008, 'Session ended');
    }
  }

  /**
   * Drops sockets that missed a ping, and signed-in sockets whose session has ended. The session
   * events close sockets within a second; this check is the safety net for a session that ended
   * without one (expiry, an event lost while the bus reconnected, a socket opened as it ended).
   */
  private async beat(): Promise<void> {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === WebSocket.OPEN) client.socket.ping();
    }
    try {
      await this.closeEndedSessions();
    } catch (err) {
      this.options.onError('live session check failed', err);
    }
  }

  private async closeEndedSessions(): Promise<void> {
    const signedIn = [...this.clients].filter((c) => c.tokenHash !== null);
    const now = BigInt(Date.now());
    for (let i = 0; i < signedIn.length; i += SESSION_CHECK_CHUNK) {
      const chunk = signedIn.slice(i, i + SESSION_CHECK_CHUNK);
      const hashes = [...new Set(chunk.map((c) => c.tokenHash as string))];
      const rows = await this.ctx.db
        .selectFrom('sessions')
        .select(['token_hash', 'expires_at'])
        .where('token_hash', 'in', hashes)
        .execute();
      const live = new Set(rows.filter((r) => BigInt(r.expires_at) > now).map((r) => r.token_hash));
      for (const client of chunk) {
        if (!live.has(client.tokenHash as string)) client.socket.close(1008, 'Session ended');
      }
    }
  }
}
