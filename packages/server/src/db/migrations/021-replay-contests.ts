import { sql, type Kysely } from 'kysely';

/**
 * A contest's price source (docs/decisions/034-replay-contests.md): `price_kind` LIVE (every
 * contest so far) or REPLAY, which plays the imported 1-minute candles of [replay_from, replay_to)
 * `replay_speed` times faster from the contest's start. The partial index finds the replays still
 * running, which the market's tick works and which the live tick leaves out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contests ADD COLUMN price_kind text NOT NULL DEFAULT 'LIVE'`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN replay_from bigint`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN replay_to bigint`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN replay_speed bigint`.execute(db);
  await sql`CREATE INDEX contests_running_replays ON contests (id)
    WHERE price_kind = 'REPLAY' AND closed_at IS NULL`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
