import type { Asset } from '@papertrade/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeCoinbase } from '../../test/fake-coinbase.ts';
import { testDialect } from '../../test/test-app.ts';
import { twoInstances } from '../../test/two-instances.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(testDialect !== 'postgres')(
  'the Coinbase feed on two instances (PostgreSQL)',
  () => {
    it('only the leader connects, and the other instance gets its prices through the bus', async () => {
      const fake = await startFakeCoinbase(['BTC-USD']);
      cleanups.push(() => fake.close());
      const [a, b] = await twoInstances(cleanups, {
        marketFeed: 'coinbase',
        marketFeedWsUrl: fake.wsUrl,
        marketFeedRestUrl: fake.restUrl,
      });
      await fake.subscribed();
      fake.ticker('BTC-USD', '43210.5');

      const btcOn = async (app: typeof b.app) => {
        const res = await app.inject({ method: 'GET', url: '/all-assets' });
        return res.json<Asset[]>().find((x) => x.symbol === 'BTC');
      };
      // No tick on b: the price arrives only by a's write and the bus's 'prices' event.
      const onB = await vi.waitFor(
        async () => {
          const btc = await btcOn(b.app);
          if (btc?.currentPrice !== 43_210.5) throw new Error('not yet');
          return btc;
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(onB).toMatchObject({ source: 'coinbase', stale: false, tradable: true });
      expect(fake.connections()).toBe(1);
      expect(await btcOn(a.app)).toEqual(onB);
    });
  },
);
