import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { releaseOrders } from '../../ledger/release-orders.ts';
import { notify } from '../../users/notify.ts';
import { refusalNotice, type BatchInput, type Refusal } from './fill-batch.ts';

/**
 * Cancels one crossed order that could not be filled even alone (limit-trigger.ts), so that
 * it neither blocks the orders behind it nor fails again on every tick: its reservation goes
 * back and its owner is told. Null when the order was no longer working.
 */
export async function refuseStuckOrder(
  db: Kysely<DB>,
  input: BatchInput,
  reason: string,
): Promise<Refusal | null> {
  const orderId = input.orderIds[0];
  if (orderId === undefined) return null;
  return inTransaction(db, async (trx) => {
    const locked = await lockPortfolios(trx, input.portfolioIds);
    const order = (
      await releaseOrders(trx, { portfolios: locked, orderIds: [orderId], at: input.at })
    )[0];
    // An order of an epoch that a reset ended held nothing: it only stopped working, untold.
    const portfolio = locked.find((p) => p.id === order?.portfolioId);
    if (!order || !portfolio || portfolio.epoch !== order.epoch) return null;
    const refusal = { orderId, portfolioId: order.portfolioId, userId: portfolio.userId, reason };
    const held = (order.type === 'PURCHASE' ? order.purchaseCents : order.sellShares) ?? 0n;
    await notify(trx, refusalNotice(input, { ...refusal, reserved: held }), input.at);
    return refusal;
  });
}
