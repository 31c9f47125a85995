import { MAX_TRIGGERED_ALERTS, priceFromNumber, type PriceUnits } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { deleteUser, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { createAlertTrigger } from './alert-trigger.ts';
import { alertNotices, listAlertsCall, setAlert } from '../../../test/alert-test-kit.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const silent = { error: () => undefined };
const prices = (entries: Record<string, number>): Map<string, PriceUnits> =>
  new Map(Object.entries(entries).map(([symbol, n]) => [symbol, priceFromNumber(n) ?? 0n]));

/** The user-changed events published while `work` runs: what makes /live send the user record. */
async function userEvents(work: () => Promise<unknown>): Promise<string[]> {
  const events: BusEvent[] = [];
  const unsubscribe = t.ctx.bus.subscribe((e) => events.push(e));
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return events.flatMap((e) => (e.type === 'user-changed' ? [e.userId] : []));
}

const waitingCount = async () =>
  (
    await t.ctx.db
      .selectFrom('price_alerts')
      .select('id')
      .where('triggered_at', 'is', null)
      .execute()
  ).length;

describe('the alert trigger', () => {
  it('fires an ABOVE alert once, on the first tick that reaches it, with a notification linking to the asset', async () => {
    // BTC starts at $95,000.
    const id = await setAlert(t.app, ann, { symbol: 'BTC', above: 96_000 });
    expect(await userEvents(() => setPrice(t.app, 'BTC', 95_999.99))).not.toContain(ann.id);
    expect(await alertNotices(t.ctx, ann.id)).toEqual([]);

    const before = Date.now();
    expect(await userEvents(() => setPrice(t.app, 'BTC', 96_000))).toContain(ann.id);
    const notices = await alertNotices(t.ctx, ann.id);
    expect(notices).toEqual([
      {
        type: 'INFORMATIVE',
        text: 'Price alert: BTC rose to $96,000.00, at or above your alert at $96,000.00',
        url: '/asset?pair=btcusd',
        read: 0,
        at: expect.any(Number) as unknown,
      },
    ]);
    const [alert] = (await listAlertsCall(t.app, ann)).json<
      { id: string; triggeredAt: number }[]
    >();
    expect(alert).toMatchObject({ id, above: 96_000 });
    expect(alert?.triggeredAt).toBeGreaterThanOrEqual(before);
    expect(notices[0]?.at).toBe(alert?.triggeredAt);

    // Never again: back under, over again, and further still.
    await setPrice(t.app, 'BTC', 90_000);
    await setPrice(t.app, 'BTC', 97_000);
    await setPrice(t.app, 'BTC', 120_000);
    expect(await alertNotices(t.ctx, ann.id)).toHaveLength(1);
    expect((await listAlertsCall(t.app, ann)).json()).toEqual([alert]);
  });

  it('fires a BELOW alert when the price falls to it, and only alerts of the symbol that moved', async () => {
    await setAlert(t.app, ann, { symbol: 'BTC', below: 94_000.5 });
    await setAlert(t.app, ann, { symbol: 'BTC', above: 100_000 });
    const ethPrice = (
      await t.ctx.db
        .selectFrom('assets')
        .select('price')
        .where('symbol', '=', 'ETH')
        .executeTakeFirstOrThrow()
    ).price;
    await setAlert(t.app, ann, { symbol: 'ETH', below: Number(ethPrice) / 1e8 - 1 });

    await setPrice(t.app, 'BTC', 94_000.49);
    const notices = await alertNotices(t.ctx, ann.id);
    expect(notices.map((n) => [n.text, n.url])).toEqual([
      [
        'Price alert: BTC fell to $94,000.49, at or below your alert at $94,000.50',
        '/asset?pair=btcusd',
      ],
    ]);
    expect(await waitingCount()).toBe(2);
  });

  it('a tick that reaches no alert fires nothing, writes nothing and tells no one', async () => {
    await setAlert(t.app, ann, { symbol: 'BTC', above: 100_000 });
    await setAlert(t.app, ann, { symbol: 'BTC', below: 90_000 });
    await setAlert(t.app, bob, { symbol: 'BTC', above: 99_000.01 });
    const trigger = createAlertTrigger(t.ctx, silent);
    const events = await userEvents(async () => {
      expect(await trigger(prices({ BTC: 99_000, ETH: 1, SOL: 1_000_000 }), Date.now())).toEqual({
        fired: 0,
      });
      await setPrice(t.app, 'BTC', 90_000.01);
    });
    expect(events).toEqual([]);
    expect(await waitingCount()).toBe(3);
    expect(await alertNotices(t.ctx, ann.id)).toEqual([]);
    expect(await alertNotices(t.ctx, bob.id)).toEqual([]);
  });

  it('fires every reached alert of many users exactly once across batches', async () => {
    for (let i = 0; i < 4; i += 1) {
      await setAlert(t.app, ann, { symbol: 'BTC', above: 96_000 + i });
      await setAlert(t.app, bob, { symbol: 'BTC', above: 96_000 + i });
    }
    await setAlert(t.app, bob, { symbol: 'BTC', above: 96_004 });
    const trigger = createAlertTrigger(t.ctx, silent, { batchSize: 3 });
    const events = await userEvents(async () =>
      expect(await trigger(prices({ BTC: 96_003 }), Date.now())).toEqual({ fired: 8 }),
    );
    expect(events.sort()).toEqual([ann.id, bob.id].sort());
    expect(await alertNotices(t.ctx, ann.id)).toHaveLength(4);
    expect(await alertNotices(t.ctx, bob.id)).toHaveLength(4);
    expect(await waitingCount()).toBe(1);
    expect(await trigger(prices({ BTC: 96_003 }), Date.now())).toEqual({ fired: 0 });
  });

  it('two instances reaching the same alerts at once fire each of them once', async () => {
    for (let i = 0; i < 20; i += 1)
      await setAlert(t.app, i % 2 ? ann : bob, { symbol: 'BTC', above: 96_000 + i });
    // Two triggers over one database, as two instances' ticks (a leader's and a market-control
    // tick elsewhere) would be; on PostgreSQL they run on separate connections at the same time.
    const one = createAlertTrigger(t.ctx, silent, { batchSize: 4 });
    const two = createAlertTrigger(t.ctx, silent, { batchSize: 4 });
    const tick = prices({ BTC: 200_000 });
    const results = await Promise.all([
      one(tick, Date.now()),
      two(tick, Date.now()),
      one(tick, Date.now()),
    ]);
    expect(results.reduce((sum, r) => sum + r.fired, 0)).toBe(20);
    expect(await alertNotices(t.ctx, ann.id)).toHaveLength(10);
    expect(await alertNotices(t.ctx, bob.id)).toHaveLength(10);
    expect(await waitingCount()).toBe(0);
  });

  it(`keeps the ${MAX_TRIGGERED_ALERTS} most recently fired alerts once a new one is set`, async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 30; i += 1)
        await setAlert(t.app, ann, { symbol: 'BTC', above: 96_000 + i });
      await setPrice(t.app, 'BTC', 96_100);
      await setPrice(t.app, 'BTC', 95_000);
    }
    const stored = () =>
      t.ctx.db.selectFrom('price_alerts').select('id').where('user_id', '=', ann.id).execute();
    expect(await stored()).toHaveLength(60);
    expect((await listAlertsCall(t.app, ann)).json<unknown[]>()).toHaveLength(MAX_TRIGGERED_ALERTS);
    await setAlert(t.app, ann, { symbol: 'BTC', above: 99_000 });
    expect(await stored()).toHaveLength(MAX_TRIGGERED_ALERTS + 1);
  });

  it("a deleted user's alerts go with the account", async () => {
    await setAlert(t.app, ann, { symbol: 'BTC', above: 96_000 });
    const res = await deleteUser(t.app, ann);
    expect(res.statusCode).toBe(204);
    expect(await waitingCount()).toBe(0);
    await setPrice(t.app, 'BTC', 97_000);
  });
});
