import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createInProcessBus, type BusEvent, type EventBus, type LivePatch } from './event-bus.ts';

export const PG_CHANNEL = 'papertrade_events';
/** Events published while the connection is down are kept (and sent on reconnect) up to this many. */
const MAX_PENDING = 1000;

export interface PgEventBus extends EventBus {
  /** Resolves once the first LISTEN is in place (tests wait for it; the app need not). */
  ready(): Promise<void>;
}

export interface PgBusOptions {
  reconnectMs?: number;
  onError?: (message: string, err: unknown) => void;
  /** Time from another instance's publish to delivery here, in ms (metrics). */
  onLag?: (ms: number) => void;
}

/**
 * NOTIFY's payload limit is 8,000 bytes; a patch that would pass this is left out and the
 * instances that hear the event send the whole record instead (a patch is only a shortcut).
 */
export const MAX_NOTIFY_BYTES = 7_900;

/** Each payload its own notification, in the array's order (WITH ORDINALITY keeps it). */
const NOTIFY_MANY =
  'SELECT pg_notify($1, p.payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY p.n';

/** Session token hashes are SHA-256 in hex (features/auth/tokens.ts). */
function isTokenHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

function parseEvent(value: unknown): BusEvent | null {
  if (!value || typeof value !== 'object') return null;
  const e = value as Record<string, unknown>;
  if (e.type === 'prices' && typeof e.at === 'number') return { type: 'prices', at: e.at };
  if (
    e.type === 'book-take' &&
    typeof e.assetId === 'string' &&
    (e.side === 'bid' || e.side === 'ask') &&
    typeof e.shares === 'string' &&
    /^\d{1,30}$/.test(e.shares) &&
    typeof e.sideTotal === 'string' &&
    /^\d{1,30}$/.test(e.sideTotal) &&
    typeof e.at === 'number' &&
    typeof e.origin === 'string'
  ) {
    const event: BusEvent = {
      type: 'book-take',
      assetId: e.assetId,
      side: e.side,
      shares: e.shares,
      sideTotal: e.sideTotal,
      at: e.at,
      origin: e.origin,
    };
    if (typeof e.contestId === 'string') event.contestId = e.contestId;
    return event;
  }
  if (e.type === 'user-changed' && typeof e.userId === 'string') {
    const event: BusEvent = { type: e.type, userId: e.userId };
    if (typeof e.portfolioId === 'string') event.portfolioId = e.portfolioId;
    const patch = e.patch as Partial<LivePatch> | undefined;
    // From another instance of this app; shape-checked enough to route it, never trusted further.
    if (
      patch &&
      typeof patch.walletAddress === 'string' &&
      typeof patch.version === 'number' &&
      patch.patch &&
      typeof patch.patch === 'object'
    )
      event.patch = patch as LivePatch;
    return event;
  }
  if (e.type === 'user-deleted' && typeof e.userId === 'string')
    return { type: e.type, userId: e.userId };
  if (typeof e.userId !== 'string') return null;
  if (e.type === 'session-ended' && isTokenHash(e.tokenHash)) {
    return { type: 'session-ended', userId: e.userId, tokenHash: e.tokenHash };
  }
  if (e.type === 'sessions-ended') {
    if (isTokenHash(e.keepTokenHash))
      return { type: 'sessions-ended', userId: e.userId, keepTokenHash: e.keepTokenHash };
    // A malformed keep must not widen into "end them all": only a missing one means that.
    return e.keepTokenHash === undefined ? { type: 'sessions-ended', userId: e.userId } : null;
  }
  return null;
}

/**
 * The event bus across instances sharing one PostgreSQL: every event goes out through
 * NOTIFY on one channel and comes back to every listening instance. Local subscribers hear
 * an event at once, and the copy that comes back through PostgreSQL is recognised by its
 * origin and skipped. One dedicated connection listens and publishes; if it drops, it is
 * re-opened and what was published meanwhile is sent then.
 */
export function createPgBus(databaseUrl: string, options: PgBusOptions = {}): PgEventBus {
  const local = createInProcessBus();
  const origin = randomUUID();
  /** How every payload published here begins (publish puts origin first). */
  const ownPrefix = `{"origin":${JSON.stringify(origin)},`;
  const reconnectMs = options.reconnectMs ?? 2_000;
  const onError = options.onError ?? ((message, err) => console.error(message, err));
  const pending: string[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let listenedBefore = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  // NOTIFYs go out one statement at a time: pg warns about overlapping queries on one client, and
  // close waits for this chain so it never ends the connection under a NOTIFY (or loses the event).
  // What is published while one is in flight waits and goes out together in the next, in order:
  // under load many orders' events share one round trip instead of one each.
  let sending: Promise<void> = Promise.resolve();
  let waiting: string[] = [];
  const send = (payload: string) => {
    const c = client;
    if (!c) {
      if (pending.length < MAX_PENDING) pending.push(payload);
      return;
    }
    waiting.push(payload);
    if (waiting.length > 1) return;
    sending = sending
      .then(() => {
        const batch = waiting;
        waiting = [];
        return c.query(NOTIFY_MANY, [PG_CHANNEL, batch]);
      })
      .then(
        () => undefined,
        (err: unknown) => onError('event bus notify failed', err),
      );
  };

  const lost = (c: pg.Client) => {
    if (client === c) client = null;
    c.end().catch(() => undefined);
    if (!closed && !timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, reconnectMs);
      timer.unref();
    }
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    c.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      // Our own events come back too (we listen on the channel we notify): every order's patch,
      // so they are recognised by the payload's first bytes and not parsed only to be dropped.
      if (message.payload.startsWith(ownPrefix)) return;
      try {
        const parsed = JSON.parse(message.payload) as {
          origin?: unknown;
          event?: unknown;
          sentAt?: unknown;
        };
        const event = parseEvent(parsed.event);
        if (event && parsed.origin !== origin) {
          if (typeof parsed.sentAt === 'number') options.onLag?.(Date.now() - parsed.sentAt);
          local.publish(event);
        }
      } catch (err) {
        onError('event bus received a bad payload', err);
      }
    });
    c.on('error', (err) => {
      onError('event bus connection failed', err);
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
    } catch (err) {
      onError('event bus could not connect', err);
      lost(c);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    // Re-opened: what other instances published meanwhile never came (the session cache drops all).
    if (listenedBefore) local.publish({ type: 'events-missed' });
    listenedBefore = true;
    markReady();
    for (const payload of pending.splice(0)) send(payload);
  };

  void connect();

  return {
    publish(event) {
      local.publish(event);
      // Once closing, events stay local: the connection is about to end and nothing would resend them.
      if (closed) return;
      let payload = JSON.stringify({ origin, event, sentAt: Date.now() });
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES && event.type === 'user-changed') {
        const { patch: _tooLong, ...whole } = event;
        payload = JSON.stringify({ origin, event: whole, sentAt: Date.now() });
      }
      send(payload);
    },
    subscribe: (listener) => local.subscribe(listener),
    ready: () => readyPromise,
    async close() {
      closed = true;
      clearTimeout(timer);
      await sending;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
      await local.close();
    },
  };
}
