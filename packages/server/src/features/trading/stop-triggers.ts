import type { PriceUnits, OrderSide } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { crossesSql, NOT_REPLAYED } from './crossing-orders.ts';

/**
 * Stop-limit orders of one symbol and side whose stop `price` reaches become limits (docs/api.md):
 * they leave the stop index for the limit index (armed 1 -> 0) with triggeredAt set, still
 * WORKING and still holding the same reservation, so no money moves and no lock is needed; the
 * limit index fills them, on this tick if their limit crosses too. One statement, guarded by
 * armed = 1, so each triggers once. Answers the portfolios whose orders changed.
 */
export async function triggerStopLimits(
  db: Kysely<DB>,
  symbol: string,
  side: OrderSide,
  price: PriceUnits,
  at: number,
): Promise<string[]> {
  const { rows } = await sql<{
    portfolio_id: string;
  }>`UPDATE limit_orders SET armed = 0, triggered_at = ${at}
    WHERE ${crossesSql('STOP', symbol, side, price)} AND order_type = 'STOP_LIMIT'
      AND (expires_at IS NULL OR expires_at > ${at}) AND ${NOT_REPLAYED}
    RETURNING portfolio_id`.execute(db);
  return [...new Set(rows.map((r) => r.portfolio_id))];
}
