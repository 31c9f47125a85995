import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { createBalancePointCaches } from './balance-point-caches.ts';
import { loadEpochBalancePoints } from './epoch-balance-points.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const MINUTE = 60_000;
/** Through the app's caches, as every record reads them. */
const cachedRead = () => loadEpochBalancePoints(t.ctx.db, t.ctx.balancePointCaches, ann.id, 500);
/** Through caches of its own, empty: every sample sought again. */
const freshRead = () => loadEpochBalancePoints(t.ctx.db, createBalancePointCaches(), ann.id, 500);

async function storePoints(from: number, count: number, base: bigint) {
  const rows = Array.from({ length: count }, (_, i) => ({
    portfolio_id: ann.id,
    epoch: 0,
    ts: from + i * MINUTE,
    balance_cents: base + BigInt(i),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.ctx.db
      .insertInto('balance_snapshots')
      .values(rows.slice(i, i + 500))
      .execute();
}

describe('the cached balance point spread', () => {
  it('answers exactly what a fresh read answers, as points are added and the last minute is replaced', async () => {
    const start = 1_700_000_000_000;
    await storePoints(start, 5_000, 10_000_000n);
    const first = await cachedRead();
    expect(first.length).toBeGreaterThan(490);
    expect(first.length).toBeLessThanOrEqual(500);
    expect(first[0]?.ts).toBe(BigInt(start));
    expect(first.at(-1)?.ts).toBe(BigInt(start + 4_999 * MINUTE));
    expect(await cachedRead()).toEqual(first);

    // A few more points (the grid step stays), then the newest replaced as the merge window does.
    for (const more of [1, 3, 20]) {
      const last = await t.ctx.db
        .selectFrom('balance_snapshots')
        .select((eb) => eb.fn.max('ts').as('ts'))
        .where('portfolio_id', '=', ann.id)
        .executeTakeFirstOrThrow();
      await storePoints(Number(last.ts) + MINUTE, more, 20_000_000n);
      await t.ctx.db
        .updateTable('balance_snapshots')
        .set({ balance_cents: 30_000_000n })
        .where('portfolio_id', '=', ann.id)
        .where('ts', '=', BigInt(Number(last.ts) + MINUTE))
        .execute();
      const cached = await cachedRead();
      expect(cached).toEqual(await freshRead());
    }
    // Many more: the step moves up the ladder, and the answer is still the fresh one.
    await storePoints(start + 6_000 * MINUTE, 2_000, 40_000_000n);
    const cached = await cachedRead();
    expect(cached).toEqual(await freshRead());
  });
});
