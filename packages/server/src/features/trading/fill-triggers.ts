import { fillReason, type Trail, type WorkingOrderKind } from '@papertrade/domain';
import { sql } from 'kysely';
import { batchIds, batchRows } from '../../db/batch-rows.ts';
import type { Trx } from '../../db/transaction.ts';
import type { BatchInput, Fill } from './fill-batch.ts';

interface FilledOrder {
  id: string;
  type: string;
  order_type: string;
  limit_price: bigint;
  stop_price: bigint | null;
  water_mark: bigint | null;
  trail_bps: bigint | null;
  trail_amount: bigint | null;
}

const big = (v: bigint | null) => (v === null ? null : BigInt(v));

function trailOf(o: FilledOrder): Trail | null {
  if (o.trail_bps !== null) return { bps: BigInt(o.trail_bps) };
  if (o.trail_amount !== null) return { amount: BigInt(o.trail_amount) };
  return null;
}

/**
 * Records on each fill's transaction why it happened (docs/api.md, `Transaction.trigger`): the order's kind,
 * the tick's price and the reason in words. Inside the batch's transaction, once fillBatch has
 * inserted the transactions: the orders are read as they were claimed (their prices cannot move after the claim), in two
 * statements whatever the batch size. Answers transaction id -> the order's kind and the reason,
 * for the notifications.
 */
export async function recordTriggers(trx: Trx, input: BatchInput, fills: readonly Fill[]): Promise<Map<string, { kind: string; reason: string }>> {
  const reasons = new Map<string, { kind: string; reason: string }>();
  if (!fills.length) return reasons;
  const { rows } = await sql<FilledOrder>`SELECT id, type, order_type, limit_price, stop_price, water_mark, trail_bps, trail_amount
    FROM limit_orders WHERE id IN (SELECT id FROM ${batchIds(trx, fills.map((f) => f.orderId))} AS u)`.execute(trx);
  const byId = new Map(rows.map((o) => [o.id, o]));
  const values: [string, string, string][] = [];
  for (const f of fills) {
    const o = byId.get(f.orderId);
    if (!o) continue;
    const reason = fillReason({
      orderType: o.order_type as WorkingOrderKind,
      side: input.side,
      tickPrice: input.price,
      limitPrice: BigInt(o.limit_price),
      stopPrice: big(o.stop_price),
      waterMark: big(o.water_mark),
      trail: trailOf(o),
    });
    reasons.set(f.transactionId, { kind: o.order_type, reason });
    values.push([f.transactionId, o.order_type, reason]);
  }
  if (!values.length) return reasons;
  const rowsIn = batchRows(trx, { id: 'text', kind: 'text', reason: 'text' }, values);
  await sql`UPDATE transactions SET trigger_type = c.kind, trigger_price = CAST(${input.price} AS bigint), trigger_reason = c.reason
    FROM ${rowsIn} AS c WHERE transactions.id = c.id`.execute(trx);
  return reasons;
}
