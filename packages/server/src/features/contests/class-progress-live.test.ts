import { ClassProgressLiveMessage } from '@papertrade/domain';
import { QUIZZES } from '@papertrade/domain/quizzes';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLive, listenLive, type Received } from '../../../test/live-test-socket.ts';
import { createTestApp, createTestUser } from '../../../test/test-app.ts';
import { createBoardCache } from './contest-board.ts';
import { startContestPushes } from './contest-live.ts';

/**
 * /live's class-progress message (docs/api.md, Class assignments): a class's teacher hears that
 * the members did something the teacher's tables count, against the real app and database.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isProgress = (m: Received) => m.type === 'class-progress';

describe('class progress over /live', () => {
  it("a class's teacher hears at first and at a member's join, order and quiz, and the members do not", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const url = await listenLive(t.app);
    const teacher = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ email_verified: 1, account_type: 'TEACHER' })
      .where('id', '=', teacher.id)
      .execute();
    const created = await t.app.inject({
      method: 'POST',
      url: '/contests',
      headers: teacher.headers,
      payload: {
        name: 'Period 5',
        kind: 'CLASS',
        visibility: 'PRIVATE',
        startingBalance: 10_000,
        startsAt: Date.now() - 1_000,
        endsAt: Date.now() + 3_600_000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, joinCode } = created.json<{ id: string; joinCode: string }>();
    const student = await createTestUser(t.ctx);

    const sockets = [teacher, student].map((u) =>
      connectLive(url, { authorization: `Bearer ${u.token}` }, (end) => cleanups.push(end)),
    );
    await Promise.all(sockets.map((s) => s.next((m) => m.type === 'user')));
    const stop = startContestPushes(t.ctx, createBoardCache(t.ctx.db, 0), (error) => {
      throw error;
    });
    cleanups.push(stop);
    const [teacherSocket, studentSocket] = sockets as [
      (typeof sockets)[number],
      (typeof sockets)[number],
    ];
    // The first look is told (the page may have read the class before its socket opened).
    await teacherSocket.next(isProgress, 5_000);
    const heard = () => teacherSocket.received.filter(isProgress).length;
    const first = heard();

    const joined = await t.app.inject({
      method: 'POST',
      url: '/contests/join',
      headers: student.headers,
      payload: { code: joinCode },
    });
    const wallet = joined.json<{ walletAddress: string }>().walletAddress;
    const told = await teacherSocket.next((m) => isProgress(m) && heard() > first, 5_000);
    expect(ClassProgressLiveMessage.parse(told)).toEqual({
      type: 'class-progress',
      contestId: id,
      at: expect.any(Number) as number,
    });

    const afterJoin = heard();
    const bought = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { ...student.headers, wallet },
      payload: { walletAddress: wallet, symbol: 'BTC', assetAmount: 100, unit: 'USD' },
    });
    expect(bought.statusCode).toBe(200);
    await teacherSocket.next((m) => isProgress(m) && heard() > afterJoin, 5_000);

    const afterOrder = heard();
    const answers = (QUIZZES['limit-orders'] ?? []).map((q) => q.answer);
    const quiz = await t.app.inject({
      method: 'POST',
      url: '/lessons/limit-orders/quiz',
      headers: student.headers,
      payload: { answers },
    });
    expect(quiz.statusCode).toBe(200);
    await teacherSocket.next((m) => isProgress(m) && heard() > afterOrder, 5_000);
    expect(studentSocket.received.some(isProgress)).toBe(false);
  });
});
