import { sql, type Kysely } from 'kysely';

/**
 * The balance points value a symbol's free and reserved shares together from lot_totals
 * (docs/decisions/041-balance-from-running-totals.md) and no longer read the working sells, the
 * only reader of limit_orders_reserved_sells (migration 012). Dropped, so placing, filling and
 * cancelling a sell no longer writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS limit_orders_reserved_sells`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
