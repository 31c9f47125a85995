import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Which working orders hold a reservation (decision 015). Every order does, except the second
 * leg of an OCO pair: the pair's shares are reserved once, on the leg whose id is the group's.
 * Any sum of what working orders reserve (balances, totals, checks) counts only these.
 */
export const HOLDS_RESERVATION = sql`(oco_group_id IS NULL OR oco_group_id = id)`;

/** HOLDS_RESERVATION for a Kysely query on limit_orders. */
export const holdsReservation = (eb: ExpressionBuilder<DB, 'limit_orders'>) =>
  eb.or([eb('oco_group_id', 'is', null), eb('oco_group_id', '=', eb.ref('id'))]);

/** The same rule on a row already read. */
export const rowHoldsReservation = (o: { id: string; oco_group_id: string | null }) =>
  o.oco_group_id === null || o.oco_group_id === o.id;
