import { streaming, trading } from '@alpacahq/alpaca-trade-api';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../../app.ts';
import {
  createTestKey,
  listenOrigin,
  streamUrl,
  type TestKey,
} from '../../../test/alpaca-data-kit.ts';
import {
  buy,
  cancelLimit,
  expectStatus,
  openLimit,
  setPrice,
  updateUser,
} from '../../../test/calls.ts';
import { createTestUser, testDialect, type TestUser } from '../../../test/test-app.ts';
import { twoInstances } from '../../../test/two-instances.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { createLimitTrigger } from '../trading/limit-trigger.ts';

/**
 * Alpaca's two streams (docs/api.md, "Alpaca-compatible market data and streams";
 * docs/decisions/032-alpaca-data-and-streams.md) with the official SDK's stream classes, pointed
 * at a test app by their `url` option.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sdkOptions = (url: string, key: TestKey) => ({
  url,
  credentials: { keyId: key.keyId, secret: key.secret },
  reconnect: false,
  pingIntervalMs: 0,
});

function dataStream(origin: string, key: TestKey) {
  const stream = new streaming.CryptoDataStream(
    sdkOptions(streamUrl(origin, '/v1beta3/crypto/us'), key),
  );
  cleanups.push(() => stream.disconnect());
  return stream;
}

function tradingStream(origin: string, key: TestKey) {
  const stream = new streaming.TradingStream(sdkOptions(streamUrl(origin, '/stream'), key));
  cleanups.push(() => stream.disconnect());
  return stream;
}

/** The first value `register` hands its listener. */
const first = <T>(register: (listener: (value: T) => void) => void) =>
  new Promise<T>((resolve) => register(resolve));

/**
 * A trade_updates stream on a new key of `user`'s, returned only once the server has confirmed the
 * subscription: an update sent before that would not reach it.
 */
async function tradeUpdates(app: App, user: TestUser) {
  const key = await createTestKey(app, user);
  const origin = await listenOrigin(app);
  const stream = tradingStream(origin, key);
  stream.connect();
  expect(await stream.waitForAuthentication()).toBe(true);
  const listening = first<unknown>((l) => stream.on('subscription', l));
  stream.subscribeTradeUpdates();
  expect(await listening).toEqual(['trade_updates']);
  return { stream, key, origin };
}

/**
 * Every update `stream` hears from now on, in order. `until(n)` settles once n have come, and at
 * once if they already have, so a test may wait after its action without missing a fast update.
 */
