import { trading } from '@alpacahq/alpaca-trade-api';
import { describe, expect, it } from 'vitest';
import {
  createBot,
  crossing,
  type StepAction,
} from '../../../../../examples/sma-crossover-bot/bot.ts';
import { createTestKey, listenOrigin } from '../../../test/alpaca-data-kit.ts';
import { setPrice } from '../../../test/calls.ts';
import { expectLedgersSound } from '../../../test/ledger-check.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * The example bot (examples/sma-crossover-bot, docs/bots.md) against the test server, through the
 * official SDK as a user runs it. A minute of the simulated market is 60 ticks of a second; here
 * each tick is set by market control and the bot takes one step after it, so the minute passes in
 * about as long as its requests take, and the same prices give the same trades every run.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

/** 60 ticks: flat, a rise, a slow fall, a second rise, then a crash through the stop-loss. */
function minuteOfPrices(): number[] {
  const path: number[] = [];
  for (let i = 0; i < 10; i++) path.push(50_000);
  for (let i = 1; i <= 12; i++) path.push(50_000 + i * 100);
  for (let i = 1; i <= 14; i++) path.push(51_200 - i * 100);
  for (let i = 1; i <= 14; i++) path.push(49_800 + i * 100);
  for (let i = 0; i < 10; i++) path.push(47_000);
  return path;
}

describe('the SMA crossover example bot', () => {
  it('crossing tells a cross of the fast average above and below the slow one', () => {
    expect(crossing([5, 5, 5, 5], 2, 3)).toBeNull();
    expect(crossing([5, 5, 5, 6], 2, 3)).toBe('up');
    expect(crossing([5, 5, 5, 4], 2, 3)).toBe('down');
    expect(crossing([5, 5, 6], 2, 3)).toBeNull();
  });

  it('trades a minute of the simulated market: buys with its stop set, sells on the cross down, and the stop catches the crash', async () => {
    const origin = await listenOrigin(t.app);
    const key = await createTestKey(t.app, ann);
    const lines: string[] = [];
    const bot = createBot(
      {
        tradingUrl: origin,
        dataUrl: origin,
        keyId: key.keyId,
        secret: key.secret,
        symbol: 'BTC/USD',
        fast: 3,
        slow: 8,
        qty: '0.01',
        stopLossPercent: 2,
        pollMs: 0,
      },
      (line) => lines.push(line),
    );
    const sdk = new trading.Configuration({
      basePath: origin,
      keyId: key.keyId,
      secret: key.secret,
    });
    const orders = new trading.OrdersApi(sdk);
    const positions = new trading.PositionsApi(sdk);
    const activities = new trading.AccountActivitiesApi(sdk);
    const actions: StepAction[] = [];
    let stopsSeen = 0;
    for (const price of minuteOfPrices()) {
      await setPrice(t.app, 'BTC', price);
      const action = await bot.step();
      actions.push(action);
      expect(action.price).toBe(price);
      if (action.kind === 'buy') {
        // The buy filled at once and its stop-loss works for what it bought.
        expect(action.order).toMatchObject({ status: 'filled', orderClass: 'oto' });
        const [stop] = action.order.legs ?? [];
        expect(stop).toMatchObject({ type: 'stop', side: 'sell', status: 'new' });
        expect(stop?.qty).toBe(action.order.filledQty);
        expect(Number(stop?.stopPrice)).toBeCloseTo(price * 0.98, 2);
        stopsSeen++;
      }
    }
    expect(actions.map((a) => a.kind).filter((k) => k !== 'wait')).toEqual(['buy', 'sell', 'buy']);
    expect(stopsSeen).toBe(2);

    // The first stop was cancelled for the sale; the second caught the crash.
    const all = await orders.getAllOrders({ status: 'all', nested: true, direction: 'asc' });
    const buys = all.filter((o) => o.orderClass === 'oto');
    expect(buys.map((o) => o.legs?.[0]?.status)).toEqual(['canceled', 'filled']);
    // Four fills: two buys, the sale on the cross down, the stop-loss in the crash.
    const fills = await activities.getAccountActivitiesByActivityType({ activityType: 'FILL' });
    expect(fills).toHaveLength(4);
    expect(fills.every((f) => f.symbol === 'BTC/USD' && f.qty === '0.01')).toBe(true);
    expect(await positions.getAllOpenPositions()).toEqual([]);
    expect(lines).toHaveLength(3);
    await expectLedgersSound(t.ctx, [ann.id]);
  });
});
