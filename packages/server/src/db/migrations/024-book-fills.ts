import { sql, type Kysely } from 'kysely';

/**
 * Market orders that walk the simulated book (docs/decisions/039-book-fills-without-a-lock.md). A
 * fill keeps the mid it walked from, the levels it took and, when it filled in part, the shares
 * asked for; its slippage is computed from its price and mid, so no float is stored. All null on
 * fills from before the book and on IDEAL fills. A contest may choose its fill model; null
 * (every contest from before it) follows the instance's default, as a main portfolio without the
 * setting does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions ADD COLUMN mid_price bigint`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN levels integer`.execute(db);
  await sql`ALTER TABLE transactions ADD COLUMN requested_shares bigint`.execute(db);
  await sql`ALTER TABLE contests ADD COLUMN fill_model text`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
