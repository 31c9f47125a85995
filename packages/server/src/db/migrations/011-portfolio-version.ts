import type { Kysely } from 'kysely';

/**
 * A portfolio's record version (docs/api.md, Lean order answers): every transaction that takes the
 * portfolio's row lock (db/transaction.ts lockPortfolios) increases it, in the same statement, so
 * a client that holds version n and receives n + 1 knows it missed nothing; a gap means a reload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('portfolios')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
