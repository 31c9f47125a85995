import type { LessonProgress } from '@papertrade/domain';
import { LESSONS } from '@papertrade/domain/lessons';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB, LessonProgressTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';

type Row = Selectable<LessonProgressTable>;

const num = (v: bigint | null) => (v === null ? null : Number(v));

export function toLessonProgress(row: Row): LessonProgress {
  return {
    slug: row.lesson,
    readAt: num(row.read_at),
    bestScore: num(row.best_score),
    lastScore: num(row.last_score),
    total: num(row.total),
    attempts: Number(row.attempts),
    lastAttemptAt: num(row.last_attempt_at),
  };
}

/** The user's progress in /learn's order; lessons no longer offered are left out. */
export async function listProgress(db: Kysely<DB>, userId: string): Promise<LessonProgress[]> {
  const rows = await db
    .selectFrom('lesson_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const bySlug = new Map(rows.map((r) => [r.lesson, r]));
  return LESSONS.flatMap((l) => {
    const row = bySlug.get(l.slug);
    return row ? [toLessonProgress(row)] : [];
  });
}

/**
 * Marks a lesson read (keeping the first time it was) or unread. One upsert: the row may not exist
 * yet, and two tabs marking at once must not fail on the primary key.
 */
export async function markRead(
  db: Kysely<DB>,
  userId: string,
  slug: string,
  read: boolean,
  now: number,
): Promise<LessonProgress> {
  const row = await db
    .insertInto('lesson_progress')
    .values({ user_id: userId, lesson: slug, read_at: read ? now : null })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson']).doUpdateSet({
        read_at: read ? sql`COALESCE(lesson_progress.read_at, excluded.read_at)` : null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLessonProgress(row);
}

/**
 * Records one graded attempt: the last score replaced, the best kept unless beaten, attempts
 * counted. One upsert, so attempts sent at once each count and the best is the best of them. The
 * attempt also gets its own row in quiz_attempts, in the same transaction: an assignment's quiz task
 * is done when an attempt first reached its minimum
 * (docs/decisions/035-assignments-that-check-themselves.md).
 */
export async function recordAttempt(
  db: Kysely<DB>,
  userId: string,
  slug: string,
  attempt: { score: number; total: number; answers: readonly string[] },
  now: number,
): Promise<LessonProgress> {
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('quiz_attempts')
      .values({
        user_id: userId,
        lesson: slug,
        score: attempt.score,
        total: attempt.total,
        at: now,
      })
      .execute();
    return upsertAttempt(trx, userId, slug, attempt, now);
  });
}

async function upsertAttempt(
  db: Kysely<DB>,
  userId: string,
  slug: string,
  attempt: { score: number; total: number; answers: readonly string[] },
  now: number,
): Promise<LessonProgress> {
  const row = await db
    .insertInto('lesson_progress')
    .values({
      user_id: userId,
      lesson: slug,
      attempts: 1,
      best_score: attempt.score,
      last_score: attempt.score,
      total: attempt.total,
      last_answers: JSON.stringify(attempt.answers),
      last_attempt_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson']).doUpdateSet({
        attempts: sql`lesson_progress.attempts + 1`,
        best_score: sql`CASE WHEN lesson_progress.best_score IS NULL
          OR lesson_progress.best_score < excluded.best_score
          THEN excluded.best_score ELSE lesson_progress.best_score END`,
        last_score: sql`excluded.last_score`,
        total: sql`excluded.total`,
        last_answers: sql`excluded.last_answers`,
        last_attempt_at: sql`excluded.last_attempt_at`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLessonProgress(row);
}
