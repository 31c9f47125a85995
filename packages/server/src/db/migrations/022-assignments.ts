import { sql, type Kysely } from 'kysely';

/**
 * A class's assignments and the quiz attempts they are checked against
 * (docs/decisions/035-assignments-that-check-themselves.md). `tasks` is the tasks' JSON as the
 * domain's AssignmentTask[] has it: they are read and written whole, never queried one by one.
 * Progress is not stored: it is computed from what the members did.
 *
 * `quiz_attempts` keeps every graded attempt's score and time: `lesson_progress` keeps only the best
 * and the last, and a PASS_QUIZ task is done when an attempt first reached its minimum, which may be
 * neither. Attempts from before this migration left no row; their best score still counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE assignments (
    id text PRIMARY KEY,
    contest_id text NOT NULL REFERENCES contests (id) ON DELETE CASCADE,
    title text NOT NULL,
    due_at bigint NOT NULL,
    tasks text NOT NULL,
    created_at bigint NOT NULL,
    updated_at bigint NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX assignments_by_contest ON assignments (contest_id, due_at)`.execute(db);
  await sql`CREATE TABLE quiz_attempts (
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lesson text NOT NULL,
    score bigint NOT NULL,
    total bigint NOT NULL,
    at bigint NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX quiz_attempts_by_user ON quiz_attempts (user_id, lesson, score)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
