import type { PriceUnits } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import { literalLimit } from '../../db/literal-limit.ts';
import type { DB } from '../../db/schema.ts';
import { statementByShape, type ShapedStatement } from '../../db/statement-by-shape.ts';

/**
 * The read a tick starts with. Each branch names `triggered_at IS NULL` and the direction as
 * literals, not parameters: SQLite uses the partial index price_alerts_waiting only when the
 * query visibly implies its WHERE. Every branch is one range of that index (an ABOVE alert is
 * reached by a price at or above its level, so its level is <= the price; a BELOW alert the
 * other way round), so a tick that reaches nothing is one statement of two index probes per
 * symbol, however many alerts wait. The limits are written in too (db/literal-limit.ts).
 */
const WAITING = sql`triggered_at IS NULL`;
const DIRECTIONS = ['ABOVE', 'BELOW'] as const;

export interface ReachedAlert {
  id: string;
  user_id: string;
}

export interface AlertsInput {
  prices: ReadonlyMap<string, PriceUnits>;
  limit: number;
}

/** Symbols and prices are bound, the limit written in: the text depends on how many symbols and the limit. */
export const reachedAlertsShape: ShapedStatement<AlertsInput> = {
  shape: ({ prices, limit }) => `${prices.size}|${limit}`,
  build: ({ prices, limit }) => {
    const branches = [];
    let n = 0;
    for (const [symbol, price] of prices) {
      for (const direction of DIRECTIONS) {
        const level = direction === 'ABOVE' ? sql`price <= ${price}` : sql`price >= ${price}`;
        const alias = sql.raw(`a${n++}`);
        branches.push(sql`SELECT id, user_id FROM (SELECT id, user_id FROM price_alerts
          WHERE ${WAITING} AND symbol = ${symbol} AND direction = ${sql.lit(direction)} AND ${level}
          LIMIT ${literalLimit(limit)}) AS ${alias}`);
      }
    }
    return sql`${sql.join(branches, sql` UNION ALL `)} LIMIT ${literalLimit(limit)}`;
  },
  // Each branch binds its symbol, then its price.
  parameters: ({ prices }) =>
    [...prices].flatMap(([symbol, price]) => DIRECTIONS.flatMap(() => [symbol, price])),
};
export const reachedAlertsStatement = statementByShape(reachedAlertsShape);

/** Up to `limit` waiting alerts that these prices reach, in one statement. */
export async function reachedAlerts(
  db: Kysely<DB>,
  prices: ReadonlyMap<string, PriceUnits>,
  limit: number,
): Promise<ReachedAlert[]> {
  if (prices.size === 0) return [];
  const { rows } = await db.executeQuery<ReachedAlert>(
    reachedAlertsStatement(db, { prices, limit }),
  );
  return rows;
}
