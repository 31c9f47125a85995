import type { OrderSide, PriceUnits } from '@papertrade/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { statementByShape, type ShapedStatement } from '../../db/statement-by-shape.ts';

/**
 * Which trigger index a batch of orders was found through (decision 012): LIMIT, the orders
 * working as limits (limit orders and triggered stop-limits); STOP, the orders waiting for their
 * stop (stops, trailing stops, stop-limits not yet triggered).
 */
export type CrossKind = 'LIMIT' | 'STOP';

/**
 * The queries the trigger reads working orders with. Each names its index's WHERE terms
 * (`status = 'WORKING'`, `armed = 0 / 1`, `water_mark IS NOT NULL`, `expires_at IS NOT NULL`) as
 * literals, not parameters: SQLite uses a partial index only when the query's WHERE visibly
 * implies the index's WHERE, and a bound parameter does not.
 *
 * A price crosses a limit PURCHASE whose limit is at or above it and a limit SELL whose limit is
 * at or below; a stop SELL whose stop is at or above it and a stop PURCHASE whose stop is at or
 * below (domain/working-orders.ts, limitCrossed and stopCrossed).
 */
const WORKING = sql`status = 'WORKING'`;

/** The crossing condition of one index, columns qualified by `table` when the query joins. */
export function crossesSql(
  kind: CrossKind,
  symbol: string,
  side: OrderSide,
  price: PriceUnits,
  table = '',
) {
  const col = (name: string) => sql.raw(`${table ? `${table}.` : ''}${name}`);
  const working = sql`${col('status')} = 'WORKING'`;
  if (kind === 'LIMIT') {
    const limit =
      side === 'PURCHASE'
        ? sql`${col('limit_price')} >= ${price}`
        : sql`${col('limit_price')} <= ${price}`;
    return sql`${working} AND ${col('armed')} = 0 AND ${col('symbol')} = ${symbol} AND ${col('type')} = ${sql.lit(side)} AND ${limit}`;
  }
  const stop =
    side === 'SELL' ? sql`${col('stop_price')} >= ${price}` : sql`${col('stop_price')} <= ${price}`;
  return sql`${working} AND ${col('armed')} = 1 AND ${col('symbol')} = ${symbol} AND ${col('type')} = ${sql.lit(side)} AND ${stop}`;
}

/**
 * Trailing orders whose water mark `price` passes: a SELL's high below it, a PURCHASE's low above
 * it. Only those move (trailing-marks.ts).
 */
export function marksPassedSql(symbol: string, side: OrderSide, price: PriceUnits) {
  const passed = side === 'SELL' ? sql`water_mark < ${price}` : sql`water_mark > ${price}`;
  return sql`${WORKING} AND water_mark IS NOT NULL AND symbol = ${symbol} AND type = ${sql.lit(side)} AND ${passed}`;
}

/** Working orders whose expiry has come by `at` (expiry.ts). */
export function expiredSql(at: number) {
  return sql`${WORKING} AND expires_at IS NOT NULL AND expires_at <= ${at}`;
}

/**
 * Leaves out the orders of contests that replay history: they trade on the replay's prices
 * (replay-trigger.ts), never on the live tick's (docs/decisions/034-replay-contests.md). The
 * subquery reads the partial index contests_running_replays, empty unless a replay runs.
 */
export const NOT_REPLAYED = sql`portfolio_id NOT IN (SELECT rp.id FROM portfolios rp
  JOIN contests rc ON rc.id = rp.contest_id
  WHERE rc.price_kind = 'REPLAY' AND rc.closed_at IS NULL)`;

export type Hit =
  | { what: 'LIMIT' | 'STOP' | 'MARK'; symbol: string; side: OrderSide }
  | { what: 'EXPIRY'; symbol: ''; side: OrderSide };

const SIDES = ['PURCHASE', 'SELL'] as const;

export interface TickInput {
  prices: ReadonlyMap<string, PriceUnits>;
  at: number;
}

/**
 * The tick's probes: one per (symbol, side) and index (limits crossed, stops crossed, water marks
 * passed), plus one for expiries. Each is ordered by its index's last column: with a bare LIMIT
 * 1, PostgreSQL may guess that many rows match (buys' limits below the price and sells' above it
 * defeat its estimate of independent columns) and scan the table for the first one, which on a
 * quiet tick is never found. Ordered, the index is the cheap plan whatever the guess
 * (trigger-plans.test.ts). Symbols and prices are bound, so the text depends only on how many.
 */
