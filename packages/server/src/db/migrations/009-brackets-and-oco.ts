import { sql, type Kysely } from 'kysely';

/**
 * Brackets and OCO pairs (docs/decisions/015-brackets-and-oco.md).
 *
 * limit_orders gains:
 * - tp_limit_price, sl_stop_price, sl_trail_bps, sl_trail_amount: a purchase's bracket, kept on
 *   the purchase until it fills; the fill opens the legs for the shares it bought;
 * - parent_id: on a leg, the purchase that opened it;
 * - leg: TAKE_PROFIT or STOP_LOSS;
 * - oco_group_id: the two working legs of a pair share it. The pair reserves its shares once, on
 *   the leg whose id is the group's id, so every sum of reserved shares counts the working orders
 *   with `oco_group_id IS NULL OR oco_group_id = id`. When one leg ends without filling, the other
 *   leaves the group and stands alone with the reservation.
 *
 * `limit_orders_oco` finds a pair's other leg when one fills, is cancelled or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orders = db.schema.alterTable('limit_orders');
  await orders.addColumn('parent_id', 'text').execute();
  await orders.addColumn('oco_group_id', 'text').execute();
  await orders.addColumn('leg', 'text').execute();
  await orders.addColumn('tp_limit_price', 'bigint').execute();
  await orders.addColumn('sl_stop_price', 'bigint').execute();
  await orders.addColumn('sl_trail_bps', 'integer').execute();
  await orders.addColumn('sl_trail_amount', 'bigint').execute();
  await sql`CREATE INDEX limit_orders_oco ON limit_orders (oco_group_id)
    WHERE status = 'WORKING' AND oco_group_id IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
