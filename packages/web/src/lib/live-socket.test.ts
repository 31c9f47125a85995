import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BTC, makeUser } from '../test/fixtures.ts';
import {
  BACKOFF_MAX_MS,
  PING_INTERVAL_MS,
  backoffDelay,
  connectLive,
  liveUrl,
  type SocketLike,
} from './live-socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const onMessage = vi.fn();
  const onStatus = vi.fn();
  const connection = connectLive({
    url: 'ws://test/live',
    onMessage,
    onStatus,
    random: () => 0.5,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  return { sockets, onMessage, onStatus, connection, last: () => sockets.at(-1)! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live socket', () => {
  it('backoff doubles from half a second and is capped at 15 seconds', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, mid))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(10, mid)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(10, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(0, () => 0)).toBe(375);
  });

  it('the url is ws or wss on the page origin', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3100' })).toBe('ws://localhost:3100/live');
    expect(liveUrl({ protocol: 'https:', host: 'paper.example' })).toBe('wss://paper.example/live');
  });

  it('reports open and passes on contract messages only', () => {
    const { last, onMessage, onStatus, connection } = setup();
    last().open();
    expect(onStatus).toHaveBeenLastCalledWith(true);
    expect(connection.isOpen()).toBe(true);
    last().receive({ type: 'prices', assets: [BTC], at: 1 });
    last().receive({ type: 'user', user: makeUser() });
    last().receive({ type: 'surprise' });
    last().receive('not json');
    last().receive({ type: 'prices', assets: [{ id: 1 }] });
    expect(onMessage).toHaveBeenCalledTimes(2);
    expect(onMessage.mock.calls[0]?.[0]).toMatchObject({ type: 'prices', assets: [BTC] });
    expect(onMessage.mock.calls[1]?.[0]).toMatchObject({ type: 'user', user: { id: 'u1' } });
  });

  it('pings every 25 seconds while open', () => {
    const { last } = setup();
    last().open();
    vi.advanceTimersByTime(PING_INTERVAL_MS * 2);
    expect(last().sent).toEqual(['{"type":"ping"}', '{"type":"ping"}']);
  });

  it('reconnects with growing delays after drops and resets them once open', () => {
    const { sockets, last, onStatus } = setup();
    last().open();
    last().drop();
    expect(onStatus).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // failed attempt: next wait is 1 s
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    last().drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it('keeps retrying at the 15 second cap while the server stays away', () => {
    const { sockets, last } = setup();
    for (let i = 0; i < 12; i++) {
      last().drop();
      vi.advanceTimersByTime(BACKOFF_MAX_MS);
    }
    expect(sockets).toHaveLength(13);
  });

  it('close stops the socket, the pings and any retry', () => {
    const { sockets, last, connection, onStatus } = setup();
    last().open();
    const first = last();
    connection.close();
    expect(first.closedWith).toBe(1000);
    expect(onStatus).toHaveBeenLastCalledWith(false);
    first.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(first.sent).toEqual([]);
  });
});
