import type { ClassQuizResult } from '@papertrade/domain';
import { QUIZZES } from '@papertrade/domain/quizzes';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * GET /contests/:id/quiz-results (docs/api.md, "Lessons and quizzes"): the class's results per
 * question from its members' latest attempts, taken through the quiz route as students take them.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Period 2');

const SLUG = 'limit-orders';
const QUESTIONS = QUIZZES[SLUG] ?? [];
const RIGHT = QUESTIONS.map((q) => q.answer);
const wrong = (i: number) => QUESTIONS[i]!.choices.find((c) => c.id !== QUESTIONS[i]!.answer)!.id;
const ALL_WRONG = QUESTIONS.map((_, i) => wrong(i));

async function take(user: TestUser, answers: string[]) {
  expectStatus(await call(user, 'POST', `/lessons/${SLUG}/quiz`, { answers }), 200);
}

describe('class quiz results', () => {
  it("the teacher sees per question how many members' latest attempts got it right, and each member's scores", async () => {
    const teacher = await host('TEACHER');
    const klass = await create(teacher, { kind: 'CLASS' });
    const [ann, bob, cid] = [
      await createTestUser(t.ctx),
      await createTestUser(t.ctx),
      await createTestUser(t.ctx),
    ];
    const [annWallet, bobWallet] = [
      await join(ann, klass.joinCode ?? ''),
      await join(bob, klass.joinCode ?? ''),
    ];
    await join(cid, klass.joinCode ?? '');
    // Ann passes, then gets everything wrong: her latest attempt is what counts per question.
    await take(ann, RIGHT);
    await take(ann, ALL_WRONG);
    // Bob gets only the first question right; Cid never takes it; a stranger's attempt is not the class's.
    await take(bob, [RIGHT[0]!, ...ALL_WRONG.slice(1)]);
    await take(await createTestUser(t.ctx), RIGHT);

    const res = await call(teacher, 'GET', `/contests/${klass.id}/quiz-results`);
    expectStatus(res, 200);
    const results = res.json<ClassQuizResult[]>();
    expect(results.map((r) => r.lesson)).toEqual([SLUG]);
    const [result] = results;
    expect(result!.questions).toEqual(
      QUESTIONS.map((q, i) => ({ id: q.id, text: q.text, right: i === 0 ? 1 : 0, answered: 2 })),
    );
    // Their class portfolios' wallets, not their main ones.
    const byWallet = new Map(result!.members.map((m) => [m.walletAddress, m]));
    expect(byWallet.size).toBe(2);
    expect(byWallet.get(annWallet)).toMatchObject({
      bestScore: QUESTIONS.length,
      lastScore: 0,
      attempts: 2,
      right: QUESTIONS.map(() => false),
    });
    expect(byWallet.get(bobWallet)).toMatchObject({
      bestScore: 1,
      lastScore: 1,
      attempts: 1,
      right: QUESTIONS.map((_, i) => i === 0),
    });
  });

  it("a lesson the class lists is answered before anyone took its quiz, with nobody's results", async () => {
    const teacher = await host('TEACHER');
    const klass = await create(teacher, { kind: 'CLASS', lessons: [SLUG] });
    const res = await call(teacher, 'GET', `/contests/${klass.id}/quiz-results`);
    expectStatus(res, 200);
    expect(res.json<ClassQuizResult[]>()).toEqual([
      expect.objectContaining({
        lesson: SLUG,
        members: [],
        questions: QUESTIONS.map((q) => ({ id: q.id, text: q.text, right: 0, answered: 0 })),
      }),
    ]);
  });

  it("quiz results are only the class's teacher's: a member and a contest's host are refused", async () => {
    const teacher = await host('TEACHER');
    const klass = await create(teacher, { kind: 'CLASS' });
    const member = await createTestUser(t.ctx);
    await join(member, klass.joinCode ?? '');
    expectStatus(
      await call(member, 'GET', `/contests/${klass.id}/quiz-results`),
      403,
      'NOT_CONTEST_OWNER',
    );
    const contest = await create(teacher, { kind: 'CONTEST' });
    expectStatus(
      await call(teacher, 'GET', `/contests/${contest.id}/quiz-results`),
      403,
      'NOT_A_CLASS',
    );
  });
});
