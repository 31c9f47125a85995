import type { PriceUnits, OrderSide } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { marksPassedSql, NOT_REPLAYED } from './crossing-orders.ts';

/**
 * Moves the water marks and stops of the trailing orders of one symbol and side that `price`
 * passes: a SELL's high below the price (a new high since its last move) or a PURCHASE's low
 * above it. Only those rows are read and written, through limit_orders_marks (decision 012);
 * a tick that makes no new high or low for any of them touches none.
 *
 * The new stop is the mark minus (SELL) or plus (PURCHASE) the trail, the percent part computed
 * as domain's trailingStop does: mark / 10,000 x bps + (mark mod 10,000) x bps / 10,000, which
 * never passes 64 bits. Neither moves money, so no portfolio lock is needed: a fill's claim and a
 * cancel are guarded by the status, and a moved stop is below (SELL) or above (PURCHASE) the
 * price that moved it, so the order does not cross at it.
 */
export async function moveWaterMarks(
  db: Kysely<DB>,
  symbol: string,
  side: OrderSide,
  price: PriceUnits,
): Promise<number> {
  const head = price / 10_000n;
  const tail = price % 10_000n;
  const percent = sql`(CAST(${head} AS bigint) * trail_bps + (CAST(${tail} AS bigint) * trail_bps) / 10000)`;
  const offset = sql`CASE WHEN trail_bps IS NULL THEN trail_amount ELSE ${percent} END`;
  const stop =
    side === 'SELL'
      ? sql`CAST(${price} AS bigint) - ${offset}`
      : sql`CAST(${price} AS bigint) + ${offset}`;
  const result =
    await sql`UPDATE limit_orders SET water_mark = CAST(${price} AS bigint), stop_price = ${stop}
    WHERE ${marksPassedSql(symbol, side, price)} AND ${NOT_REPLAYED}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
