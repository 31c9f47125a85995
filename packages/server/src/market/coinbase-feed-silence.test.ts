import type { Asset } from '@papertrade/domain';
import { afterEach, expect, it } from 'vitest';
import { startFakeCoinbase, type FakeCoinbase } from '../../test/fake-coinbase.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let fake: FakeCoinbase | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
});

it('a feed that goes silent without closing is marked stale, dropped and opened again', async () => {
  fake = await startFakeCoinbase(['BTC-USD']);
  t = await createTestApp({
    marketFeed: 'coinbase',
    marketFeedWsUrl: fake.wsUrl,
    marketFeedRestUrl: fake.restUrl,
    marketStaleMs: 300,
  });
  await fake.subscribed();
  // The fake sends nothing more, as a half-open connection would (no heartbeats either).
  await fake.subscribed(2);
  expect(fake.connections()).toBe(2);
  const res = await t.app.inject({ method: 'GET', url: '/all-assets' });
  expect(res.json<Asset[]>().find((a) => a.symbol === 'BTC')).toMatchObject({ stale: true });
});
