import { ContestLiveMessage } from '@papertrade/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLive, listenLive, type Received } from '../../../test/live-test-socket.ts';
import { createTestApp, createTestUser } from '../../../test/test-app.ts';
import { createBoardCache } from './contest-board.ts';
import { startContestPushes } from './contest-live.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isContest = (m: Received) => m.type === 'contest';

describe('contest boards over /live', () => {
  it("members' and the owner's sockets get the board when it changes, and outsiders' do not", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const url = await listenLive(t.app);
    const owner = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', owner.id)
      .execute();
    const created = await t.app.inject({
      method: 'POST',
      url: '/contests',
      headers: owner.headers,
      payload: {
        name: 'Live Cup',
        kind: 'CONTEST',
        visibility: 'PRIVATE',
        startingBalance: 10_000,
        startsAt: Date.now() - 1_000,
        endsAt: Date.now() + 3_600_000,
      },
    });
    const { id, joinCode } = created.json<{ id: string; joinCode: string }>();
    const member = await createTestUser(t.ctx);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/contests/join',
      headers: member.headers,
      payload: { code: joinCode },
    });
    const wallet = joined.json<{ walletAddress: string }>().walletAddress;
    const outsider = await createTestUser(t.ctx);

    const sockets = [owner, member, outsider].map((u) =>
      connectLive(url, { authorization: `Bearer ${u.token}` }, (end) => cleanups.push(end)),
    );
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'user')));
    const stop = startContestPushes(t.ctx, createBoardCache(t.ctx.db, 0), (error) => {
      throw error;
    });
    cleanups.push(stop);

    const first = await sockets[1]!.next(isContest, 5_000);
    expect(ContestLiveMessage.parse(first)).toMatchObject({
      contestId: id,
      leaderboard: [{ rank: 1 }, { rank: 2 }],
    });
    await sockets[0]!.next(isContest, 5_000);

    // A trade changes the board: the next push carries it.
    const bought = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { ...member.headers, wallet },
      payload: { walletAddress: wallet, symbol: 'BTC', assetAmount: 1_000, unit: 'USD' },
    });
    expect(bought.statusCode).toBe(200);
    const changed = await sockets[1]!.next(
      (m) => isContest(m) && (m.leaderboard as { trades: number }[]).some((r) => r.trades === 1),
      5_000,
    );
    expect(
      (changed.leaderboard as { walletAddress: string; trades: number }[]).find(
        (r) => r.trades === 1,
      )?.walletAddress,
    ).toBe(wallet);
    expect(sockets[2]!.received.some(isContest)).toBe(false);
  });
});
