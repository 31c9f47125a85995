import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { loadEpochBalancePoints } from './epoch-balance-points.ts';
import { createBalancePointCaches } from './balance-point-caches.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const MINUTE = 60_000;
const LIMIT = 500;
/** Through the app's caches, as every record reads them. */
const cachedRead = () => loadEpochBalancePoints(t.ctx.db, t.ctx.balancePointCaches, ann.id, LIMIT);

async function storePoints(epoch: number, from: number, count: number, base: bigint) {
  const rows = Array.from({ length: count }, (_, i) => ({
    portfolio_id: ann.id,
    epoch,
    ts: from + i * MINUTE,
    balance_cents: base + BigInt(i),
  }));
  await t.ctx.db.insertInto('balance_snapshots').values(rows).execute();
}

/** The answer with the kept points, then checked against a read that keeps nothing. */
async function cachedAgainstFresh() {
  const cached = await cachedRead();
  // Caches of its own, empty: every point read again.
  expect(cached).toEqual(
    await loadEpochBalancePoints(t.ctx.db, createBalancePointCaches(), ann.id, LIMIT),
  );
  return cached;
}

describe('the kept balance points of a short epoch', () => {
  it('answers exactly what a fresh read answers, as points are added, the last minute is replaced and the account is reset', async () => {
    await t.ctx.db.deleteFrom('balance_snapshots').where('portfolio_id', '=', ann.id).execute();
    const start = 1_700_000_000_000;
    await storePoints(0, start, 100, 10_000_000n);
    const first = await cachedRead();
    expect(first).toHaveLength(100);
    expect(first[0]).toEqual({ ts: BigInt(start), balanceCents: 10_000_000n });
    expect(await cachedRead()).toEqual(first);

    // New points after the kept ones, and the newest replaced as the merge window does.
    let next = start + 100 * MINUTE;
    for (const more of [1, 3, 20]) {
      await cachedRead();
      await storePoints(0, next, more, 20_000_000n);
      await t.ctx.db
        .updateTable('balance_snapshots')
        .set({ balance_cents: 30_000_000n })
        .where('portfolio_id', '=', ann.id)
        .where('ts', '=', BigInt(next + (more - 1) * MINUTE))
        .execute();
      next += more * MINUTE;
      const answer = await cachedAgainstFresh();
      expect(answer.at(-1)).toEqual({ ts: BigInt(next - MINUTE), balanceCents: 30_000_000n });
    }
    expect(await cachedRead()).toHaveLength(124);

    // A reset starts a new epoch: none of the kept points may show.
    await cachedRead();
    await t.ctx.db
      .updateTable('portfolios')
      .set((eb) => ({ epoch: eb('epoch', '+', 1n) }))
      .where('id', '=', ann.id)
      .execute();
    const { epoch } = await t.ctx.db
      .selectFrom('portfolios')
      .select('epoch')
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    await storePoints(Number(epoch), next + MINUTE, 2, 50_000_000n);
    const reset = await cachedAgainstFresh();
    expect(reset).toEqual([
      { ts: BigInt(next + MINUTE), balanceCents: 50_000_000n },
      { ts: BigInt(next + 2 * MINUTE), balanceCents: 50_000_001n },
    ]);
  });
});
