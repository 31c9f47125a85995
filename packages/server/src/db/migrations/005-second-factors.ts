import type { Kysely } from 'kysely';

/**
 * The optional TOTP second factor (docs/decisions/003-auth.md): one row per user who started or finished setting it
 * up (`enabled_at` null while pending), the secret encrypted under the server key, `last_step` the
 * newest time step used so a code cannot be replayed; and the single-use recovery codes as SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
