import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppContext } from '../app-context.ts';
import { createInProcessBus } from './event-bus.ts';
import { LiveHub, MAX_BUFFERED_BYTES } from './live-hub.ts';

/** Stands in for a ws socket: only what the hub touches. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  sent: string[] = [];
  terminated = false;
  pings = 0;
  constructor(public bufferedAmount = 0) {
    super();
  }
  send(data: Buffer) {
    this.sent.push(data.toString());
  }
  terminate() {
    this.terminated = true;
    this.readyState = WebSocket.CLOSED;
    this.emit('close');
  }
  ping() {
    this.pings += 1;
  }
  close() {
    this.terminate();
  }
}

function hub(heartbeatMs = 60_000) {
  const bus = createInProcessBus();
  let builds = 0;
  const ctx = {
    bus,
    market: {
      listAssets: () => {
        builds += 1;
        return Promise.resolve([]);
      },
    },
  } as unknown as AppContext;
  const live = new LiveHub(ctx, { heartbeatMs, onError: () => undefined });
  return { bus, live, builds: () => builds };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('live hub', () => {
  it('a slow reader is dropped and the others still get the tick', async () => {
    const { bus, live } = hub();
    const fast = new FakeSocket();
    const slow = new FakeSocket();
    live.add(fast as unknown as WebSocket, null);
    live.add(slow as unknown as WebSocket, null);
    await settle();
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    bus.publish({ type: 'prices', at: 42 });
    await settle();
    expect(slow.terminated).toBe(true);
    expect(fast.sent.at(-1)).toBe('{"type":"prices","assets":[],"at":42}');
    expect(live.size).toBe(1);
    live.stop();
  });

  it('a burst of ticks is serialized once per build, not once per socket', async () => {
    const { bus, live, builds } = hub();
    const sockets = Array.from({ length: 50 }, () => new FakeSocket());
    for (const s of sockets) live.add(s as unknown as WebSocket, null);
    await settle();
    const before = builds();
    for (let i = 0; i < 10; i++) bus.publish({ type: 'prices', at: 100 + i });
    await settle();
    expect(builds() - before).toBeLessThanOrEqual(2);
    for (const s of sockets) expect(s.sent.at(-1)).toContain('"at":109');
    live.stop();
  });

  it('a socket that does not answer the heartbeat is dropped', async () => {
    const { live } = hub(30);
    const alive = new FakeSocket();
    const dead = new FakeSocket();
    alive.ping = () => alive.emit('pong');
    live.add(alive as unknown as WebSocket, null);
    live.add(dead as unknown as WebSocket, null);
    await new Promise((r) => setTimeout(r, 120));
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    live.stop();
  });
});
