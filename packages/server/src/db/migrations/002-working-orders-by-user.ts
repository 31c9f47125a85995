import { sql, type Kysely } from 'kysely';

/**
 * A user's working orders, covering everything a total balance needs, so the balance points
 * written after a tick's fills (and any per-user balance) read a few index entries per user
 * instead of every order the user ever placed. Partial: filled and cancelled orders, which
 * grow without bound, are not in it. Queries must name `status = 'WORKING'` as a literal for
 * SQLite to use it (see features/trading/crossing-orders.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('limit_orders_user_working')
    .on('limit_orders')
    .columns(['user_id', 'type', 'symbol', 'purchase_cents', 'sell_shares'])
    .where(sql.ref('status'), '=', 'WORKING')
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