export const tickHitsShape: ShapedStatement<TickInput> = {
  shape: ({ prices }) => String(prices.size),
  build: ({ prices, at }) => {
    const probes: RawBuilder<unknown>[] = [];
    let n = 0;
    const probe = (what: Hit['what'], where: RawBuilder<unknown>, column: string) => {
      const alias = sql.raw(`p${n++}`);
      probes.push(
        sql`SELECT ${sql.lit(what)} AS what, symbol, type FROM (SELECT symbol, type FROM limit_orders WHERE ${where} ORDER BY ${sql.raw(column)} LIMIT 1) AS ${alias}`,
      );
    };
    for (const [symbol, price] of prices) {
      for (const side of SIDES) {
        probe('LIMIT', crossesSql('LIMIT', symbol, side, price), 'limit_price');
        probe('STOP', crossesSql('STOP', symbol, side, price), 'stop_price');
        probe('MARK', marksPassedSql(symbol, side, price), 'water_mark');
      }
    }
    // The expiry probe reads the expiry index alone; symbol and type are answered as constants.
    probes.push(
      sql`SELECT 'EXPIRY' AS what, '' AS symbol, 'SELL' AS type FROM (SELECT id FROM limit_orders WHERE ${expiredSql(at)} ORDER BY expires_at LIMIT 1) AS px`,
    );
    return sql`${sql.join(probes, sql` UNION ALL `)}`;
  },
  // Each probe binds its symbol, then its price.
  parameters: ({ prices, at }) => {
    const values: unknown[] = [];
    for (const [symbol, price] of prices) {
      for (let probe = 0; probe < SIDES.length * 3; probe += 1) values.push(symbol, price);
    }
    values.push(at);
    return values;
  },
};
export const tickHitsStatement = statementByShape(tickHitsShape);

/**
 * What this tick has to do at all, in one statement (tickHitsStatement), so a tick that crosses
 * nothing costs a single round trip whatever the number of orders.
 */
export async function tickHits(
  db: Kysely<DB>,
  prices: ReadonlyMap<string, PriceUnits>,
  at: number,
): Promise<Hit[]> {
  if (prices.size === 0) return [];
  const { rows } = await db.executeQuery<{ what: Hit['what']; symbol: string; type: OrderSide }>(
    tickHitsStatement(db, { prices, at }),
  );
  return rows.map((r) => ({ what: r.what, symbol: r.symbol, side: r.type }) as Hit);
}

export interface CrossingOrder {
  id: string;
  portfolio_id: string;
  /** What it still reserves, and its limit: enough to size it against the tick's volume. */
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
  limit_price: bigint;
}

/**
 * Up to `limit` crossed orders of one symbol and side, through the index: limits best limit
 * first, then earliest (ids are time-ordered), the priority the tick's volume is handed out in
 * (docs/decisions/040-partial-fills.md); stops furthest crossed first. Stop-limits are never filled from the stop index: their
 * stop makes them limits (stop-triggers.ts), and the limit index fills them.
 */
export async function crossingOrders(
  db: Kysely<DB>,
  kind: CrossKind,
  symbol: string,
  side: OrderSide,
  price: PriceUnits,
  limit: number,
): Promise<CrossingOrder[]> {
  if (kind === 'LIMIT') {
    const direction = side === 'PURCHASE' ? sql`DESC` : sql`ASC`;
    const { rows } =
      await sql<CrossingOrder>`SELECT id, portfolio_id, purchase_cents, sell_shares, limit_price FROM limit_orders
      WHERE ${crossesSql('LIMIT', symbol, side, price)} AND ${NOT_REPLAYED}
      ORDER BY limit_price ${direction}, id LIMIT ${limit}`.execute(db);
    return rows;
  }
  const direction = side === 'SELL' ? sql`DESC` : sql`ASC`;
  const { rows } =
    await sql<CrossingOrder>`SELECT id, portfolio_id, purchase_cents, sell_shares, limit_price FROM limit_orders
    WHERE ${crossesSql('STOP', symbol, side, price)} AND order_type <> 'STOP_LIMIT'
      AND ${NOT_REPLAYED}
    ORDER BY stop_price ${direction} LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The claim's guard for a batch found through `kind`'s index (fill-batch.ts): the order still
 * crosses at this price in that index (a modify may have moved its price since it was read),
 * and its expiry, if any, has not come.
 */
export function claimGuard(
  kind: CrossKind,
  symbol: string,
  side: OrderSide,
  price: PriceUnits,
  at: number,
) {
  return sql`AND ${crossesSql(kind, symbol, side, price, 'limit_orders')}
      AND (limit_orders.expires_at IS NULL OR limit_orders.expires_at > ${at})`;
}
