import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { post, setPrice } from '../../test/calls.ts';
import { testDialect } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

async function scrape(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line, e.g. `papertrade_orders_total{kind="market_buy",result="ok"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('labels requests by route pattern and status class, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'GET', url: '/assets/btcusd/candles' });
    await t.app.inject({ method: 'GET', url: '/assets/ethusd/candles' });
    await t.app.inject({ method: 'GET', url: '/no/such/route/123' });
    const text = await scrape(t.app);
    expect(
      sample(text, 'http_requests_total{method="GET",route="/health",status_class="2xx"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/assets/:id/candles",status_class="2xx"}',
      ),
    ).toBe(2);
    expect(
      sample(text, 'http_requests_total{method="GET",route="unmatched",status_class="4xx"}'),
    ).toBe(1);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.002",method="GET",route="/health",status_class="2xx"}',
    );
    expect(text).not.toContain('btcusd');
    expect(text).not.toContain('/no/such');
  });

  it('counts orders by kind and result, the result being the error code of a refused order', async () => {
    expect(
      (await post(t.app, ann, '/purchase-asset', { symbol: 'BTC', assetAmount: 100, unit: 'USD' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, ann, '/sell-asset', { symbol: 'ETH', assetAmount: 1 })).statusCode,
    ).toBe(400);
    const tooMuch = await post(t.app, ann, '/purchase-asset', {
      symbol: 'BTC',
      assetAmount: 1_000_000,
      unit: 'USD',
    });
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await post(t.app, ann, '/cancel-limit-position', { positionId: 'nope' });
    const text = await scrape(t.app);
    expect(sample(text, 'papertrade_orders_total{kind="market_buy",result="ok"}')).toBe(1);
    expect(
      sample(text, 'papertrade_orders_total{kind="market_buy",result="INSUFFICIENT_FUNDS"}'),
    ).toBe(1);
    expect(
      sample(text, 'papertrade_orders_total{kind="market_sell",result="INSUFFICIENT_SHARES"}'),
    ).toBe(1);
    expect(
      sample(text, 'papertrade_orders_total{kind="limit_cancel",result="ORDER_NOT_FOUND"}'),
    ).toBe(1);
  });

  it('counts the limit orders a tick fills and times every tick', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const open = await post(t.app, ann, '/open-limit-position', {
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 100,
    });
    expect(open.statusCode).toBe(201);
    await setPrice(t.app, 'BTC', 39_000);
    const text = await scrape(t.app);
    expect(sample(text, 'papertrade_orders_total{kind="limit_open",result="ok"}')).toBe(1);
    expect(sample(text, 'papertrade_limit_orders_triggered_total{outcome="filled"}')).toBe(1);
    expect(sample(text, 'papertrade_limit_orders_triggered_total{outcome="cancelled"}')).toBe(0);
    expect(sample(text, 'papertrade_market_tick_duration_seconds_count')).toBe(2);
  });

  it('shows open sockets, the database pool and the process', async () => {
    const text = await scrape(t.app);
    expect(sample(text, 'papertrade_live_sockets')).toBe(0);
    const total = sample(text, 'papertrade_db_pool_clients{state="total"}');
    if (testDialect === 'sqlite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'papertrade_db_pool_clients{state="waiting"}')).toBe(0);
    expect(text).toContain('# TYPE papertrade_event_bus_lag_seconds histogram');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const secured = useTestApp({ metricsToken: 's3cret-metrics' });

  it('answers only with the bearer token', async () => {
    const { app } = secured.t;
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      error: 'GET /metrics needs the metrics token',
      code: 'UNAUTHORIZED',
    });
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer s3cret-metrics' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });
});

describe.runIf(testDialect === 'postgres')('GET /metrics on PostgreSQL', () => {
  const pgApp = useTestApp();

  it('measures the event bus lag of an event another instance published', async () => {
    const { app, ctx } = pgApp.t;
    const { PG_CHANNEL } = await import('../realtime/pg-event-bus.ts');
    const { default: pg } = await import('pg');
    const heard = new Promise<void>((resolve) => {
      const stop = ctx.bus.subscribe((event) => {
        if (event.type === 'user-changed') {
          stop();
          resolve();
        }
      });
    });
    // The app's bus must be listening before the NOTIFY goes out.
    await (ctx.bus as unknown as { ready(): Promise<void> }).ready();
    const other = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await other.connect();
    try {
      const payload = {
        origin: 'another-instance',
        event: { type: 'user-changed', userId: 'u1' },
        sentAt: Date.now() - 40,
      };
      await other.query('select pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify(payload)]);
      await heard;
    } finally {
      await other.end();
    }
    const text = await scrape(app);
    expect(sample(text, 'papertrade_event_bus_lag_seconds_count')).toBe(1);
    expect(sample(text, 'papertrade_event_bus_lag_seconds_bucket{le="0.025"}')).toBe(0);
    expect(sample(text, 'papertrade_event_bus_lag_seconds_bucket{le="5"}')).toBe(1);
  });
});
