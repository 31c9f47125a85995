import { sql, type Kysely } from 'kysely';

/**
 * Liquidity our own takers consumed from the simulated order book, one row per asset and side
 * (`bid` or `ask`): the shares still missing as of `at` (ms), which refill linearly from then on
 * (docs/decisions/029-simulated-order-book.md). The book itself is never stored: every instance
 * computes it from the tick and these rows, so all of them answer the same book. A taker rewrites
 * its side's row in its own transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_book_consumption')
    .addColumn('asset_id', 'text', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('bid', 'ask')`))
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_book_consumption_pk', ['asset_id', 'side'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