function collectUpdates(stream: streaming.TradingStream) {
  const updates: streaming.TradeUpdate[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  stream.onTradeUpdate((u) => {
    updates.push(u);
    for (const w of waiters.filter((w) => updates.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const until = (n: number) =>
    updates.length >= n
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ n, resolve }));
  return { updates, until };
}

/** Ann's $100 buy of BTC limited at $1,000, far below BTC's price, so it stays working. */
async function openWorkingBtcBuy(extra: Record<string, unknown> = {}) {
  const opened = await openLimit(t.app, ann, {
    type: 'PURCHASE',
    symbol: 'BTC',
    limitAsk: 1_000,
    purchaseAsk: 100,
    ...extra,
  });
  expectStatus(opened, 201);
  return opened.json<{ limitPosition: { positionId: string; expiresAt: number } }>().limitPosition;
}

async function priceOf(symbol: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/all-assets' });
  return res.json<{ symbol: string; currentPrice: number }[]>().find((a) => a.symbol === symbol)!
    .currentPrice;
}

describe('Alpaca crypto data stream', () => {
  it("sends a subscribed symbol's trade, quote and bar after a tick", async () => {
    const key = await createTestKey(t.app, ann, ['read']);
    const stream = dataStream(await listenOrigin(t.app), key);
    stream.connect();
    expect(await stream.waitForAuthentication()).toBe(true);
    const subscribed = first<unknown>((l) => stream.on('subscription', l));
    stream.subscribeForTrades(['BTC/USD']);
    stream.subscribeForQuotes(['BTC/USD']);
    stream.subscribeForBars(['BTC/USD']);
    await subscribed;
    const trade = first<streaming.StreamTrade>((l) => stream.onTrade(l));
    const quote = first<streaming.StreamQuote>((l) => stream.onQuote(l));
    const bar = first<streaming.StreamBar>((l) => stream.onBar(l));
    await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    const price = await priceOf('BTC');
    expect(await trade).toMatchObject({ symbol: 'BTC/USD', price });
    expect((await trade).timestamp).toBeInstanceOf(Date);
    const q = await quote;
    expect(q.symbol).toBe('BTC/USD');
    expect(q.askPrice).toBeGreaterThan(q.bidPrice);
    expect(await bar).toMatchObject({ symbol: 'BTC/USD', close: price });
  });

  it('refuses a wrong secret with Alpaca’s auth failed', async () => {
    const key = await createTestKey(t.app, ann);
    const stream = dataStream(await listenOrigin(t.app), { ...key, secret: 'wrong' });
    stream.connect();
    const result = await stream.waitForAuthenticationResult();
    expect(result.authenticated).toBe(false);
    expect(result.code).toBe(402);
  });
});

/** A raw socket that asked for JSON frames, with every frame it received (arrays, flattened). */
function jsonSocket(url: string) {
  const ws = new WebSocket(url, { headers: { 'content-type': 'application/json' } });
  cleanups.push(() => ws.close());
  const frames: Record<string, unknown>[] = [];
  const waiters: { match: (f: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    frames.push(...(JSON.parse(data.toString()) as Record<string, unknown>[]));
    for (const w of [...waiters])
      if (frames.some(w.match)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  });
  const next = async (match: (f: Record<string, unknown>) => boolean) => {
    if (!frames.some(match)) await new Promise<void>((resolve) => waiters.push({ match, resolve }));
    return frames.find(match)!;
  };
  return { ws, next };
}

describe('Alpaca crypto data stream in JSON', () => {
  it('answers in JSON text when the upgrade asks for it, and refuses a subscription before auth', async () => {
    const key = await createTestKey(t.app, ann, ['read']);
    const socket = jsonSocket(streamUrl(await listenOrigin(t.app), '/v1beta3/crypto/us'));
    expect(await socket.next((f) => f.T === 'success')).toEqual({ T: 'success', msg: 'connected' });
    socket.ws.send(JSON.stringify({ action: 'subscribe', trades: ['BTC/USD'] }));
    expect(await socket.next((f) => f.T === 'error')).toEqual({
      T: 'error',
      code: 401,
      msg: 'not authenticated',
    });
    socket.ws.send(JSON.stringify({ action: 'auth', key: key.keyId, secret: key.secret }));
    await socket.next((f) => f.msg === 'authenticated');
    socket.ws.send(JSON.stringify({ action: 'subscribe', trades: ['*'] }));
    expect(await socket.next((f) => f.T === 'subscription')).toMatchObject({ trades: ['*'] });
    await t.app.inject({ method: 'POST', url: '/market-control/tick' });
    const trade = await socket.next((f) => f.T === 't' && f.S === 'ETH/USD');
    expect(trade.p).toBe(await priceOf('ETH'));
    expect(typeof trade.t).toBe('string');
  });
});

describe('Alpaca trade_updates stream', () => {
  it('receives the fill of an order placed through /purchase-asset', async () => {
    const { stream } = await tradeUpdates(t.app, ann);
    const update = first<streaming.TradeUpdate>((l) => stream.onTradeUpdate(l));
    expectStatus(await buy(t.app, ann, 'BTC', 0.01, 'SYMBOL'), 200);
    const fill = await update;
    expect(fill.event).toBe('fill');
    expect(fill.qty).toBe('0.01');
    expect(fill.positionQty).toBe('0.01');
    expect(fill.order).toMatchObject({
      symbol: 'BTC/USD',
      side: 'buy',
      type: 'market',
      status: 'filled',
      filledQty: '0.01',
    });
  });

  it('hears a working order placed and then cancelled as new and canceled', async () => {
    const { stream } = await tradeUpdates(t.app, ann);
    const { updates, until } = collectUpdates(stream);
    const { positionId } = await openWorkingBtcBuy();
    expectStatus(await cancelLimit(t.app, ann, positionId), 200);
    await until(2);
    expect(updates.map((u) => [u.event, u.order.id, u.order.status])).toEqual([
      ['new', positionId, 'new'],
      ['canceled', positionId, 'canceled'],
    ]);
    expect(updates[0]?.order).toMatchObject({ type: 'limit', limitPrice: '1000', notional: '100' });
  });

  it('hears a working order replaced through PATCH /v2/orders/:id as replaced', async () => {
    const { stream, key, origin } = await tradeUpdates(t.app, ann);
    const orders = new trading.OrdersApi(
      new trading.Configuration({ basePath: origin, keyId: key.keyId, secret: key.secret }),
    );
    const { updates, until } = collectUpdates(stream);
    const order = await orders.postOrder({
      postOrderRequest: {
        symbol: 'BTC/USD',
        qty: '0.01',
        side: 'buy',
        type: 'limit',
        limitPrice: '1000',
        timeInForce: 'gtc',
      },
    });
    await until(1);
    await orders.patchOrderByOrderId({
      orderId: order.id ?? '',
      patchOrderRequest: { limitPrice: '1100' },
    });
    await until(2);
    expect(updates.map((u) => [u.event, u.order.id])).toEqual([
      ['new', order.id],
      ['replaced', order.id],
    ]);
    expect(updates[1]?.order).toMatchObject({ limitPrice: '1100', status: 'new' });
    expect(updates[1]?.order.replacedAt).toBeInstanceOf(Date);
  });

  it('hears a day order that lapsed at midnight as expired', async () => {
    const { stream } = await tradeUpdates(t.app, ann);
    const { updates, until } = collectUpdates(stream);
    const { positionId, expiresAt } = await openWorkingBtcBuy({ timeInForce: 'DAY' });
    // The trigger as the market runs it at the order's expiry, the price far above its limit.
    await createLimitTrigger(t.ctx, { error: () => undefined })(
      new Map([['BTC', 5_000_000_000_000n]]),
      expiresAt,
    );
    await until(2);
    expect(updates.map((u) => [u.event, u.order.id, u.order.status])).toEqual([
      ['new', positionId, 'new'],
      ['expired', positionId, 'expired'],
    ]);
    expect(updates[1]?.order.expiredAt).toEqual(new Date(expiresAt));
  });

  it('hears the part an IOC order got as partial_fill, and the rest as canceled', async () => {
    // XMR trades about $1,157 a second (market/asset-catalog.ts): $3,000 fills in part.
    await setPrice(t.app, 'XMR', 200);
    // Fills in part are the book's (the test app fills IDEAL unless a portfolio chooses the book).
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'BOOK' }), 200);
    const { stream } = await tradeUpdates(t.app, ann);
    const { updates, until } = collectUpdates(stream);
    const opened = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'XMR',
      limitAsk: 200,
      purchaseAsk: 3_000,
      timeInForce: 'IOC',
    });
    expectStatus(opened, 201);
    await until(3);
    const events = updates.map((u) => u.event).sort();
    expect(events).toEqual(['canceled', 'new', 'partial_fill']);
    const part = updates.find((u) => u.event === 'partial_fill');
    expect(Number(part?.qty)).toBeGreaterThan(0);
    expect(part?.order).toMatchObject({ status: 'canceled', filledQty: part?.qty });
  });

  it("does not hear another user's orders", async () => {
    const bob = await createTestUser(t.ctx);
    const { stream } = await tradeUpdates(t.app, ann);
    const heard: unknown[] = [];
    stream.onTradeUpdate((u) => heard.push(u));
    expectStatus(await buy(t.app, bob, 'BTC', 0.01, 'SYMBOL'), 200);
    const own = first<streaming.TradeUpdate>((l) => stream.onTradeUpdate(l));
    expectStatus(await buy(t.app, ann, 'ETH', 0.1, 'SYMBOL'), 200);
    expect((await own).order.symbol).toBe('ETH/USD');
    expect(heard).toHaveLength(1);
  });

  it.skipIf(testDialect !== 'postgres')('hears a fill made on another instance', async () => {
    const [a, b] = await twoInstances(cleanups);
    const user = await createTestUser(a.ctx);
    const { stream } = await tradeUpdates(a.app, user);
    const update = first<streaming.TradeUpdate>((l) => stream.onTradeUpdate(l));
    expectStatus(await buy(b.app, user, 'BTC', 0.02, 'SYMBOL'), 200);
    const fill = await update;
    expect(fill.event).toBe('fill');
    expect(fill.order).toMatchObject({ symbol: 'BTC/USD', filledQty: '0.02' });
  });
});
