import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Lessons read and quiz scores, one row per user and lesson (docs/api.md, Lessons and quizzes;
 * docs/decisions/027-lesson-quizzes-on-the-server.md). `lesson` is the lesson's slug, the id
 * classes already store. `last_answers` is the latest attempt's choice ids (JSON), kept so a class's
 * owner can be shown results per question; best and last score are columns because every progress
 * read wants them.
 *
 * Until now a read lesson was a `lesson:<slug>: true` key in the user's settings: those keys become
 * rows (read at the time of the migration: when they were set was never stored) and leave the
 * settings, so a lesson's read state has one home.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // SQLite runs DDL outside Kysely's migration transaction: one of its own, so the table and the
  // moved settings land together or not at all.
  if (sqlite) await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`CREATE TABLE lesson_progress (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      lesson text NOT NULL,
      read_at bigint,
      attempts bigint DEFAULT 0 NOT NULL,
      best_score bigint,
      last_score bigint,
      total bigint,
      last_answers text,
      last_attempt_at bigint,
      PRIMARY KEY (user_id, lesson)
    )`.execute(db);
    await moveReadFlags(db, Date.now());
    if (sqlite) await sql`COMMIT`.execute(db);
  } catch (error) {
    if (sqlite) await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

const FLAG = 'lesson:';

async function moveReadFlags(db: Kysely<unknown>, now: number): Promise<void> {
  const { rows } = await sql<{ id: string; settings: string }>`SELECT id, settings FROM users
    WHERE settings LIKE ${`%"${FLAG}%`}`.execute(db);
  for (const row of rows) {
    let settings: Record<string, unknown>;
    try {
      settings = JSON.parse(row.settings) as Record<string, unknown>;
    } catch {
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(settings)) {
      if (!key.startsWith(FLAG)) kept[key] = value;
      else if (value === true)
        await sql`INSERT INTO lesson_progress (user_id, lesson, read_at)
          VALUES (${row.id}, ${key.slice(FLAG.length)}, ${now})`.execute(db);
    }
    await sql`UPDATE users SET settings = ${JSON.stringify(kept)} WHERE id = ${row.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
