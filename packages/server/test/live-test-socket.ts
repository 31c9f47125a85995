import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { App } from '../src/app.ts';

/** Test helpers for /live: a real port and a real WebSocket client (inject cannot upgrade). */

export type Received = Record<string, unknown> & { type: string };

export interface TestSocket {
  ws: WebSocket;
  received: Received[];
  /** Resolves with the first message (already received or still to come) that matches. */
  next(match: (m: Received) => boolean, timeoutMs?: number): Promise<Received>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Listens on a free port and answers the socket URL. */
export async function listenLive(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/live`;
}

/** Opens a socket; `onCleanup` receives what ends it after the test. */
export function connectLive(
  url: string,
  headers: Record<string, string>,
  onCleanup: (end: () => void) => void,
): TestSocket {
  const ws = new WebSocket(url, { headers });
  const received: Received[] = [];
  const waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Received;
    received.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => undefined);
  onCleanup(() => ws.terminate());
  return {
    ws,
    received,
    closed,
    next(match, timeoutMs = 5000) {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

/** The socket's close, or a rejection if it is still open after `ms`. */
export function closedWithin(
  socket: TestSocket,
  ms: number,
): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
  });
  return Promise.race([socket.closed, late]).finally(() => clearTimeout(timer));
}
