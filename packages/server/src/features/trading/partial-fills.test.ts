import type { User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import {
  cancelLimit,
  currentUser,
  expectStatus,
  openLimit,
  setPrice,
  updateUser,
} from '../../../test/calls.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';
import type { TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { tradedShares } from './traded-volume.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2, fillModel: 'BOOK' });

/** XMR trades about $1,157 a second (market/asset-catalog.ts): a $3,000 buy fills in parts. */
const LIMIT = 190;
const LIMIT_UNITS = 19_000_000_000n;

async function openXmrBuy(
  user: TestUser,
  purchaseAsk: number,
  extra: Record<string, unknown> = {},
) {
  await setPrice(t.app, 'XMR', 200);
  const res = await openLimit(t.app, user, {
    type: 'PURCHASE',
    symbol: 'XMR',
    limitAsk: LIMIT,
    purchaseAsk,
    ...extra,
  });
  expectStatus(res, 201);
  return res.json<OpenAnswer>().limitPosition.positionId;
}

/** What the tick at `at`, at the limit exactly, trades for buyers of XMR. */
const volumeAt = (at: number | bigint) =>
  tradedShares({
    seed: t.ctx.config.marketSeed,
    symbol: 'XMR',
    side: 'PURCHASE',
    price: LIMIT_UNITS,
    at: Number(at),
    best: LIMIT_UNITS,
  });

const notices = (user: TestUser) =>
  t.ctx.db
    .selectFrom('notifications')
    .select(['text', 'type'])
    .where('user_id', '=', user.id)
    .where('type', '=', 'TRANSACTION')
    .execute();

describe('partial fills of resting orders', () => {
  it('a buy larger than the tick volume fills in part, then completes over later ticks', async () => {
    const id = await openXmrBuy(ann, 3_000);
    await setPrice(t.app, 'XMR', LIMIT);
    const [first] = await fillsOf(t.ctx, id);
    expect(first).toBeDefined();
    expect(BigInt(first?.shares ?? 0)).toBe(volumeAt(first?.created_at ?? 0));
    const row = await orderRow(t.ctx, id);
    expect(row.status).toBe('WORKING');
    expect(BigInt(row.filled_shares)).toBe(BigInt(first?.shares ?? 0));
    const user = await currentUser(t.app, ann);
    const position = user.limitPositions.find((p) => p.positionId === id);
    expect(position).toMatchObject({ status: 'PARTIALLY_FILLED' });
    expect(position?.filledShares).toBeGreaterThan(0);
    expect(position?.remainingShares).toBeGreaterThan(0);

    for (let i = 0; i < 20 && (await orderRow(t.ctx, id)).status === 'WORKING'; i += 1)
      await setPrice(t.app, 'XMR', LIMIT);
    const done = await orderRow(t.ctx, id);
    expect(done.status).toBe('FILLED');
    const fills = await fillsOf(t.ctx, id);
    expect(fills.length).toBeGreaterThan(1);
    const shares = fills.reduce((s, f) => s + BigInt(f.shares), 0n);
    expect(BigInt(done.filled_shares)).toBe(shares);
    // The cash the order took is exactly what its slices cost, the change back.
    const spent = fills.reduce((s, f) => s + BigInt(f.total_cents) + BigInt(f.fee_cents), 0n);
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({
      cash: 10_000_000n - spent,
      shares,
      reservedCash: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('each slice shrinks the reservation by exactly its total and fee', async () => {
    const id = await openXmrBuy(ann, 3_000);
    const before = BigInt((await orderRow(t.ctx, id)).purchase_cents ?? 0);
    await setPrice(t.app, 'XMR', LIMIT);
    const [slice] = await fillsOf(t.ctx, id);
    const after = BigInt((await orderRow(t.ctx, id)).purchase_cents ?? 0);
    expect(before - after).toBe(BigInt(slice?.total_cents ?? 0) + BigInt(slice?.fee_cents ?? 0));
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({ reservedCash: after });
  });

  it('the earlier of two orders at one price fills first', async () => {
    const first = await openXmrBuy(ann, 3_000);
    const second = await openXmrBuy(bob, 3_000);
    await setPrice(t.app, 'XMR', LIMIT);
    expect(BigInt((await orderRow(t.ctx, first)).filled_shares)).toBeGreaterThan(0n);
    expect(BigInt((await orderRow(t.ctx, second)).filled_shares)).toBe(0n);
    expect(await fillsOf(t.ctx, second)).toHaveLength(0);
  });

  it('a cancel after a partial fill releases only the rest', async () => {
    const id = await openXmrBuy(ann, 3_000);
    await setPrice(t.app, 'XMR', LIMIT);
    const [slice] = await fillsOf(t.ctx, id);
    const res = await cancelLimit(t.app, ann, id);
    expectStatus(res, 200);
    const spent = BigInt(slice?.total_cents ?? 0) + BigInt(slice?.fee_cents ?? 0);
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({
      cash: 10_000_000n - spent,
      shares: BigInt(slice?.shares ?? 0),
      reservedCash: 0n,
    });
    const position = res.json<User>().limitPositions.find((p) => p.positionId === id);
    expect(position).toMatchObject({ status: 'CANCELLED' });
    expect(position?.filledShares).toBeGreaterThan(0);
    await expectSound(t.ctx, [ann.id]);
  });

  it('the owner is told once, when the order completes', async () => {
    const id = await openXmrBuy(ann, 3_000);
    await setPrice(t.app, 'XMR', LIMIT);
    expect(await notices(ann)).toHaveLength(0);
    for (let i = 0; i < 20 && (await orderRow(t.ctx, id)).status === 'WORKING'; i += 1)
      await setPrice(t.app, 'XMR', LIMIT);
    const told = await notices(ann);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('in parts');
  });

  it('an owner whose fill model is IDEAL fills whole on the first tick', async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
    const id = await openXmrBuy(ann, 3_000);
    await setPrice(t.app, 'XMR', LIMIT);
    expect((await orderRow(t.ctx, id)).status).toBe('FILLED');
    expect(await fillsOf(t.ctx, id)).toHaveLength(1);
  });
});

describe('a bracket purchase filled in parts', () => {
  it("opens legs for each slice's shares, so the legs hold exactly what the parent got", async () => {
    const id = await openXmrBuy(ann, 3_000, {
      attached: { takeProfit: { limitAsk: 250 }, stopLoss: { stopPrice: 150 } },
    });
    await setPrice(t.app, 'XMR', LIMIT);
    const legsOf = () =>
      t.ctx.db.selectFrom('limit_orders').selectAll().where('parent_id', '=', id).execute();
    const sumOf = (rows: { leg: string | null; sell_shares: bigint | null }[], leg: string) =>
      rows.filter((r) => r.leg === leg).reduce((s, r) => s + BigInt(r.sell_shares ?? 0), 0n);
    const first = await legsOf();
    const got = BigInt((await orderRow(t.ctx, id)).filled_shares);
    expect(got).toBeGreaterThan(0n);
    expect(sumOf(first, 'TAKE_PROFIT')).toBe(got);
    expect(sumOf(first, 'STOP_LOSS')).toBe(got);
    // The slice's shares are held by its legs, not free.
    expect(await balances(t.ctx, ann.id, 'XMR')).toMatchObject({ shares: 0n });

    for (let i = 0; i < 20 && (await orderRow(t.ctx, id)).status === 'WORKING'; i += 1)
      await setPrice(t.app, 'XMR', LIMIT);
    const done = await orderRow(t.ctx, id);
    expect(done.status).toBe('FILLED');
    const legs = await legsOf();
    expect(sumOf(legs, 'TAKE_PROFIT')).toBe(BigInt(done.filled_shares));
    expect(sumOf(legs, 'STOP_LOSS')).toBe(BigInt(done.filled_shares));
    await expectSound(t.ctx, [ann.id]);
  });
});
