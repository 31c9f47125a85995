import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppContext } from '../app-context.ts';
import { createInProcessBus } from './event-bus.ts';
import { BROADCAST_CHUNK, LiveHub, MAX_BUFFERED_BYTES } from './live-hub.ts';

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

/** Stands in for the TCP connection under a socket: records what is written to it. */
class FakeConnection {
  writes: Buffer[] = [];
  writableLength = 0;
  write(data: Buffer) {
    this.writes.push(data);
    return true;
  }
  /** The messages written, read back out of their frames (all under 64 KiB here). */
  texts(): string[] {
    return this.writes.map((frame) => frame.subarray(frame[1] === 126 ? 4 : 2).toString());
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

/** For sends of thousands of sockets, which a loaded machine may not finish within settle(). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5000; waited += 10)
    await new Promise((r) => setTimeout(r, 10));
}

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

  it('a slow reader is dropped when its connection is written directly too', async () => {
    const { bus, live } = hub();
    const fast = new FakeConnection();
    const slow = new FakeConnection();
    const slowSocket = new FakeSocket();
    live.add(new FakeSocket() as unknown as WebSocket, null, fast as unknown as Writable);
    live.add(slowSocket as unknown as WebSocket, null, slow as unknown as Writable);
    await settle();
    slow.writableLength = MAX_BUFFERED_BYTES + 1;
    bus.publish({ type: 'prices', at: 42 });
    await settle();
    expect(slowSocket.terminated).toBe(true);
    expect(slow.texts().some((t) => t.endsWith('"at":42}'))).toBe(false);
    expect(fast.texts().at(-1)).toBe('{"type":"prices","assets":[],"at":42}');
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

  it('each tick is framed once: every connection is written the very same bytes', async () => {
    const { bus, live } = hub();
    const connections = Array.from({ length: 20 }, () => new FakeConnection());
    for (const c of connections)
      live.add(new FakeSocket() as unknown as WebSocket, null, c as unknown as Writable);
    await settle();
    bus.publish({ type: 'prices', at: 42 });
    await settle();
    const frames = connections.map((c) => c.writes.at(-1));
    for (const frame of frames) expect(frame).toBe(frames[0]);
    expect(connections[0]!.texts().at(-1)).toBe('{"type":"prices","assets":[],"at":42}');
    live.stop();
  });

  it('a tick to many sockets is sent a chunk at a time, yielding to other work between chunks', async () => {
    const { bus, live } = hub();
    const count = BROADCAST_CHUNK * 2 + 10;
    const connections = Array.from({ length: count }, () => new FakeConnection());
    for (const c of connections)
      live.add(new FakeSocket() as unknown as WebSocket, null, c as unknown as Writable);
    await settle();
    const hasTick = (c: FakeConnection) => c.texts().some((t) => t.endsWith('"at":42}'));
    // Queued when the first chunk is written: it runs before the last chunk is.
    let seenByOtherWork = -1;
    connections[0]!.write = function (data: Buffer) {
      setImmediate(() => (seenByOtherWork = connections.filter(hasTick).length));
      return FakeConnection.prototype.write.call(this, data);
    };
    bus.publish({ type: 'prices', at: 42 });
    await until(() => seenByOtherWork >= 0 && connections.every(hasTick));
    expect(seenByOtherWork).toBeGreaterThan(0);
    expect(seenByOtherWork).toBeLessThan(count);
    expect(connections.filter(hasTick)).toHaveLength(count);
    live.stop();
  });

  it('a tick published during a chunked send waits for it: no socket gets ticks out of order or twice', async () => {
    const { bus, live } = hub();
    const open = (connection: FakeConnection) => {
      const socket = new FakeSocket();
      live.add(socket as unknown as WebSocket, null, connection as unknown as Writable);
      return { socket, connection };
    };
    const clients = Array.from({ length: BROADCAST_CHUNK * 3 }, () => open(new FakeConnection()));
    await settle();
    const late = new FakeConnection();
    clients[0]!.connection.write = function (data: Buffer) {
      if (data.toString().endsWith('"at":1}')) {
        // Mid-send: a socket of the first chunk leaves (so the next send's chunks are cut one
        // socket further on), the next tick comes, then a socket opens and another tick comes.
        clients[1]!.socket.terminate();
        bus.publish({ type: 'prices', at: 2 });
        setImmediate(() => {
          open(late);
          bus.publish({ type: 'prices', at: 3 });
        });
      }
      return FakeConnection.prototype.write.call(this, data);
    };
    bus.publish({ type: 'prices', at: 1 });
    const ticks = (c: FakeConnection) =>
      c
        .texts()
        .map((t) => Number(/"at":(\d+)\}$/.exec(t)?.[1]))
        .filter((at) => at <= 3);
    const stillOpen = [...clients.filter((_, i) => i !== 1).map((x) => x.connection), late];
    await until(() => stillOpen.every((c) => c.texts().some((t) => t.endsWith('"at":3}'))));
    for (const c of stillOpen) {
      const seen = ticks(c);
      expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
      expect(seen.at(-1)).toBe(3);
    }
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
