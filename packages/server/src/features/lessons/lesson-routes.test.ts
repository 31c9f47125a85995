import type { LessonProgress, QuizResult } from '@papertrade/domain';
import { LESSONS } from '@papertrade/domain/lessons';
import { QUIZZES } from '@papertrade/domain/quizzes';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const { t, users } = useTestApp({ users: 2 });

const SLUG = 'limit-orders';
const QUESTIONS = QUIZZES[SLUG] ?? [];
const RIGHT = QUESTIONS.map((q) => q.answer);
/** The right answers with the first `wrong` of them replaced by another choice. */
const withWrong = (wrong: number) =>
  RIGHT.map((a, i) => (i < wrong ? (QUESTIONS[i]?.choices.find((c) => c.id !== a)?.id ?? a) : a));

const submit = (user: TestUser | undefined, answers: unknown, slug = SLUG) =>
  t.app.inject({
    method: 'POST',
    url: `/lessons/${slug}/quiz`,
    headers: user?.headers ?? {},
    payload: { answers },
  });
const markRead = (user: TestUser, read: boolean, slug = SLUG) =>
  t.app.inject({
    method: 'POST',
    url: `/lessons/${slug}/read`,
    headers: user.headers,
    payload: { read },
  });
const progress = async (user: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/lessons/progress',
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<LessonProgress[]>();
};

describe('lessons and quizzes', () => {
  test('GET /lessons lists every lesson in order with its minutes and whether it has a quiz, signed out too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lessons' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      LESSONS.map((l) => ({ slug: l.slug, title: l.title, minutes: l.minutes, hasQuiz: true })),
    );
  });

  test('the quiz comes without its right answers or explanations', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/lessons/${SLUG}/quiz` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      questions: QUESTIONS.map((q) => ({ id: q.id, text: q.text, choices: q.choices })),
    });
    for (const q of QUESTIONS) expect(res.body).not.toContain(q.explanation);
    expect(res.body).not.toMatch(/"answer"|"explanation"/);
  });

  test('an attempt is graded on the server and answers the right choices with their explanations', async () => {
    const [ann] = users;
    const res = await submit(ann, withWrong(1));
    expect(res.statusCode).toBe(200);
    const result = res.json<QuizResult>();
    expect(result).toMatchObject({ score: QUESTIONS.length - 1, total: QUESTIONS.length });
    expect(result.explanations).toEqual(
      QUESTIONS.map((q, i) => ({
        questionId: q.id,
        chosen: withWrong(1)[i],
        correct: i > 0,
        answer: q.answer,
        explanation: q.explanation,
      })),
    );
    expect(result.progress).toMatchObject({
      slug: SLUG,
      bestScore: QUESTIONS.length - 1,
      lastScore: QUESTIONS.length - 1,
      total: QUESTIONS.length,
      attempts: 1,
      readAt: null,
    });
  });

  test('a retry replaces the last score and keeps the best', async () => {
    const [ann] = users;
    await submit(ann, withWrong(1));
    await submit(ann, RIGHT);
    const third = (await submit(ann, withWrong(2))).json<QuizResult>();
    expect(third.score).toBe(QUESTIONS.length - 2);
    const expected = {
      slug: SLUG,
      bestScore: QUESTIONS.length,
      lastScore: QUESTIONS.length - 2,
      total: QUESTIONS.length,
      attempts: 3,
    };
    expect(third.progress).toMatchObject(expected);
    expect(await progress(ann)).toEqual([expect.objectContaining(expected)]);
  });

  test('attempts sent at once all count and the best of them is kept', async () => {
    const [ann] = users;
    const results = await Promise.all([0, 1, 2, 1].map((wrong) => submit(ann, withWrong(wrong))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await progress(ann)).toEqual([
      expect.objectContaining({ attempts: 4, bestScore: QUESTIONS.length }),
    ]);
  });

  test('answers of the wrong count or naming no choice answer 400 on that field and store nothing', async () => {
    const [ann] = users;
    const short = await submit(ann, RIGHT.slice(1));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'answers' });
    const unknown = await submit(ann, [RIGHT[0], 'z', ...RIGHT.slice(2)]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'answers.1' });
    expect((await submit(ann, 'a')).statusCode).toBe(400);
    expect((await submit(ann, [])).statusCode).toBe(400);
    expect(await progress(ann)).toEqual([]);
  });

  test('an unknown lesson answers 404 LESSON_NOT_FOUND', async () => {
    const [ann] = users;
    const quiz = await t.app.inject({ method: 'GET', url: '/lessons/no-such-lesson/quiz' });
    expect(quiz.statusCode).toBe(404);
    expect(quiz.json()).toMatchObject({ code: 'LESSON_NOT_FOUND' });
    expect((await submit(ann, ['a'], 'no-such-lesson')).json()).toMatchObject({
      code: 'LESSON_NOT_FOUND',
    });
    expect((await markRead(ann, true, 'no-such-lesson')).statusCode).toBe(404);
    expect(await progress(ann)).toEqual([]);
  });

  test('marking a lesson read keeps the first time, unread clears it, and quiz scores stay', async () => {
    const [ann] = users;
    const first = (await markRead(ann, true)).json<LessonProgress>();
    expect(first).toMatchObject({ slug: SLUG, attempts: 0, bestScore: null });
    expect(first.readAt).toEqual(expect.any(Number));
    expect((await markRead(ann, true)).json<LessonProgress>().readAt).toBe(first.readAt);
    await submit(ann, RIGHT);
    const unread = (await markRead(ann, false)).json<LessonProgress>();
    expect(unread).toMatchObject({ readAt: null, bestScore: QUESTIONS.length, attempts: 1 });
    await markRead(ann, true, 'paper-trading');
    // In /learn's order, whatever the order they were touched in.
    expect((await progress(ann)).map((p) => [p.slug, p.readAt !== null])).toEqual([
      ['paper-trading', true],
      [SLUG, false],
    ]);
  });

  test("one user's progress is not another's", async () => {
    const [ann, bob] = users;
    await markRead(ann, true);
    await submit(ann, RIGHT);
    expect(await progress(bob)).toEqual([]);
  });

  test('progress, marking read and answering need a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/lessons/progress' })).statusCode).toBe(401);
    expect((await submit(undefined, RIGHT)).statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'POST',
      url: `/lessons/${SLUG}/read`,
      payload: { read: true },
    });
    expect(read.statusCode).toBe(401);
  });

  test('a deleted account takes its progress along', async () => {
    const [ann] = users;
    await markRead(ann, true);
    await submit(ann, RIGHT);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/delete-user',
      headers: ann.headers,
      payload: { walletAddress: ann.walletAddress, currentPassword: ann.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const rows = await t.ctx.db
      .selectFrom('lesson_progress')
      .select('lesson')
      .where('user_id', '=', ann.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
