import { sql, type Kysely } from 'kysely';

/**
 * Trade notes and class rules (docs/decisions/036-trade-notes-and-class-rules.md). A note lives
 * on the transaction and on the working order, which hands it to the transaction it fills into.
 * A contest's rules are nullable columns: null is no such rule, so every contest from before them
 * keeps trading as it did, and `rank_by` defaults to the return, as the board ranked before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions ADD COLUMN note text`.execute(db);
  await sql`ALTER TABLE limit_orders ADD COLUMN note text`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN max_position_percent integer`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN max_trades_per_day integer`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN require_notes integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN rank_by text NOT NULL DEFAULT 'RETURN'`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
