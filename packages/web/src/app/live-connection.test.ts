import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryClient, type QueryObserverOptions } from '@tanstack/react-query';
import { BTC, ETH, makeUser } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { testQueryClient } from '../test/render.tsx';
import { SESSION_POLL_INTERVAL_MS, sessionQueryOptions } from '../lib/api/get-session.ts';
import { allAssetsQueryOptions } from '../lib/api/get-all-assets.ts';
import { liveStatus } from '../lib/live-socket.ts';
import { startLive } from './live-connection.ts';
import { ASSET_POLL_INTERVAL_MS } from '../lib/ui-constants.ts';
import {
  ASSIGNMENTS_POLL_MS,
  assignmentsQueryOptions,
} from '../features/contests/api/assignments.ts';

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send() {}
  close() {}
}

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => {
  vi.unstubAllGlobals();
  liveStatus.set(false);
});

/** Subscribes to a query as a mounted screen would; `interval()` is its poll interval right now. */
async function watch<T, K extends readonly unknown[]>(
  queryClient: QueryClient,
  options: QueryObserverOptions<T, Error, T, T, K>,
  expected: T,
) {
  const observer = new QueryObserver(queryClient, options);
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(expected));
  const poll = observer.options.refetchInterval as (query: unknown) => number | false;
  return { interval: () => poll(observer.getCurrentQuery()), unsubscribe };
}

function openLive(queryClient: QueryClient) {
  const connection = startLive(queryClient);
  const socket = FakeWebSocket.last!;
  socket.readyState = 1;
  socket.onopen?.({});
  return { connection, socket };
}

/** The socket drops: polling resumes at `every` and the query is read again at once. */
async function dropAndExpectPolling(
  live: ReturnType<typeof openLive>,
  calls: unknown[],
  interval: () => number | false,
  every: number,
) {
  const before = calls.length;
  live.socket.onclose?.({ code: 1006 });
  expect(interval()).toBe(every);
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
  live.connection.close();
}

describe('live connection', () => {
  it('prices and the user land in their queries; polling pauses while open and resumes when down', async () => {
    const api = mockApi((r) => (r.path === '/all-assets' ? { body: [BTC] } : undefined));
    const queryClient = testQueryClient();
    const { interval, unsubscribe } = await watch(queryClient, allAssetsQueryOptions(), [BTC]);
    expect(interval()).toBe(ASSET_POLL_INTERVAL_MS);

    const live = openLive(queryClient);
    const { socket } = live;
    expect(socket.url).toMatch(/^ws:\/\/.*\/live$/);
    expect(interval()).toBe(false);
    socket.onmessage?.({ data: JSON.stringify({ type: 'prices', assets: [ETH], at: 1 }) });
    expect(queryClient.getQueryData(['assets'])).toEqual([ETH]);
    const user = makeUser({ balance: 42 });
    socket.onmessage?.({ data: JSON.stringify({ type: 'user', user }) });
    expect(queryClient.getQueryData(['session'])).toEqual(user);

    await dropAndExpectPolling(live, api.calls, interval, ASSET_POLL_INTERVAL_MS);
    unsubscribe();
  });

  it('the session is polled only while the socket is down, since the socket pushes the user', async () => {
    const user = makeUser();
    const api = mockApi((r) => (r.path === '/auth/session' ? { body: { user } } : undefined));
    const queryClient = testQueryClient();
    const { interval, unsubscribe } = await watch(queryClient, sessionQueryOptions(), user);
    expect(interval()).toBe(SESSION_POLL_INTERVAL_MS);

    const live = openLive(queryClient);
    expect(interval()).toBe(false);

    // Down: the session is read again at once (it may have ended), then polled.
    await dropAndExpectPolling(live, api.calls, interval, SESSION_POLL_INTERVAL_MS);
    unsubscribe();
  });

  it("a class's progress message reads the teacher's assignments table again, which is polled only while the socket is down", async () => {
    let reads = 0;
    const api = mockApi((r) => {
      if (r.path !== '/contests/c1/assignments') return undefined;
      reads += 1;
      return { body: [] };
    });
    const queryClient = testQueryClient();
    const { interval, unsubscribe } = await watch(
      queryClient,
      assignmentsQueryOptions('c1', '0xteacher'),
      [],
    );
    expect(interval()).toBe(ASSIGNMENTS_POLL_MS);
    const live = openLive(queryClient);
    expect(interval()).toBe(false);
    live.socket.onmessage?.({
      data: JSON.stringify({ type: 'class-progress', contestId: 'c1', at: 1 }),
    });
    await vi.waitFor(() => expect(reads).toBe(2));
    // Another class's progress is not this table's.
    live.socket.onmessage?.({
      data: JSON.stringify({ type: 'class-progress', contestId: 'c2', at: 2 }),
    });
    await dropAndExpectPolling(live, api.calls, interval, ASSIGNMENTS_POLL_MS);
    expect(api.calls.some((c) => c.path.startsWith('/contests/c2'))).toBe(false);
    unsubscribe();
  });

  it('a user-patch of the next version merges into the record; an old one is ignored; a gap reloads it whole', async () => {
    const user = makeUser({ balance: 100, version: 5 });
    const reloaded = makeUser({ balance: 70, version: 8 });
    let sessions = 0;
    const api = mockApi((r) =>
      r.path === '/auth/session'
        ? { body: { user: (sessions += 1) === 1 ? user : reloaded } }
        : undefined,
    );
    const queryClient = testQueryClient();
    const { unsubscribe } = await watch(queryClient, sessionQueryOptions(), user);
    const live = openLive(queryClient);
    const patch = (version: number, balance: number) =>
      live.socket.onmessage?.({
        data: JSON.stringify({
          type: 'user-patch',
          walletAddress: user.walletAddress,
          version,
          patch: { balance },
        }),
      });

    patch(6, 90);
    expect(queryClient.getQueryData(['session'])).toEqual({ ...user, balance: 90, version: 6 });
    patch(6, 80);
    patch(4, 80);
    expect(queryClient.getQueryData(['session'])).toMatchObject({ balance: 90, version: 6 });
    // Version 7 was never seen: the record is read whole again instead of merging 8 into 6.
    patch(8, 70);
    await vi.waitFor(() => expect(queryClient.getQueryData(['session'])).toEqual(reloaded));
    expect(api.calls.filter((c) => c.path === '/auth/session')).toHaveLength(2);
    live.connection.close();
    unsubscribe();
  });
});
