import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idIn } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { chunks } from '../../users/chunks.ts';

/** What a class's teacher reads of each member beside the board's figures (docs/api.md, "Class rules and reports"). */
export interface MemberReport {
  lessonsRead: number;
  /** Mean of the member's best quiz scores, in percent (2 decimals); null before any quiz. */
  quizAverage: number | null;
  notes: number;
}

const EMPTY: MemberReport = { lessonsRead: 0, quizAverage: null, notes: 0 };

interface LessonRow {
  user_id: string;
  read: bigint | number | string;
  quizzes: bigint | number | string;
  best: bigint | number | string | null;
  total: bigint | number | string | null;
}

/**
 * Lessons read and quiz scores from the lesson progress (migration 015), kept per user: a
 * member's Learn is the same in every class. Notes are the class portfolio's: on its transactions,
 * and on its working orders that have not filled (a filled one's note is its transaction's).
 * Two statements per 500 members. The quiz average is the mean of best score / questions.
 */
export async function memberReports(
  db: Kysely<DB>,
  members: readonly { userId: string; portfolioId: string }[],
): Promise<Map<string, MemberReport>> {
  const reports = new Map<string, MemberReport>();
  for (const part of chunks([...members])) {
    const byUser = new Map<string, Pick<MemberReport, 'lessonsRead' | 'quizAverage'>>();
    const lessons = await sql<LessonRow>`SELECT user_id,
        count(read_at) AS read,
        count(best_score) AS quizzes,
        sum(CASE WHEN best_score IS NOT NULL AND total > 0 THEN best_score ELSE 0 END) AS best,
        sum(CASE WHEN best_score IS NOT NULL AND total > 0 THEN total ELSE 0 END) AS total
      FROM lesson_progress WHERE ${idIn(
        db,
        'user_id',
        part.map((m) => m.userId),
      )} GROUP BY user_id`.execute(db);
    for (const r of lessons.rows) {
      const total = Number(r.total ?? 0);
      byUser.set(r.user_id, {
        lessonsRead: Number(r.read),
        // Pooled over questions: every question weighs the same, whatever its quiz's length.
        quizAverage:
          Number(r.quizzes) > 0 && total > 0
            ? Math.round((Number(r.best ?? 0) / total) * 10_000) / 100
            : null,
      });
    }
    const ids = part.map((m) => m.portfolioId);
    const notes = await sql<{
      portfolio_id: string;
      n: bigint | number | string;
    }>`SELECT portfolio_id, sum(n) AS n FROM (
        SELECT portfolio_id, count(*) AS n FROM transactions
          WHERE ${idIn(db, 'portfolio_id', ids)} AND note IS NOT NULL GROUP BY portfolio_id
        UNION ALL
        SELECT portfolio_id, count(*) AS n FROM limit_orders
          WHERE ${idIn(db, 'portfolio_id', ids)} AND note IS NOT NULL AND transaction_id IS NULL
          GROUP BY portfolio_id) AS c GROUP BY portfolio_id`.execute(db);
    const notesBy = new Map(notes.rows.map((r) => [r.portfolio_id, Number(r.n)]));
    for (const m of part)
      reports.set(m.portfolioId, {
        ...EMPTY,
        ...byUser.get(m.userId),
        notes: notesBy.get(m.portfolioId) ?? 0,
      });
  }
  return reports;
}
