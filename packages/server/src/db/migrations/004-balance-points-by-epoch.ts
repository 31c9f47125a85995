import type { Kysely } from 'kysely';

/**
 * Balance points by (user, epoch, time), carrying the balance: every reader names the epoch, so
 * the user record's spread of 500 points (users/epoch-balance-points.ts) is 500 seeks that read
 * the index alone, with no table lookups and no walk past an earlier epoch's points.
 * It serves everything the (user_id, ts) index did, which it replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('balance_snapshots_user_epoch_time')
    .on('balance_snapshots')
    .columns(['user_id', 'epoch', 'ts', 'balance_cents'])
    .execute();
  await db.schema.dropIndex('balance_snapshots_user_time').execute();
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
