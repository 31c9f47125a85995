import type { PriceUnits } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type Side = 'PURCHASE' | 'SELL';

/**
 * The queries the trigger reads working orders with. Each names `status = 'WORKING'` as a
 * literal, not a parameter: SQLite uses a partial index only when the query's WHERE visibly
 * implies the index's WHERE, and a bound parameter does not.
 *
 * A price crosses a PURCHASE whose limit is at or above it, and a SELL whose limit is at or below.
 */
const WORKING = sql`status = 'WORKING'`;

function crossesSql(symbol: string, side: Side, price: PriceUnits) {
  const limit = side === 'PURCHASE' ? sql`limit_price >= ${price}` : sql`limit_price <= ${price}`;
  return sql`${WORKING} AND symbol = ${symbol} AND type = ${sql.lit(side)} AND ${limit}`;
}

/**
 * Which (symbol, side) pairs this tick crosses at all, in one statement of one index probe per
 * pair, so a tick that crosses nothing costs a single round trip whatever the number of orders.
 */
export async function crossedSides(
  db: Kysely<DB>,
  prices: ReadonlyMap<string, PriceUnits>,
): Promise<{ symbol: string; side: Side }[]> {
  const probes = [];
  let n = 0;
  for (const [symbol, price] of prices) {
    for (const side of ['PURCHASE', 'SELL'] as const) {
      const alias = sql.raw(`p${n++}`);
      probes.push(
        sql`SELECT symbol, type FROM (SELECT symbol, type FROM limit_orders WHERE ${crossesSql(symbol, side, price)} LIMIT 1) AS ${alias}`,
      );
    }
  }
  if (probes.length === 0) return [];
  const { rows } = await sql<{ symbol: string; type: Side }>`${sql.join(probes, sql` UNION ALL `)}`.execute(db);
  return rows.map((r) => ({ symbol: r.symbol, side: r.type }));
}

export interface CrossingOrder {
  id: string;
  portfolio_id: string;
}

/** Up to `limit` crossed orders of one symbol and side, best limit first, through the index. */
export async function crossingOrders(
  db: Kysely<DB>,
  symbol: string,
  side: Side,
  price: PriceUnits,
  limit: number,
): Promise<CrossingOrder[]> {
  const direction = side === 'PURCHASE' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<CrossingOrder>`SELECT id, portfolio_id FROM limit_orders
    WHERE ${crossesSql(symbol, side, price)}
    ORDER BY limit_price ${direction} LIMIT ${limit}`.execute(db);
  return rows;
}
