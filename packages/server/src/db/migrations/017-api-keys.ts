import { sql, type Kysely } from 'kysely';

/**
 * API keys for programs (docs/decisions/030-api-keys.md). `key_id` is the public half a program
 * sends as APCA-API-KEY-ID; only the SHA-256 of the secret is kept, as for session tokens. A key
 * names the portfolio it acts on: a reset bumps the portfolio's epoch and keeps the row, so it keeps
 * its keys. `scopes` is a comma-separated list of read and trade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE api_keys (
    id text PRIMARY KEY,
    key_id text NOT NULL UNIQUE,
    secret_hash text NOT NULL,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    portfolio_id text NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    name text NOT NULL,
    scopes text NOT NULL,
    created_at bigint NOT NULL,
    last_used_at bigint
  )`.execute(db);
  await sql`CREATE INDEX api_keys_by_user ON api_keys (user_id, created_at)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
