import { sql, type Kysely } from 'kysely';

/**
 * Stop, stop-limit and trailing orders, time in force, and why a fill happened
 * (docs/decisions/012-stop-and-trailing-orders.md). Existing orders become LIMIT / GTC.
 *
 * limit_orders gains:
 * - order_type: LIMIT, STOP, STOP_LIMIT or TRAILING_STOP;
 * - armed: 1 while the order waits for its stop (a STOP, a TRAILING_STOP, a STOP_LIMIT not yet
 *   triggered), 0 while it works as a limit. It says which of the two trigger indexes holds it;
 * - stop_price: the stop (a trailing order's current one), in 1e-8 dollars like limit_price;
 * - trail_bps or trail_amount, and water_mark: a trailing order's trail and the highest (SELL) or
 *   lowest (PURCHASE) price since it was placed, from which stop_price was computed;
 * - time_in_force, expires_at (DAY and GTD), triggered_at.
 * limit_price stays NOT NULL: a STOP or TRAILING_STOP stores 0 there, and since those are armed
 * until they fill they never sit in the limit index.
 *
 * The trigger's indexes, each partial on the working orders it serves, so a tick reads one range
 * per (symbol, side) of each: limits by limit price (the old index, now without armed orders),
 * armed stops by stop price, trailing orders by water mark (which ones a new high or low moves),
 * and orders with an expiry by expiry time. Queries name the WHERE terms literally so SQLite uses
 * them (features/trading/crossing-orders.ts).
 *
 * transactions gains trigger_type, trigger_price and trigger_reason: set on a working order's fill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orders = db.schema.alterTable('limit_orders');
  await orders.addColumn('order_type', 'text', (c) => c.notNull().defaultTo('LIMIT')).execute();
  await orders.addColumn('armed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await orders.addColumn('stop_price', 'bigint').execute();
  await orders.addColumn('trail_bps', 'integer').execute();
  await orders.addColumn('trail_amount', 'bigint').execute();
  await orders.addColumn('water_mark', 'bigint').execute();
  await orders.addColumn('time_in_force', 'text', (c) => c.notNull().defaultTo('GTC')).execute();
  await orders.addColumn('expires_at', 'bigint').execute();
  await orders.addColumn('triggered_at', 'bigint').execute();

  const transactions = db.schema.alterTable('transactions');
  await transactions.addColumn('trigger_type', 'text').execute();
  await transactions.addColumn('trigger_price', 'bigint').execute();
  await transactions.addColumn('trigger_reason', 'text').execute();

  await db.schema.dropIndex('limit_orders_working').execute();
  await sql`CREATE INDEX limit_orders_working ON limit_orders (symbol, type, limit_price)
    WHERE status = 'WORKING' AND armed = 0`.execute(db);
  await sql`CREATE INDEX limit_orders_stops ON limit_orders (symbol, type, stop_price)
    WHERE status = 'WORKING' AND armed = 1`.execute(db);
  await sql`CREATE INDEX limit_orders_marks ON limit_orders (symbol, type, water_mark)
    WHERE status = 'WORKING' AND water_mark IS NOT NULL`.execute(db);
  await sql`CREATE INDEX limit_orders_expiry ON limit_orders (expires_at)
    WHERE status = 'WORKING' AND expires_at IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
