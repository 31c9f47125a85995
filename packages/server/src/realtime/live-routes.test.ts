import { LiveMessage } from '@papertrade/domain';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMarket } from '../market/create-market.ts';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app.ts';
import {
  connectLive,
  listenLive,
  type Received,
  type TestSocket,
} from '../../test/live-test-socket.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveApp(): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp();
  cleanups.push(() => t.close());
  return { t, url: await listenLive(t.app) };
}

const connect = (url: string, headers: Record<string, string> = {}): TestSocket =>
  connectLive(url, headers, (end) => cleanups.push(end));

const isPrices = (m: Received) => m.type === 'prices';

describe('GET /live', () => {
  it('a client with no session gets prices on connect and after every tick, and no user', async () => {
    const { t, url } = await liveApp();
    const socket = connect(url);
    const first = await socket.next(isPrices);
    expect(LiveMessage.parse(first)).toMatchObject({ type: 'prices' });
    expect((first.assets as { id: string }[])[0]).toMatchObject({
      id: 'btcusd',
      currentPrice: 95000,
    });

    const tickedAt = Date.now();
    await t.app.inject({
      method: 'POST',
      url: '/market-control/price',
      payload: { id: 'btcusd', price: 101000 },
    });
    const after = await socket.next(
      (m) => isPrices(m) && (m.assets as { currentPrice: number }[])[0]!.currentPrice === 101000,
    );
    expect(after.at).toBeGreaterThanOrEqual(tickedAt);
    expect(socket.received.some((m) => m.type === 'user')).toBe(false);
  });

  it('a tick made by another instance reaches the clients with its prices', async () => {
    const { t, url } = await liveApp();
    const socket = connect(url);
    await socket.next(isPrices);
    await t.ctx.market.listAssets();
    // Another instance's market over the same database, its events arriving on this bus.
    const other = createMarket(t.ctx.db, t.ctx.bus, t.ctx.config);
    cleanups.push(() => other.stop());
    await other.setPrice('ethusd', 200_000_000_000n);
    const after = await socket.next(
      (m) =>
        isPrices(m) &&
        (m.assets as { id: string; currentPrice: number }[])[1]!.currentPrice === 2000,
    );
    expect(after).toBeDefined();
  });

  it('a signed-in client gets its user on connect and after a change', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const socket = connect(url, { authorization: `Bearer ${user.token}` });
    await socket.next(isPrices);
    const first = await socket.next((m) => m.type === 'user');
    expect(LiveMessage.parse(first)).toMatchObject({
      type: 'user',
      user: { id: user.id, walletAddress: user.walletAddress },
    });

    await t.ctx.db
      .updateTable('users')
      .set({ display_name: 'Renamed' })
      .where('id', '=', user.id)
      .execute();
    t.ctx.bus.publish({ type: 'user-changed', userId: user.id });
    const changed = await socket.next(
      (m) => m.type === 'user' && (m.user as { displayName: string }).displayName === 'Renamed',
    );
    expect(changed).toBeDefined();
  });

  it('an order sends its owner one user-patch frame with the version and no whole record', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const socket = connect(url, { authorization: `Bearer ${user.token}` });
    const first = await socket.next((m) => m.type === 'user');
    const version = (first.user as { version: number }).version;

    const res = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: user.headers,
      payload: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: 100, unit: 'USD' },
    });
    expect(res.statusCode).toBe(200);
    const { version: answered, ...patch } = res.json<{ version: number }>();
    const frame = await socket.next((m) => m.type === 'user-patch');
    expect(LiveMessage.parse(frame)).toEqual({
      type: 'user-patch',
      walletAddress: user.walletAddress,
      version: version + 1,
      patch,
    });
    expect(answered).toBe(version + 1);
    // A later change that no order made still comes whole: whatever was sent in between is here.
    t.ctx.bus.publish({ type: 'user-changed', userId: user.id });
    await socket.next((m) => m.type === 'user' && m !== first);
    const after = socket.received.slice(socket.received.indexOf(first) + 1);
    expect(after.filter((m) => m.type === 'user-patch')).toHaveLength(1);
    // Only the publish above loaded a record: the order's change was sent as its patch alone.
    expect(after.filter((m) => m.type === 'user')).toHaveLength(1);
  });

  it('a client that reconnects tells from the version on connect whether it missed a change', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const headers = { authorization: `Bearer ${user.token}` };
    const versionOnConnect = async () => {
      const socket = connect(url, headers);
      const frame = LiveMessage.parse(await socket.next((m) => m.type === 'user'));
      socket.ws.close();
      await socket.closed;
      if (frame.type !== 'user') throw new Error('expected the user record');
      return frame.user.version;
    };
    const first = await versionOnConnect();
    // Nothing changed while it was away: the same version, nothing to read again.
    expect(await versionOnConnect()).toBe(first);
    // An order while it was away: the record it gets on connect says so by its version.
    const res = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: user.headers,
      payload: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: 100, unit: 'USD' },
    });
    expect(res.statusCode).toBe(200);
    expect(await versionOnConnect()).toBe(first + 1);
  });

  it('a token in the query string signs a client in; a bad token is refused', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const socket = connect(`${url}?token=${user.token}`);
    expect(await socket.next((m) => m.type === 'user')).toMatchObject({ user: { id: user.id } });

    const refused = connect(`${url}?token=not-a-token`);
    const status = await new Promise<number | undefined>((resolve) =>
      refused.ws.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(401);
  });

  it('a cookie sent from another site opens a prices-only socket', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const cookie = `session=${user.token}`;
    const sameSite = connect(url, {
      cookie,
      origin: url.replace('ws://', 'http://').replace('/live', ''),
    });
    expect(await sameSite.next((m) => m.type === 'user')).toMatchObject({ user: { id: user.id } });
    const crossSite = connect(url, { cookie, origin: 'https://evil.example' });
    await crossSite.next(isPrices);
    await new Promise((r) => setTimeout(r, 200));
    expect(crossSite.received.some((m) => m.type === 'user')).toBe(false);
  });

  it('a burst of changes loads the user once more, not once per change', async () => {
    const { t, url } = await liveApp();
    const user = await createTestUser(t.ctx);
    const socket = connect(url, { authorization: `Bearer ${user.token}` });
    await socket.next((m) => m.type === 'user');
    for (let i = 0; i < 20; i++) t.ctx.bus.publish({ type: 'user-changed', userId: user.id });
    await new Promise((r) => setTimeout(r, 300));
    const users = socket.received.filter((m) => m.type === 'user').length;
    expect(users).toBeGreaterThanOrEqual(2);
    expect(users).toBeLessThanOrEqual(3);
  });

  it("user-deleted closes that user's sockets only", async () => {
    const { t, url } = await liveApp();
    const gone = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    const goneSocket = connect(url, { authorization: `Bearer ${gone.token}` });
    const otherSocket = connect(url, { authorization: `Bearer ${other.token}` });
    await goneSocket.next((m) => m.type === 'user');
    await otherSocket.next((m) => m.type === 'user');
    t.ctx.bus.publish({ type: 'user-deleted', userId: gone.id });
    expect((await goneSocket.closed).code).toBe(1008);
    expect(otherSocket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('a plain HTTP GET /live is 426 UPGRADE_REQUIRED', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const response = await t.app.inject({ method: 'GET', url: '/live' });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
  });

  it('a ping is accepted and any other client message closes the socket', async () => {
    const { url } = await liveApp();
    const socket = connect(url);
    await socket.next(isPrices);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.send('hello');
    expect((await socket.closed).code).toBe(1003);

    const big = connect(url);
    await big.next(isPrices);
    big.ws.send('x'.repeat(5000));
    expect((await big.closed).code).toBe(1009);
  });
});
