import type { ClassQuizResult } from '@papertrade/domain';
import { LESSONS } from '@papertrade/domain/lessons';
import { QUIZZES } from '@papertrade/domain/quizzes';
import { sql, type Kysely } from 'kysely';
import { idIn } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { chunks } from '../../users/chunks.ts';
import { parseList, type ContestRow } from './contest-record.ts';

interface Taker {
  walletAddress: string;
  username: string;
}

/** A stored choice list, or none when it cannot be read (a row written before choices were kept). */
function storedAnswers(text: string | null): string[] | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((a) => typeof a === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * GET /contests/:id/quiz-results: each quiz the class lists or a member took, in /learn's order,
 * with per question how many members' latest attempts got it right (docs/api.md, "Lessons and
 * quizzes"). Only the latest attempt keeps its choices (lesson_progress.last_answers, decision
 * 027); an attempt whose choice count is not the quiz's any more (the quiz changed) counts in the
 * scores but not per question. One statement per 500 members besides the member list.
 */
export async function classQuizResults(
  db: Kysely<DB>,
  row: ContestRow,
): Promise<ClassQuizResult[]> {
  const members = await db
    .selectFrom('portfolios')
    .innerJoin('users', 'users.id', 'portfolios.user_id')
    .select(['portfolios.user_id', 'portfolios.wallet_address', 'users.username'])
    .where('portfolios.contest_id', '=', row.id)
    .where('portfolios.closed_at', 'is', null)
    .execute();
  const byUser = new Map<string, Taker>(
    members.map((m) => [m.user_id, { walletAddress: m.wallet_address, username: m.username }]),
  );
  const results = new Map<string, ClassQuizResult>();
  const resultOf = (slug: string): ClassQuizResult | null => {
    const questions = QUIZZES[slug];
    if (!questions?.length) return null;
    let result = results.get(slug);
    if (!result) {
      result = {
        lesson: slug,
        title: LESSONS.find((l) => l.slug === slug)?.title ?? slug,
        questions: questions.map((q) => ({ id: q.id, text: q.text, right: 0, answered: 0 })),
        members: [],
      };
      results.set(slug, result);
    }
    return result;
  };
  for (const slug of parseList(row.lessons)) resultOf(slug);
  for (const part of chunks([...byUser.keys()])) {
    const rows = await db
      .selectFrom('lesson_progress')
      .select([
        'user_id',
        'lesson',
        'attempts',
        'best_score',
        'last_score',
        'last_answers',
        'last_attempt_at',
      ])
      .where(sql<boolean>`${idIn(db, 'user_id', part)}`)
      .where('last_score', 'is not', null)
      .execute();
    for (const r of rows) {
      const taker = byUser.get(r.user_id);
      const result = resultOf(r.lesson);
      if (!taker || !result) continue;
      const questions = QUIZZES[r.lesson] ?? [];
      const answers = storedAnswers(r.last_answers);
      const right =
        answers && answers.length === questions.length
          ? questions.map((q, i) => answers[i] === q.answer)
          : [];
      right.forEach((ok, i) => {
        const question = result.questions[i]!;
        question.answered += 1;
        if (ok) question.right += 1;
      });
      result.members.push({
        ...taker,
        bestScore: Number(r.best_score ?? 0),
        lastScore: Number(r.last_score ?? 0),
        attempts: Number(r.attempts),
        lastAttemptAt: r.last_attempt_at === null ? null : Number(r.last_attempt_at),
        right,
      });
    }
  }
  const order = new Map(LESSONS.map((l, i) => [l.slug, i]));
  return [...results.values()]
    .sort((a, b) => (order.get(a.lesson) ?? 1e9) - (order.get(b.lesson) ?? 1e9))
    .map((r) => ({
      ...r,
      members: r.members.sort((a, b) => a.username.localeCompare(b.username)),
    }));
}
