import {
  fillReason,
  type PriceUnits,
  type Trail,
  type WorkingOrderKind,
  type OrderSide,
} from '@papertrade/domain';
import type { BatchFill } from '../../ledger/batched-moves.ts';

/** The order's terms as its claim returned them: its prices cannot move after the claim. */
export interface ClaimedTerms {
  order_type: string;
  limit_price: bigint | null;
  stop_price: bigint | null;
  water_mark: bigint | null;
  trail_bps: bigint | null;
  trail_amount: bigint | null;
}

/** Why a fill happened: the order's kind and the reason in words (docs/api.md, `Transaction.trigger`). */
export interface FillTrigger {
  kind: string;
  reason: string;
}

const big = (v: bigint | null) => (v === null ? null : BigInt(v));

function trailOf(o: ClaimedTerms): Trail | null {
  if (o.trail_bps !== null) return { bps: BigInt(o.trail_bps) };
  if (o.trail_amount !== null) return { amount: BigInt(o.trail_amount) };
  return null;
}

/**
 * Why each fill of the batch happened, by transaction id, worked out from the claimed orders
 * before the transactions are written, so each transaction row is inserted with its trigger
 * (kind, tick price, reason) in the same statement, and the notification can say it too.
 */
export function fillTriggers(
  input: { side: OrderSide; price: PriceUnits },
  fills: readonly BatchFill[],
  claimed: ReadonlyMap<string, ClaimedTerms>,
): Map<string, FillTrigger> {
  const triggers = new Map<string, FillTrigger>();
  for (const f of fills) {
    const o = claimed.get(f.orderId);
    if (!o) continue;
    const reason = fillReason({
      orderType: o.order_type as WorkingOrderKind,
      side: input.side,
      tickPrice: input.price,
      limitPrice: BigInt(o.limit_price ?? 0n),
      stopPrice: big(o.stop_price),
      waterMark: big(o.water_mark),
      trail: trailOf(o),
    });
    triggers.set(f.transactionId, { kind: o.order_type, reason });
  }
  return triggers;
}
