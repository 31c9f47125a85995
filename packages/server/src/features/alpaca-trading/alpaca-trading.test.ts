import { trading } from '@alpacahq/alpaca-trade-api';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, post, setPrice, updateUser } from '../../../test/calls.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * Alpaca's Trading API v2 at our origin (docs/api.md "Alpaca-compatible trading",
 * docs/decisions/031-alpaca-trading.md), driven by the official SDK, unmodified, pointed at the
 * test app's real port through its Configuration's basePath.
 */
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

interface Key {
  id: string;
  keyId: string;
  secret: string;
}
let baseUrl = '';

async function createKey(user: TestUser): Promise<Key> {
  const res = await post(t.app, user, '/api-keys', { name: 'bot', scopes: ['read', 'trade'] });
  expectStatus(res, 201);
  return res.json<Key>();
}

/** The SDK's generated APIs, as a program would build them for another host. */
function sdk(key: Key) {
  const config = new trading.Configuration({
    basePath: baseUrl,
    keyId: key.keyId,
    secret: key.secret,
    // A refusal is the answer under test, not something to try again.
    retry: { maxRetries: 0 },
  });
  return {
    account: new trading.AccountsApi(config),
    assets: new trading.AssetsApi(config),
    clock: new trading.ClockApi(config),
    orders: new trading.OrdersApi(config),
    positions: new trading.PositionsApi(config),
    activities: new trading.AccountActivitiesApi(config),
    history: new trading.PortfolioHistoryApi(config),
  };
}

