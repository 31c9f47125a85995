import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';
import { loadUserRecord, USER_BALANCE_POINTS_LIMIT } from './user-record.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const MINUTE = 60_000;

/** `count` points a minute apart from `from`, balance = 100,000 USD + i cents. */
async function storePoints(epoch: number, from: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    portfolio_id: ann.id,
    epoch,
    ts: from + i * MINUTE,
    balance_cents: 10_000_000n + BigInt(i),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.ctx.db
      .insertInto('balance_snapshots')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function startedAt(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', ann.id)
    .executeTakeFirstOrThrow();
  return Number(row.created_at);
}

describe('the user record balanceHistory', () => {
  it('a few points come back as stored, oldest first, after the starting balance', async () => {
    const start = await startedAt();
    await storePoints(0, start + MINUTE, 3);
    const { balanceHistory } = await loadUserRecord(t.ctx, ann.id);
    expect(balanceHistory).toEqual([
      { timestamp: start, balance: 100_000 },
      { timestamp: start + MINUTE, balance: 100_000 },
      { timestamp: start + 2 * MINUTE, balance: 100_000.01 },
      { timestamp: start + 3 * MINUTE, balance: 100_000.02 },
    ]);
  });

  it('a long history is at most 500 points spread over the whole epoch, first and last included', async () => {
    const start = await startedAt();
    // An earlier epoch's points are archived: none of them may show.
    await storePoints(0, start - 10_000 * MINUTE, 3_000);
    await t.ctx.db
      .updateTable('portfolios')
      .set({ epoch: 1, reset_at: start })
      .where('id', '=', ann.id)
      .execute();
    const count = 5_000;
    await storePoints(1, start + MINUTE, count);
    const lastTs = start + count * MINUTE;

    const { balanceHistory } = await loadUserRecord(t.ctx, ann.id);
    expect(balanceHistory.length).toBeLessThanOrEqual(USER_BALANCE_POINTS_LIMIT);
    expect(balanceHistory.length).toBeGreaterThan(USER_BALANCE_POINTS_LIMIT - 10);
    expect(balanceHistory[0]).toEqual({ timestamp: start, balance: 100_000 });
    expect(balanceHistory.at(-1)).toEqual({ timestamp: lastTs, balance: 100_049.99 });
    const times = balanceHistory.map((p) => p.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    // Evenly spread: no gap is much more than an even share of the span.
    const gaps = times.slice(1).map((ts, i) => ts - (times[i] as number));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(
      2 * Math.ceil((lastTs - start) / (USER_BALANCE_POINTS_LIMIT - 1)) + MINUTE,
    );
  });

  it('exactly 500 stored points and the start are spread to 500', async () => {
    const start = await startedAt();
    await storePoints(0, start + MINUTE, USER_BALANCE_POINTS_LIMIT);
    const { balanceHistory } = await loadUserRecord(t.ctx, ann.id);
    expect(balanceHistory).toHaveLength(USER_BALANCE_POINTS_LIMIT);
    expect(balanceHistory[0]?.timestamp).toBe(start);
    expect(balanceHistory.at(-1)?.timestamp).toBe(start + USER_BALANCE_POINTS_LIMIT * MINUTE);
  });
});
