import type { ContestBoardRow, ContestMember } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/** The teacher's report and the Sharpe ratio on the board (docs/api.md, "Class rules and reports"). */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Period 5');

const DAY = 86_400_000;

async function portfolioOf(wallet: string) {
  return t.ctx.db
    .selectFrom('portfolios')
    .select(['id', 'epoch', 'user_id'])
    .where('wallet_address', '=', wallet)
    .executeTakeFirstOrThrow();
}

/** Balance points of a portfolio, several a day: only each day's last one counts. */
async function points(wallet: string, closes: bigint[]) {
  const p = await portfolioOf(wallet);
  const day0 = Math.floor(Date.now() / DAY) * DAY - closes.length * DAY;
  const rows = closes.flatMap((cents, i) => [
    { portfolio_id: p.id, epoch: p.epoch, ts: day0 + i * DAY + 1_000, balance_cents: 1n },
    { portfolio_id: p.id, epoch: p.epoch, ts: day0 + i * DAY + 60_000, balance_cents: cents },
  ]);
  await t.ctx.db.insertInto('balance_snapshots').values(rows).execute();
}

async function classOfTwo() {
  await setPrice(t.app, 'BTC', 50_000);
  const teacher = await host('TEACHER');
  const klass = await create(teacher, { kind: 'CLASS' });
  const steady = await createTestUser(t.ctx);
  const wild = await createTestUser(t.ctx);
  const steadyWallet = await join(steady, klass.joinCode ?? '');
  const wildWallet = await join(wild, klass.joinCode ?? '');
  return { teacher, klass, steady, wild, steadyWallet, wildWallet };
}

describe('class reports', () => {
  it('the board shows the Sharpe ratio of daily returns from known balance points', async () => {
    const { teacher, klass, steadyWallet } = await classOfTwo();
    // Daily returns +10 %, -5 %, +2 %: mean / sample sd x sqrt(365) = 5.94.
    await points(steadyWallet, [1_000_000n, 1_100_000n, 1_045_000n, 1_065_900n]);
    const res = await call(teacher, 'GET', `/contests/${klass.id}/members`);
    expectStatus(res, 200);
    const rows = res.json<ContestMember[]>();
    expect(rows.find((r) => r.walletAddress === steadyWallet)?.sharpe).toBe(5.94);
    expect(rows.find((r) => r.walletAddress !== steadyWallet)?.sharpe).toBeNull();
  });

  it('a class ranked by Sharpe puts the better ratio first whatever the return', async () => {
    const { teacher, klass, steadyWallet, wild, wildWallet } = await classOfTwo();
    // The wild member ends richer (a higher return) with a worse ratio.
    await points(steadyWallet, [1_000_000n, 1_010_000n, 1_021_000n, 1_030_000n]);
    await points(wildWallet, [1_000_000n, 1_300_000n, 900_000n, 1_400_000n]);
    expectStatus(
      await call(
        wild,
        'POST',
        '/purchase-asset',
        { walletAddress: wildWallet, symbol: 'BTC', assetAmount: 5_000, unit: 'USD' },
        wildWallet,
      ),
      200,
    );
    await setPrice(t.app, 'BTC', 60_000);
    const byReturn = await call(teacher, 'GET', `/contests/${klass.id}/members`);
    expect(byReturn.json<ContestMember[]>().map((m) => m.walletAddress)).toEqual([
      wildWallet,
      steadyWallet,
    ]);
    expectStatus(await call(teacher, 'PATCH', `/contests/${klass.id}`, { rankBy: 'SHARPE' }), 200);
    const members = await call(teacher, 'GET', `/contests/${klass.id}/members`);
    const ranked = members.json<ContestMember[]>();
    expect(ranked.map((m) => [m.walletAddress, m.rank])).toEqual([
      [steadyWallet, 1],
      [wildWallet, 2],
    ]);
    expect(ranked[0]!.sharpe).toBeGreaterThan(ranked[1]!.sharpe!);
    const board = await call(teacher, 'GET', `/contests/${klass.id}/leaderboard`);
    expect(board.json<ContestBoardRow[]>().map((r) => r.walletAddress)).toEqual([
      steadyWallet,
      wildWallet,
    ]);
  });

  it("the members' report counts trades, lessons read, the quiz average and notes, with the last activity", async () => {
    const { teacher, klass, steady, steadyWallet, wildWallet } = await classOfTwo();
    const trade = (note?: string) =>
      call(
        steady,
        'POST',
        '/purchase-asset',
        {
          walletAddress: steadyWallet,
          symbol: 'BTC',
          assetAmount: 100,
          unit: 'USD',
          ...(note ? { note } : {}),
        },
        steadyWallet,
      );
    expectStatus(await trade('first'), 200);
    expectStatus(await trade(), 200);
    expectStatus(await trade('third'), 200);
    const now = Date.now();
    // Best scores 3 of 4 and 2 of 4 (5 of 8 questions: 62.5 %), and one lesson read without a quiz.
    await t.ctx.db
      .insertInto('lesson_progress')
      .values([
        {
          user_id: steady.id,
          lesson: 'a',
          read_at: now,
          attempts: 2,
          best_score: 3,
          last_score: 1,
          total: 4,
        },
        {
          user_id: steady.id,
          lesson: 'b',
          read_at: now,
          attempts: 1,
          best_score: 2,
          last_score: 2,
          total: 4,
        },
        { user_id: steady.id, lesson: 'c', read_at: now, attempts: 0 },
      ])
      .execute();
    const res = await call(teacher, 'GET', `/contests/${klass.id}/members`);
    expectStatus(res, 200);
    const byWallet = new Map(res.json<ContestMember[]>().map((m) => [m.walletAddress, m]));
    expect(byWallet.get(steadyWallet)).toMatchObject({
      trades: 3,
      notes: 2,
      lessonsRead: 3,
      quizAverage: 62.5,
    });
    expect(byWallet.get(steadyWallet)?.lastActiveAt).toBeGreaterThan(0);
    expect(byWallet.get(wildWallet)).toMatchObject({
      trades: 0,
      notes: 0,
      lessonsRead: 0,
      quizAverage: null,
      lastActiveAt: null,
    });
    const csv = await call(teacher, 'GET', `/contests/${klass.id}/standings.csv`);
    const line = csv.body.split('\r\n').find((l) => l.includes(steady.email));
    expect(line).toMatch(/,3,3,62\.50,2$/);
  });
});
