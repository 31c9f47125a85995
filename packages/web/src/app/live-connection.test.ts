import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_POLL_INTERVAL_MS } from '@papertrade/domain';
import { QueryObserver } from '@tanstack/react-query';
import { BTC, ETH, makeUser } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { testQueryClient } from '../test/render.tsx';
import { allAssetsQueryOptions } from '../features/market/api/get-all-assets.ts';
import { liveStatus } from '../lib/live-socket.ts';
import { startLive } from './live-connection.ts';

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

describe('live connection', () => {
  it('prices and the user land in their queries; polling pauses while open and resumes when down', async () => {
    const api = mockApi((r) => (r.path === '/all-assets' ? { body: [BTC] } : undefined));
    const queryClient = testQueryClient();
    const observer = new QueryObserver(queryClient, allAssetsQueryOptions());
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([BTC]));
    expect(observer.options.refetchInterval).toBeTypeOf('function');
    const interval = () =>
      (observer.options.refetchInterval as (q: unknown) => number | false)(undefined);
    expect(interval()).toBe(ASSET_POLL_INTERVAL_MS);

    const connection = startLive(queryClient);
    const socket = FakeWebSocket.last!;
    expect(socket.url).toMatch(/^ws:\/\/.*\/live$/);
    socket.readyState = 1;
    socket.onopen?.({});
    expect(interval()).toBe(false);
    socket.onmessage?.({ data: JSON.stringify({ type: 'prices', assets: [ETH], at: 1 }) });
    expect(queryClient.getQueryData(['assets'])).toEqual([ETH]);
    const user = makeUser({ balance: 42 });
    socket.onmessage?.({ data: JSON.stringify({ type: 'user', user }) });
    expect(queryClient.getQueryData(['session'])).toEqual(user);

    const before = api.calls.length;
    socket.onclose?.({ code: 1006 });
    expect(interval()).toBe(ASSET_POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(before));
    connection.close();
    unsubscribe();
  });
});
