import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createBalancePointQueue } from './balance-point-queue.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const points = (userId: string) =>
  t.ctx.db
    .selectFrom('balance_snapshots')
    .select(['ts', 'balance_cents'])
    .where('portfolio_id', '=', userId)
    .execute();
const silent = { error: vi.fn() };

describe('the balance point queue', () => {
  it('many requests within the delay are one point per user, written without being asked', async () => {
    const queue = createBalancePointQueue(t.ctx.db, silent, 50);
    for (let i = 0; i < 20; i += 1) await queue.add(i % 2 ? ann.id : bob.id);
    expect(await points(ann.id)).toEqual([]);
    await vi.waitFor(async () => expect(await points(ann.id)).toHaveLength(1), {
      timeout: 2_000,
      interval: 20,
    });
    expect(await points(bob.id)).toEqual([
      expect.objectContaining({ balance_cents: STARTING_BALANCE_CENTS }),
    ]);
    await queue.close();
  });

  it('close writes what is pending, and a point asked for while closing is written before add resolves', async () => {
    const queue = createBalancePointQueue(t.ctx.db, silent, 60_000);
    await queue.add(ann.id);
    await queue.close();
    expect(await points(ann.id)).toHaveLength(1);
    await queue.add(bob.id);
    expect(await points(bob.id)).toHaveLength(1);
  });

  it('a failed write is logged, not thrown: the order it follows is already committed', async () => {
    const gone = await createTestApp();
    await gone.close();
    const log = { error: vi.fn() };
    const queue = createBalancePointQueue(gone.ctx.db, log, 60_000);
    await queue.add(ann.id);
    await expect(queue.close()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('a user deleted before the flush is skipped', async () => {
    const queue = createBalancePointQueue(t.ctx.db, silent, 60_000);
    await queue.add(ann.id);
    await queue.add(bob.id);
    await t.ctx.db.deleteFrom('users').where('id', '=', ann.id).execute();
    await queue.close();
    expect(await points(bob.id)).toHaveLength(1);
    expect(silent.error).not.toHaveBeenCalled();
  });
});
