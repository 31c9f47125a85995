import { sql, type Kysely } from 'kysely';

/**
 * Partial fills of resting orders (docs/decisions/040-partial-fills.md): the shares a working order
 * has got so far in slices. The order stays WORKING (the trigger's partial indexes read that
 * status) while purchase_cents / sell_shares keep what it still reserves; 0 for every order from
 * before, which filled whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE limit_orders ADD COLUMN filled_shares bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