/** The SDK's error for a refused call: its status and Alpaca's body. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: Response }).response;
    if (response) return { status: response.status, body: await response.json() };
    const e = error as { status?: number; body?: unknown; code?: unknown; message?: string };
    return { status: e.status ?? 0, body: e.body ?? { code: e.code, message: e.message } };
  }
  throw new Error('the call was not refused');
}

beforeEach(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await setPrice(t.app, 'BTC', 50_000);
});
afterEach(() => {
  baseUrl = '';
});

type OrderBody = trading.PostOrderRequest;
const buyBody = (extra: Partial<OrderBody> = {}): OrderBody => ({
  symbol: 'BTC/USD',
  qty: '0.01',
  side: 'buy',
  type: 'market',
  timeInForce: 'gtc',
  ...extra,
});

describe('Alpaca trading API through the official SDK', () => {
  it('account, clock and assets answer in Alpaca fields', async () => {
    const api = sdk(await createKey(ann));
    const account = await api.account.getAccount();
    expect(account).toMatchObject({ status: 'ACTIVE', currency: 'USD', shortingEnabled: false });
    expect(account.cash).toMatch(/^\d+(\.\d+)?$/);
    const clock = await api.clock.legacyClock();
    expect(clock.isOpen).toBe(true);
    const assets = await api.assets.getV2Assets({});
    expect(assets.map((a) => a.symbol)).toContain('BTC/USD');
    const btc = await api.assets.getV2AssetsSymbolOrAssetId({ symbolOrAssetId: 'BTC/USD' });
    expect(btc).toMatchObject({ symbol: 'BTC/USD', _class: 'crypto', tradable: true });
  });

  it('a market buy by qty fills at once and shows as a position and a fill', async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({ postOrderRequest: buyBody() });
    expect(order).toMatchObject({
      status: 'filled',
      side: 'buy',
      symbol: 'BTC/USD',
      filledQty: '0.01',
    });
    const positions = await api.positions.getAllOpenPositions();
    expect(positions).toMatchObject([{ symbol: 'BTC/USD', qty: '0.01', side: 'long' }]);
    const fills = await api.activities.getAccountActivitiesByActivityType({ activityType: 'FILL' });
    expect(fills).toMatchObject([{ activityType: 'FILL', symbol: 'BTC/USD', qty: '0.01' }]);
  });

  it('a market buy by notional spends that many dollars', async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({ qty: undefined, notional: '100' }),
    });
    expect(order).toMatchObject({ status: 'filled', notional: '100' });
  });

  it('limit, stop, stop_limit and trailing_stop orders wait and are listed open', async () => {
    const api = sdk(await createKey(ann));
    await api.orders.postOrder({ postOrderRequest: buyBody({ qty: '0.1' }) });
    const kinds = [
      buyBody({ type: 'limit', limitPrice: '40000' }),
      buyBody({ type: 'stop', stopPrice: '60000' }),
      buyBody({ type: 'stop_limit', stopPrice: '60000', limitPrice: '61000' }),
      buyBody({ side: 'sell', type: 'trailing_stop', trailPercent: '5' }),
    ];
    for (const body of kinds) {
      const order = await api.orders.postOrder({ postOrderRequest: body });
      expect(order).toMatchObject({ status: 'new', type: body.type });
    }
    const open = await api.orders.getAllOrders({ status: 'open' });
    expect(open.map((o) => o.type).sort()).toEqual([
      'limit',
      'stop',
      'stop_limit',
      'trailing_stop',
    ]);
  });

  it('bracket, oto and oco orders open with their legs', async () => {
    const api = sdk(await createKey(ann));
    const bracket = await api.orders.postOrder({
      postOrderRequest: buyBody({
        type: 'limit',
        limitPrice: '49000',
        orderClass: 'bracket',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    expect(bracket).toMatchObject({ orderClass: 'bracket', status: 'new' });
    const oto = await api.orders.postOrder({
      postOrderRequest: buyBody({
        type: 'limit',
        limitPrice: '49000',
        orderClass: 'oto',
        stopLoss: { stopPrice: '45000' },
      }),
    });
    expect(oto).toMatchObject({ orderClass: 'oto' });
    await api.orders.postOrder({ postOrderRequest: buyBody({ qty: '0.1' }) });
    const oco = await api.orders.postOrder({
      postOrderRequest: buyBody({
        side: 'sell',
        type: 'limit',
        qty: '0.05',
        orderClass: 'oco',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    expect(oco).toMatchObject({ orderClass: 'oco', status: 'new' });
    expect(oco.legs).toHaveLength(1);
  });

  it('a bracket with a market entry fills at once and opens both legs for the shares it got', async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({
        orderClass: 'bracket',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    expect(order).toMatchObject({ orderClass: 'bracket', status: 'filled', filledQty: '0.01' });
    expect(order.legs).toMatchObject([
      { type: 'limit', side: 'sell', qty: '0.01', limitPrice: '55000', status: 'new' },
      { type: 'stop', side: 'sell', qty: '0.01', stopPrice: '45000', status: 'new' },
    ]);
    // The legs hold the shares: none is free to sell, and the ledger agrees.
    const [position] = await api.positions.getAllOpenPositions();
    expect(position).toMatchObject({ qty: '0.01', qtyAvailable: '0' });
    await expectLedgersSound(t.ctx, [ann.id]);
    // The stop-loss fills on the market's fall and takes the take-profit with it.
    await setPrice(t.app, 'BTC', 44_000);
    const after = await api.orders.getOrderByOrderID({ orderId: order.id ?? '' });
    expect(after.legs?.map((leg) => [leg.type, leg.status])).toEqual([
      ['limit', 'canceled'],
      ['stop', 'filled'],
    ]);
    expect(await api.positions.getAllOpenPositions()).toEqual([]);
    await expectLedgersSound(t.ctx, [ann.id]);
  });

  it('an oto with a market entry opens its one leg, listed inside its order', async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({ orderClass: 'oto', stopLoss: { stopPrice: '45000' } }),
    });
    expect(order).toMatchObject({ orderClass: 'oto', status: 'filled' });
    expect(order.legs).toMatchObject([{ type: 'stop', qty: '0.01', stopPrice: '45000' }]);
    const listed = await api.orders.getAllOrders({ status: 'all', nested: true });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: order.id, legs: [{ id: order.legs?.[0]?.id }] });
    await expectLedgersSound(t.ctx, [ann.id]);
  });

  it("a notional market bracket's legs sell exactly the shares it bought", async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({
        qty: undefined,
        notional: '1000',
        orderClass: 'bracket',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    expect(order).toMatchObject({ status: 'filled', notional: '1000' });
    const bought = order.filledQty;
    expect(Number(bought)).toBeGreaterThan(0);
    expect(order.legs?.map((leg) => leg.qty)).toEqual([bought, bought]);
    const [position] = await api.positions.getAllOpenPositions();
    expect(position).toMatchObject({ qty: bought, qtyAvailable: '0' });
    await expectLedgersSound(t.ctx, [ann.id]);
  });

  it('a market bracket retried with its client_order_id answers the same order and buys once', async () => {
    const api = sdk(await createKey(ann));
    const body = buyBody({
      orderClass: 'bracket',
      takeProfit: { limitPrice: '55000' },
      stopLoss: { stopPrice: '45000' },
      clientOrderId: 'sma-1',
    });
    const first = await api.orders.postOrder({ postOrderRequest: body });
    const again = await api.orders.postOrder({ postOrderRequest: body });
    expect(again).toMatchObject({ id: first.id, clientOrderId: 'sma-1', status: 'filled' });
    expect(again.legs?.map((leg) => leg.id)).toEqual(first.legs?.map((leg) => leg.id));
    const [position] = await api.positions.getAllOpenPositions();
    expect(position).toMatchObject({ qty: '0.01' });
    expect(await api.orders.getAllOrders({ status: 'open' })).toHaveLength(2);
  });

  it('a market bracket whose stop-loss is above the price is refused and buys nothing', async () => {
    const api = sdk(await createKey(ann));
    const before = await api.account.getAccount();
    const refused = await refusal(
      api.orders.postOrder({
        postOrderRequest: buyBody({
          orderClass: 'bracket',
          takeProfit: { limitPrice: '55000' },
          stopLoss: { stopPrice: '52000' },
        }),
      }),
    );
    expect(refused.status).toBe(422);
    expect((await api.account.getAccount()).cash).toBe(before.cash);
    expect(await api.positions.getAllOpenPositions()).toEqual([]);
    expect(await api.orders.getAllOrders({ status: 'all' })).toEqual([]);
  });

  it('a limit ioc order that does not cross is canceled at once and changes nothing', async () => {
    const api = sdk(await createKey(ann));
    const before = await api.account.getAccount();
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', timeInForce: 'ioc', limitPrice: '40000' }),
    });
    expect(order).toMatchObject({ status: 'canceled', timeInForce: 'ioc', filledQty: '0' });
    expect((await api.account.getAccount()).cash).toBe(before.cash);
  });

  it('a limit fok order larger than the trades at its limit is refused with 422 and nothing is kept', async () => {
    // XMR trades about $1,157 a second (market/asset-catalog.ts), ten times that this deep.
    await setPrice(t.app, 'XMR', 195);
    // Fills in part are the book's (the test app fills IDEAL unless a portfolio chooses the book).
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'BOOK' }), 200);
    const api = sdk(await createKey(ann));
    const before = await api.account.getAccount();
    const refused = await refusal(
      api.orders.postOrder({
        postOrderRequest: buyBody({
          symbol: 'XMR/USD',
          type: 'limit',
          timeInForce: 'fok',
          limitPrice: '200',
          qty: '300',
        }),
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 42210000 } });
    expect((await api.account.getAccount()).cash).toBe(before.cash);
  });

  it('a limit fok order that the trades at its limit cover fills whole at once', async () => {
    const api = sdk(await createKey(ann));
    const order = await api.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', timeInForce: 'fok', limitPrice: '60000' }),
    });
    // A qty buy reserves qty at its limit (decision 031): at the lower price that cash buys more.
    expect(order).toMatchObject({ status: 'filled', timeInForce: 'fok', filledQty: '0.012' });
  });

  it('an order the web could not place is refused with 422 and nothing is kept', async () => {
    const api = sdk(await createKey(ann));
    await api.orders.postOrder({ postOrderRequest: buyBody({ qty: '0.1' }) });
    const refused = await refusal(
      api.orders.postOrder({
        postOrderRequest: buyBody({ side: 'sell', type: 'trailing_stop', trailPercent: '80' }),
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 42210000 } });
    expect(JSON.stringify(refused.body)).toContain('Trail percent must be at most');
    expect(await api.orders.getAllOrders({ status: 'open' })).toEqual([]);
  });

  it('an asset other than a USD crypto pair is refused, saying so', async () => {
    const api = sdk(await createKey(ann));
    const refused = await refusal(
      api.orders.postOrder({ postOrderRequest: buyBody({ symbol: 'AAPL' }) }),
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 42210000 } });
    expect(JSON.stringify(refused.body)).toContain('only crypto pairs quoted in USD');
  });

  it('a retry with the same client_order_id answers the same order, another body is refused', async () => {
    const api = sdk(await createKey(ann));
    const body = buyBody({ clientOrderId: 'my-order-1' });
    const first = await api.orders.postOrder({ postOrderRequest: body });
    const again = await api.orders.postOrder({ postOrderRequest: body });
    expect(again.id).toBe(first.id);
    expect(await api.orders.getAllOrders({ status: 'all' })).toHaveLength(1);
    const found = await api.orders.getOrderByClientOrderId({ clientOrderId: 'my-order-1' });
    expect(found.id).toBe(first.id);
    const refused = await refusal(
      api.orders.postOrder({ postOrderRequest: { ...body, qty: '0.02' } }),
    );
    expect(refused.status).toBe(422);
  });

  it('two requests at once with the same client_order_id place one order', async () => {
    const api = sdk(await createKey(ann));
    const body = buyBody({ clientOrderId: 'twice-at-once' });
    const [a, b] = await Promise.all([
      api.orders.postOrder({ postOrderRequest: body }),
      api.orders.postOrder({ postOrderRequest: body }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await api.orders.getAllOrders({ status: 'all' })).toHaveLength(1);
    expect(await api.positions.getOpenPosition({ symbolOrAssetId: 'BTC/USD' })).toMatchObject({
      qty: '0.01',
    });
  });

  it('replace changes a working order and keeps its id', async () => {
    const api = sdk(await createKey(ann));
    const limit = await api.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', limitPrice: '40000' }),
    });
    const replaced = await api.orders.patchOrderByOrderId({
      orderId: limit.id ?? '',
      patchOrderRequest: { limitPrice: '41000', qty: '0.02' },
    });
    expect(replaced).toMatchObject({
      id: limit.id,
      limitPrice: '41000',
      qty: '0.02',
      status: 'new',
    });
  });

  it('cancel ends a working order and gives its cash back', async () => {
    const api = sdk(await createKey(ann));
    const before = await api.account.getAccount();
    const limit = await api.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', limitPrice: '40000' }),
    });
    expect((await api.account.getAccount()).cash).not.toBe(before.cash);
    await api.orders.deleteOrderByOrderID({ orderId: limit.id ?? '' });
    expect(await api.orders.getOrderByOrderID({ orderId: limit.id ?? '' })).toMatchObject({
      status: 'canceled',
    });
    expect((await api.account.getAccount()).cash).toBe(before.cash);
  });

  it('cancelling an oco order cancels both its legs', async () => {
    const api = sdk(await createKey(ann));
    await api.orders.postOrder({ postOrderRequest: buyBody({ qty: '0.1' }) });
    const oco = await api.orders.postOrder({
      postOrderRequest: buyBody({
        side: 'sell',
        type: 'limit',
        qty: '0.05',
        orderClass: 'oco',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    await api.orders.deleteOrderByOrderID({ orderId: oco.id ?? '' });
    expect(await api.orders.getAllOrders({ status: 'open' })).toEqual([]);
    expect(await api.positions.getOpenPosition({ symbolOrAssetId: 'BTC/USD' })).toMatchObject({
      qtyAvailable: '0.1',
    });
  });

  it("cancel all ends every working order, a filled bracket's legs included", async () => {
    const api = sdk(await createKey(ann));
    const bracket = await api.orders.postOrder({
      postOrderRequest: buyBody({
        type: 'limit',
        limitPrice: '49000',
        orderClass: 'bracket',
        takeProfit: { limitPrice: '55000' },
        stopLoss: { stopPrice: '45000' },
      }),
    });
    await setPrice(t.app, 'BTC', 48_000);
    const filled = await api.orders.getOrderByOrderID({ orderId: bracket.id ?? '' });
    expect(filled).toMatchObject({ status: 'filled' });
    expect(filled.legs).toHaveLength(2);
    await api.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', limitPrice: '39000' }),
    });
    const all = await api.orders.deleteAllOrders();
    expect(all).toHaveLength(3);
    expect(await api.orders.getAllOrders({ status: 'open' })).toEqual([]);
  });

  it('positions close by percentage and close all', async () => {
    const api = sdk(await createKey(ann));
    await api.orders.postOrder({ postOrderRequest: buyBody({ qty: '0.1' }) });
    const half = await api.positions.deleteOpenPosition({
      symbolOrAssetId: 'BTC/USD',
      percentage: 50,
    });
    expect(half).toMatchObject({ side: 'sell', status: 'filled', filledQty: '0.05' });
    expect(await api.positions.getOpenPosition({ symbolOrAssetId: 'BTCUSD' })).toMatchObject({
      qty: '0.05',
    });
    const closed = await api.positions.deleteAllOpenPositions({});
    expect(closed).toHaveLength(1);
    expect(await api.positions.getAllOpenPositions()).toEqual([]);
  });

  it('portfolio history comes from the balance points', async () => {
    const api = sdk(await createKey(ann));
    const history = await api.history.getAccountPortfolioHistory({ period: '1W' });
    expect(history.equity?.length).toBeGreaterThan(0);
    expect(history.timestamp?.length).toBe(history.equity?.length);
  });

  it('a revoked key is refused', async () => {
    const key = await createKey(ann);
    const api = sdk(key);
    await api.account.getAccount();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api-keys/${key.id}`,
      headers: ann.headers,
    });
    expectStatus(res, 204);
    expect(await refusal(api.account.getAccount())).toMatchObject({
      status: 401,
      body: { code: 40110000 },
    });
  });

  it("another user's order id answers 404", async () => {
    const annApi = sdk(await createKey(ann));
    const bobApi = sdk(await createKey(bob));
    const order = await annApi.orders.postOrder({
      postOrderRequest: buyBody({ type: 'limit', limitPrice: '40000' }),
    });
    expect(
      await refusal(bobApi.orders.getOrderByOrderID({ orderId: order.id ?? '' })),
    ).toMatchObject({
      status: 404,
      body: { code: 40410000 },
    });
    expect(
      (await refusal(bobApi.orders.deleteOrderByOrderID({ orderId: order.id ?? '' }))).status,
    ).toBe(404);
  });

  it('a sell beyond the holding is refused in Alpaca error shape (no shorting)', async () => {
    const api = sdk(await createKey(ann));
    const refused = await refusal(
      api.orders.postOrder({ postOrderRequest: buyBody({ side: 'sell' }) }),
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 40310000 } });
  });
});
