import { LiveMessage } from '@papertrade/domain';

/** The smallest part of the browser WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface LiveSocketOptions {
  url: string;
  onMessage: (message: LiveMessage) => void;
  /** true once the socket is open, false whenever it is down (the app polls meanwhile). */
  onStatus: (open: boolean) => void;
  createSocket?: (url: string) => SocketLike;
  /** 0..1; jitter so many tabs do not reconnect in step after a server restart. */
  random?: () => number;
}

export const PING_INTERVAL_MS = 25_000;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
const OPEN = 1;

/** Exponential backoff: 0.5 s, 1 s, 2 s ... capped at 15 s, each scaled by 0.75..1.25 jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.min(BACKOFF_MAX_MS, Math.round(base * (0.75 + random() * 0.5)));
}

/** ws:// or wss:// for /live on this page's origin (the session cookie goes along). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live`;
}

export interface LiveConnection {
  close(): void;
  isOpen(): boolean;
}

/**
 * GET /live (docs/api.md, Realtime: /live): keeps one socket open, reconnecting with backoff until close().
 * Messages the contract does not describe are ignored rather than trusted.
 */
export function connectLive({
  url,
  onMessage,
  onStatus,
  createSocket = (u) => new WebSocket(u) as unknown as SocketLike,
  random = Math.random,
}: LiveSocketOptions): LiveConnection {
  let socket: SocketLike | null = null;
  let attempt = 0;
  let closed = false;
  let open = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const setOpen = (next: boolean) => {
    if (open === next) return;
    open = next;
    onStatus(next);
  };

  const connect = () => {
    retryTimer = undefined;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempt = 0;
      setOpen(true);
      // Proxies drop idle sockets; the server ignores pings.
      pingTimer = setInterval(() => {
        if (current.readyState === OPEN) current.send(JSON.stringify({ type: 'ping' }));
      }, PING_INTERVAL_MS);
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      // No compiled fast parser (see api-client.ts): the first message arrives during the first screen.
      const parsed = LiveMessage.safeParse(json, { jitless: true });
      if (parsed.success) onMessage(parsed.data);
    };
    current.onerror = () => {
      // onclose follows and does the work.
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(pingTimer);
      setOpen(false);
      if (!closed) scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(connect, backoffDelay(attempt, random));
    attempt += 1;
  };

  connect();
  return {
    isOpen: () => open,
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const current = socket;
      socket = null;
      if (current) current.close(1000);
      setOpen(false);
    },
  };
}

type Listener = (open: boolean) => void;
const listeners = new Set<Listener>();
let liveOpen = false;

/** Whether the app's live socket is open right now: price polling pauses while it is. */
export const liveStatus = {
  isOpen: () => liveOpen,
  set(open: boolean) {
    if (liveOpen === open) return;
    liveOpen = open;
    for (const listener of listeners) listener(open);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
