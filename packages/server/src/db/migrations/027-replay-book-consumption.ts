import { sql, type Kysely } from 'kysely';

/**
 * What a replay contest's members took of its books (docs/decisions/034-replay-contests.md,
 * amendment "replay books are stored"), one row per contest, asset and side, as
 * order_book_consumption is for the live books: the shares still missing as of `at`, refilling
 * from then on, and the side's whole depth when last taken (`side_total`), against which the refill
 * is measured. Stored by the tick's save and read by an instance when it starts, so an instance
 * that starts mid-replay sees the same replay books as the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('replay_book_consumption')
    .addColumn('contest_id', 'text', (c) =>
      c.notNull().references('contests.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'text', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('bid', 'ask')`))
    .addColumn('shares', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('side_total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('replay_book_consumption_pk', ['contest_id', 'asset_id', 'side'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
