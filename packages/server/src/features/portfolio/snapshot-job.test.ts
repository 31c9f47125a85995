import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../../test/test-app.ts';
import { insertOrder, setHolding, setStoredPrice, units, USD } from '../../../test/test-rows.ts';
import { runSnapshotJob, SNAPSHOT_EVERY_MS, startBalanceSnapshots } from './snapshot-job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshotsOf = (userId: string) =>
  t.ctx.db
    .selectFrom('balance_snapshots')
    .select(['ts', 'balance_cents', 'epoch'])
    .where('portfolio_id', '=', userId)
    .orderBy('ts')
    .execute();

describe('hourly balance snapshots', () => {
  test('snapshot users with holdings or working orders, hourly, once per hour', async () => {
    await setStoredPrice(t.ctx.db, 'SOL', units('150'));
    const holder = await createTestUser(t.ctx);
    await setHolding(t.ctx.db, holder.id, 'SOL', units('10'));
    const orderer = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('portfolios')
      .set({ cash_cents: USD(99_000), epoch: 2 })
      .where('id', '=', orderer.id)
      .execute();
    await insertOrder(t.ctx.db, orderer.id, {
      createdAt: Date.now(),
      purchaseCents: USD(1_000),
      epoch: 2,
    });
    const cashOnly = await createTestUser(t.ctx);

    const now = Date.now();
    expect(await runSnapshotJob(t.ctx, now)).toBeGreaterThanOrEqual(2);
    const [held] = await snapshotsOf(holder.id);
    expect([held?.ts, held?.balance_cents, Number(held?.epoch)]).toEqual([
      BigInt(now),
      USD(101_500),
      0,
    ]);
    const [ordered] = await snapshotsOf(orderer.id);
    expect(ordered?.balance_cents).toBe(USD(100_000));
    expect(Number(ordered?.epoch)).toBe(2);
    expect(await snapshotsOf(cashOnly.id)).toEqual([]);

    expect(await runSnapshotJob(t.ctx, now + SNAPSHOT_EVERY_MS - 1)).toBeNull();
    expect(await snapshotsOf(holder.id)).toHaveLength(1);

    expect(await runSnapshotJob(t.ctx, now + SNAPSHOT_EVERY_MS)).toBeGreaterThanOrEqual(2);
    expect(await snapshotsOf(holder.id)).toHaveLength(2);
  });

  test('the job runs at start when due and stops cleanly', async () => {
    const fresh = await createTestApp();
    try {
      const holder = await createTestUser(fresh.ctx);
      await setHolding(fresh.ctx.db, holder.id, 'BTC', units('0.01'));
      const errors: unknown[] = [];
      const job = startBalanceSnapshots(fresh.ctx, (e) => errors.push(e));
      await job.stop();
      expect(errors).toEqual([]);
      const rows = await fresh.ctx.db
        .selectFrom('balance_snapshots')
        .select('portfolio_id')
        .where('portfolio_id', '=', holder.id)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
