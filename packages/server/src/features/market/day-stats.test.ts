import type { AssetDayStats } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, sell, setPrice } from '../../../test/calls.ts';
import { insertTransaction, units, USD } from '../../../test/test-rows.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

async function dayStats(id: string) {
  return t.app.inject({ url: `/assets/${id}/day-stats` });
}

describe('GET /assets/:id/day-stats', () => {
  it('the 24 h low and high span every price of the day, and the volume is what PaperTrade traded', async () => {
    await setPrice(t.app, 'ETH', 3500);
    await setPrice(t.app, 'ETH', 4600.5);
    expectStatus(await buy(t.app, ann, 'ETH', 1000, 'USD'), 200);
    await setPrice(t.app, 'ETH', 1800.25);
    expectStatus(await sell(t.app, ann, 'ETH', 100.01, 'USD'), 200);
    await setPrice(t.app, 'ETH', 2100);
    // A fill from two days ago is not in today's volume.
    await insertTransaction(t.ctx.db, ann.id, {
      symbol: 'ETH',
      totalCents: USD(5000),
      createdAt: Date.now() - 2 * 86_400_000,
    });
    const res = await dayStats('ethusd');
    expectStatus(res, 200);
    expect(res.json<AssetDayStats>()).toEqual({
      id: 'ethusd',
      symbol: 'ETH',
      low: 1800.25,
      high: 4600.5,
      volume: 1100.01,
      trades: 2,
    });
  });

  it('candles older than a day are out of the range', async () => {
    const old = Date.now() - 3 * 86_400_000;
    await t.ctx.db
      .insertInto('candles')
      .values({
        asset_id: 'solusd',
        interval: '1m',
        start_ts: old - (old % 60_000),
        open: units('1'),
        high: units('999'),
        low: units('0.5'),
        close: units('1'),
      })
      .execute();
    await setPrice(t.app, 'SOL', 300);
    const body = (await dayStats('solusd')).json<AssetDayStats>();
    // Today's candle opened where the price stood before the tick: the catalog's 215.40.
    expect(body).toMatchObject({ low: 215.4, high: 300, volume: 0, trades: 0 });
  });

  it('an unknown asset is 404', async () => {
    expectStatus(await dayStats('nopeusd'), 404, 'ASSET_NOT_FOUND');
  });
});
