import { sql, type Kysely } from 'kysely';

/**
 * Alpaca's client_order_id (docs/decisions/031-alpaca-trading.md): one row per order a program
 * placed, unique per portfolio, written in the order's own transaction. `request` is the order's
 * body as sent (canonical JSON), so a retry with the same id answers the same order and a
 * different body under that id is refused. A side table, not columns of transactions and
 * limit_orders: the web's order paths insert those rows and stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE client_orders (
    portfolio_id text NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    client_order_id text NOT NULL,
    order_id text NOT NULL,
    request text NOT NULL,
    created_at bigint NOT NULL,
    PRIMARY KEY (portfolio_id, client_order_id)
  )`.execute(db);
  await sql`CREATE INDEX client_orders_by_order ON client_orders (order_id)`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only, like every migration here.
}
