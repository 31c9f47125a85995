import type { Contest } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { raceSeed, seededRandom } from '../../../test/race-kit.ts';
import { createTestUser, testDialect, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * Class rules (docs/api.md, "Class rules and reports";
 * docs/decisions/036-trade-notes-and-class-rules.md), each refused and allowed at its edge, and
 * checked under the portfolio's lock so parallel orders cannot pass together.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Period 4');

const SEED = raceSeed();
console.log(`class-rules seed: RACE_SEED=${SEED} (${testDialect})`);
const rng = seededRandom(SEED);

async function classWith(rules: Record<string, unknown>) {
  await setPrice(t.app, 'BTC', 50_000);
  await setPrice(t.app, 'ETH', 2_000);
  const teacher = await host('TEACHER');
  const klass = await create(teacher, { kind: 'CLASS', ...rules });
  const student = await createTestUser(t.ctx);
  const wallet = await join(student, klass.joinCode ?? '');
  const order = (url: string, body: Record<string, unknown>, who: TestUser = student) =>
    call(who, 'POST', url, { walletAddress: wallet, ...body }, wallet);
  return { teacher, klass, student, wallet, order };
}

const fieldOf = (res: { json: <T>() => T }) => res.json<{ field?: string }>().field;

describe('class rules', () => {
  it('the owner sets the rules on create and changes them on edit, and bad values are refused', async () => {
    const { teacher, klass } = await classWith({
      maxPositionPercent: 25,
      maxTradesPerDay: 5,
      requireNotes: true,
    });
    expect(klass).toMatchObject({
      maxPositionPercent: 25,
      maxTradesPerDay: 5,
      requireNotes: true,
      rankBy: 'RETURN',
    });
    const edited = await call(teacher, 'PATCH', `/contests/${klass.id}`, {
      maxPositionPercent: null,
      requireNotes: false,
      rankBy: 'SHARPE',
    });
    expectStatus(edited, 200);
    expect(edited.json<Contest>()).toMatchObject({
      maxPositionPercent: null,
      maxTradesPerDay: 5,
      requireNotes: false,
      rankBy: 'SHARPE',
    });
    for (const bad of [
      { maxPositionPercent: 9 },
      { maxPositionPercent: 101 },
      { maxTradesPerDay: 0 },
    ]) {
      const res = await call(teacher, 'PATCH', `/contests/${klass.id}`, bad);
      expectStatus(res, 400, 'VALIDATION_ERROR');
      expect(fieldOf(res)).toBe(Object.keys(bad)[0]);
    }
  });

  it('requireNotes refuses an order without a note under the note field and takes one with it', async () => {
    const { order } = await classWith({ requireNotes: true });
    const bare = { symbol: 'BTC', assetAmount: 500, unit: 'USD' };
    const refused = await order('/purchase-asset', bare);
    expectStatus(refused, 400, 'NOTE_REQUIRED');
    expect(fieldOf(refused)).toBe('note');
    expectStatus(await order('/purchase-asset', { ...bare, note: '   ' }), 400, 'NOTE_REQUIRED');
    const limit = { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 100 };
    expectStatus(await order('/open-limit-position', limit), 400, 'NOTE_REQUIRED');
    expectStatus(await order('/purchase-asset', { ...bare, note: 'diversifying' }), 200);
    expectStatus(await order('/open-limit-position', { ...limit, note: 'a cheaper entry' }), 201);
    expect(await t.ctx.db.selectFrom('transactions').select('note').execute()).toEqual([
      { note: 'diversifying' },
    ]);
  });

  it('maxTradesPerDay lets the last allowed order through and refuses the next with 409 TRADE_LIMIT', async () => {
    const { order } = await classWith({ maxTradesPerDay: 3 });
    const buy = { symbol: 'BTC', assetAmount: 100, unit: 'USD' };
    expectStatus(await order('/purchase-asset', buy), 200);
    expectStatus(await order('/sell-asset', { symbol: 'BTC', assetAmount: 0.0001 }), 200);
    const limit = { type: 'PURCHASE', symbol: 'ETH', limitAsk: 1_000, purchaseAsk: 100 };
    expectStatus(await order('/open-limit-position', limit), 201);
    expectStatus(await order('/purchase-asset', buy), 409, 'TRADE_LIMIT');
    expectStatus(await order('/open-limit-position', limit), 409, 'TRADE_LIMIT');
  });

  it('a resting order placed within the trade limit still fills, and its fill is not counted again', async () => {
    const { order } = await classWith({ maxTradesPerDay: 2 });
    const limit = { type: 'PURCHASE', symbol: 'ETH', limitAsk: 1_900, purchaseAsk: 100 };
    expectStatus(await order('/open-limit-position', limit), 201);
    await setPrice(t.app, 'ETH', 1_800);
    expect(await t.ctx.db.selectFrom('transactions').select('method').execute()).toEqual([
      { method: 'LIMIT' },
    ]);
    expectStatus(
      await order('/purchase-asset', { symbol: 'BTC', assetAmount: 100, unit: 'USD' }),
      200,
    );
  });

  it('maxPositionPercent takes a buy up to exactly the limit and refuses one cent beyond with 400 POSITION_LIMIT', async () => {
    // 10,000 USD to start; 25 % is 2,500 of BTC.
    const { order } = await classWith({ maxPositionPercent: 25 });
    expectStatus(
      await order('/purchase-asset', { symbol: 'BTC', assetAmount: 2_000, unit: 'USD' }),
      200,
    );
    // A working buy reserves: 500 more of BTC is the limit exactly, counting the reservation.
    const limit = { type: 'PURCHASE', symbol: 'BTC', limitAsk: 40_000, purchaseAsk: 500.01 };
    const over = await order('/open-limit-position', limit);
    expectStatus(over, 400, 'POSITION_LIMIT');
    expect(fieldOf(over)).toBe('purchaseAsk');
    expectStatus(await order('/open-limit-position', { ...limit, purchaseAsk: 500 }), 201);
    const beyond = await order('/purchase-asset', {
      symbol: 'BTC',
      assetAmount: 0.01,
      unit: 'USD',
    });
    expectStatus(beyond, 400, 'POSITION_LIMIT');
    expect(fieldOf(beyond)).toBe('assetAmount');
    // Another asset, and a sale, are not held back by BTC's share.
    expectStatus(
      await order('/purchase-asset', { symbol: 'ETH', assetAmount: 2_500, unit: 'USD' }),
      200,
    );
    expectStatus(await order('/sell-asset', { symbol: 'BTC', assetAmount: 0.01 }), 200);
  });

  it('changing a working buy re-checks maxPositionPercent with its new amount and a smaller amount always passes', async () => {
    // 10,000 USD to start; 25 % is 2,500 of BTC.
    const { order, student, wallet } = await classWith({ maxPositionPercent: 25 });
    const opened = await order('/open-limit-position', {
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 2_000,
    });
    expectStatus(opened, 201);
    const { positionId } = opened.json<{ limitPosition: { positionId: string } }>().limitPosition;
    const change = (body: Record<string, unknown>) =>
      call(
        student,
        'PUT',
        '/limit-position',
        { walletAddress: wallet, positionId, ...body },
        wallet,
      );
    const over = await change({ purchaseAsk: 2_500.01 });
    expectStatus(over, 400, 'POSITION_LIMIT');
    expect(fieldOf(over)).toBe('purchaseAsk');
    const kept = await t.ctx.db
      .selectFrom('limit_orders')
      .select('purchase_cents')
      .executeTakeFirstOrThrow();
    expect(BigInt(kept.purchase_cents ?? 0)).toBe(200_000n);
    expectStatus(await change({ purchaseAsk: 2_500 }), 200);
    // Above the limit price the order rests; a market buy then takes the room it gave back.
    await setPrice(t.app, 'BTC', 60_000);
    expectStatus(await change({ purchaseAsk: 1_000 }), 200);
    expectStatus(
      await order('/purchase-asset', { symbol: 'BTC', assetAmount: 1_500, unit: 'USD' }),
      200,
    );
    const moved = await change({ limitAsk: 45_000, purchaseAsk: 1_000.01 });
    expectStatus(moved, 400, 'POSITION_LIMIT');
    expectStatus(await change({ purchaseAsk: 900 }), 200);
  });

  it('parallel buys cannot pass the trade limit or the position limit together', async () => {
    const { order } = await classWith({ maxTradesPerDay: 3, maxPositionPercent: 30 });
    // Position: 30 % of 10,000 is 3,000; each buy is 1,000, so at most three pass by value, and
    // the trade limit is three too; with one buy placed first, two more may pass, not more.
    expectStatus(
      await order('/purchase-asset', { symbol: 'BTC', assetAmount: 1_000, unit: 'USD' }),
      200,
    );
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? () => order('/purchase-asset', { symbol: 'BTC', assetAmount: 1_000, unit: 'USD' })
        : () =>
            order('/open-limit-position', {
              type: 'PURCHASE',
              symbol: 'BTC',
              limitAsk: 40_000,
              purchaseAsk: 1_000,
            }),
    );
    rng.shuffle(calls);
    const answers = await Promise.all(calls.map((c) => c()));
    const passed = answers.filter((a) => a.statusCode < 300);
    const codes = answers
      .filter((a) => a.statusCode >= 300)
      .map((a) => a.json<{ code: string }>().code);
    expect(passed).toHaveLength(2);
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(['TRADE_LIMIT', 'POSITION_LIMIT']).toContain(code);

    // Position alone: one more buy of 1,000 would take BTC to 4,000 of about 10,000.
    const second = await classWith({ maxPositionPercent: 30 });
    const buys = Array.from({ length: 8 }, () =>
      second.order('/purchase-asset', { symbol: 'BTC', assetAmount: 1_000, unit: 'USD' }),
    );
    const results = await Promise.all(buys);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(
      results.filter(
        (r) => r.statusCode === 400 && r.json<{ code: string }>().code === 'POSITION_LIMIT',
      ),
    ).toHaveLength(5);
  });

  it('a main portfolio and a contest without rules trade as before', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const ann = await createTestUser(t.ctx);
    const buy = {
      walletAddress: ann.walletAddress,
      symbol: 'BTC',
      assetAmount: 9_000,
      unit: 'USD',
    };
    expectStatus(await call(ann, 'POST', '/purchase-asset', buy), 200);
    const { order } = await classWith({});
    for (let i = 0; i < 3; i += 1)
      expectStatus(
        await order('/purchase-asset', { symbol: 'BTC', assetAmount: 3_000, unit: 'USD' }),
        200,
      );
  });
});
