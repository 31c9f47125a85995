import { sql, type Kysely } from 'kysely';

/**
 * Price alerts (docs/api.md, Price alerts): a user's alert fires once, on the first tick whose price reaches it.
 * `direction` is ABOVE or BELOW and `price` the level in 1e-8 dollars, like limit prices.
 *
 * `price_alerts_waiting` is what a tick reads: partial on the alerts still waiting, so the ones
 * fired (kept for the user's list) are not in it, and ordered by (symbol, direction, price) so
 * "ABOVE alerts of BTC at or below 61,000" is one range of it whatever the number of alerts.
 * Queries must name `triggered_at IS NULL` in their text for SQLite to use it
 * (features/alerts/crossed-alerts.ts). `price_alerts_user` serves a user's list, the count of
 * waiting alerts (NULLs first in it) and the pruning of old fired ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('triggered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('price_alerts_waiting')
    .on('price_alerts')
    .columns(['symbol', 'direction', 'price'])
    .where(sql.ref('triggered_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('price_alerts_user')
    .on('price_alerts')
    .columns(['user_id', 'triggered_at'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
