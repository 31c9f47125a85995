import type { LimitPosition } from '@papertrade/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buy, cancelLimit, openLimit, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import type { OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { createLimitTrigger } from './limit-trigger.ts';
import { expectSound, moneySnapshot } from '../../../test/trading-test-kit.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const Step = fc.oneof(
  fc.record({
    op: fc.constant('open' as const),
    type: fc.constantFrom('PURCHASE' as const, 'SELL' as const),
    kind: fc.constantFrom('LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP', 'BRACKET', 'OCO'),
    offset: fc.integer({ min: 1, max: 15 }),
    amount: fc.integer({ min: 1, max: 40 }),
    tif: fc.constantFrom('GTC', 'DAY', 'GTD'),
  }),
  fc.record({
    op: fc.constant('modify' as const),
    pick: fc.nat(),
    offset: fc.integer({ min: 1, max: 15 }),
    amount: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('price' as const), percent: fc.integer({ min: -12, max: 12 }) }),
  fc.record({ op: fc.constant('expire' as const) }),
);

/**
 * Whatever happens to working orders of every kind (opened, modified, cancelled, filled by price
 * moves, expired), the ledger stays exact after every step: free cash plus what WORKING orders
 * reserve plus the cost of buys less the proceeds of sells is the starting balance, and free
 * plus reserved shares are the open lots (test/ledger-check.ts). Failed requests
 * (a stop on the wrong side, too little cash) must change nothing, which the same check sees.
 */
describe('reservations of working orders', () => {
  it('always equal the sum of the working orders needs across random opens, modifies, cancels, fills and expiries', async () => {
    await setPrice(t.app, 'ETH', 2_000);
    // Shares for the sells. On the book (TEST_FILL_MODEL=BOOK) the jump to 2,000 leaves it thin:
    // the buy gets what it holds, or is refused whole (409 NO_LIQUIDITY) having moved nothing.
    const before = await moneySnapshot(t.ctx, [ann.id]);
    const bought = await buy(t.app, ann, 'ETH', 5);
    if (bought.statusCode === 409 && bought.json<{ code: string }>().code === 'NO_LIQUIDITY')
      expect(await moneySnapshot(t.ctx, [ann.id])).toEqual(before);
    else expect(bought.statusCode, bought.body).toBe(200);
    let price = 2_000;
    let later = Date.now() + 3 * 86_400_000;
    const ids: string[] = [];
    const trigger = createLimitTrigger(t.ctx, { error: () => undefined });

    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 5, maxLength: 14 }), async (steps) => {
        for (const s of steps) {
          if (s.op === 'open') {
            const away = (sign: number) =>
              Number((price * (1 + (sign * s.offset) / 100)).toFixed(2));
            // Stops beyond the price, limits before it: both wait.
            const stopSign = s.type === 'PURCHASE' ? 1 : -1;
            const body: Record<string, unknown> = {
              type: s.type,
              symbol: 'ETH',
              orderType: s.kind,
              timeInForce: s.tif,
            };
            // A bracket: a limit buy whose fill opens a take-profit and a stop-loss (trailing every other time).
            if (s.kind === 'BRACKET') {
              Object.assign(body, { type: 'PURCHASE', orderType: 'LIMIT', limitAsk: away(-1) });
              const stopLoss = s.offset % 2 ? { trailPercent: s.offset } : { stopPrice: away(-2) };
              body.attached = { takeProfit: { limitAsk: away(1) }, stopLoss };
            }
            // An OCO pair on held shares around the current price.
            if (s.kind === 'OCO')
              Object.assign(body, {
                type: 'SELL',
                takeProfit: { limitAsk: away(1) },
                stopLoss: { stopPrice: away(-1) },
              });
            if (s.kind === 'LIMIT') body.limitAsk = away(-stopSign);
            if (s.kind === 'STOP' || s.kind === 'STOP_LIMIT') body.stopPrice = away(stopSign);
            if (s.kind === 'STOP_LIMIT') body.limitAsk = away(stopSign);
            if (s.kind === 'TRAILING_STOP') body.trailPercent = s.offset;
            if (s.tif === 'GTD') body.expiresAt = Date.now() + 86_400_000;
            if (body.type === 'PURCHASE') body.purchaseAsk = s.amount * 100;
            else body.sellAsk = s.amount / 40;
            const res = await openLimit(t.app, ann, body);
            if (res.statusCode === 201) ids.push(res.json<OpenAnswer>().limitPosition.positionId);
          } else if (s.op === 'modify' && ids.length) {
            const id = ids[s.pick % ids.length] as string;
            const row = await t.ctx.db
              .selectFrom('limit_orders')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            const change: Record<string, unknown> = {
              positionId: id,
              walletAddress: ann.walletAddress,
            };
            if (row.type === 'PURCHASE') change.purchaseAsk = s.amount * 100;
            else change.sellAsk = s.amount / 40;
            if (row.order_type === 'LIMIT' && row.tp_limit_price === null && row.leg === null)
              change.limitAsk = Number(
                (
                  price * (row.type === 'PURCHASE' ? 1 - s.offset / 100 : 1 + s.offset / 100)
                ).toFixed(2),
              );
            const res = await t.app.inject({
              method: 'PUT',
              url: '/limit-position',
              headers: ann.headers,
              payload: change,
            });
            expect([200, 400, 409]).toContain(res.statusCode);
            if (row.status !== 'WORKING') expect(res.statusCode).toBe(409);
          } else if (s.op === 'cancel' && ids.length) {
            const res = await cancelLimit(t.app, ann, ids[s.pick % ids.length] as string);
            expect([200, 409]).toContain(res.statusCode);
          } else if (s.op === 'price') {
            price = Math.max(100, Number((price * (1 + s.percent / 100)).toFixed(2)));
            await setPrice(t.app, 'ETH', price);
          } else if (s.op === 'expire') {
            later += 86_400_000;
            await trigger(new Map([['ETH', BigInt(Math.round(price * 1e8))]]), later);
          }
          await expectSound(t.ctx, [ann.id]);
        }
        // Every order is in one state, and only WORKING ones hold anything.
        const orders = await t.ctx.db
          .selectFrom('limit_orders')
          .select(['status'])
          .where('portfolio_id', '=', ann.id)
          .execute();
        for (const o of orders)
          expect([
            'WORKING',
            'FILLED',
            'CANCELLED',
            'EXPIRED',
          ] as LimitPosition['status'][]).toContain(o.status);
      }),
      // A fixed seed: the same sequences on both databases, so the coverage checks below are stable.
      // (RACE_SEED-style exploration: change it locally; every seed must keep the ledger exact.)
      { numRuns: 45, seed: Number(process.env.PROPERTY_SEED ?? 20261124) },
    );
    // The sequences did reach every ending, so the check above saw each of them.
    const ends = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'order_type'])
      .where('portfolio_id', '=', ann.id)
      .execute();
    for (const status of ['FILLED', 'CANCELLED', 'EXPIRED'])
      expect(ends.some((o) => o.status === status)).toBe(true);
    for (const kind of ['STOP', 'STOP_LIMIT', 'TRAILING_STOP'])
      expect(ends.some((o) => o.order_type === kind && o.status === 'FILLED')).toBe(true);
    // Pairs were opened by brackets and by OCO sells, and a leg filled with its other leg cancelled.
    const legs = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'parent_id', 'oco_group_id'])
      .where('portfolio_id', '=', ann.id)
      .where('leg', 'is not', null)
      .execute();
    expect(legs.some((o) => o.parent_id !== null)).toBe(true);
    expect(legs.some((o) => o.parent_id === null)).toBe(true);
    expect(legs.some((o) => o.status === 'FILLED' && o.oco_group_id !== null)).toBe(true);
  }, 240_000);
});
