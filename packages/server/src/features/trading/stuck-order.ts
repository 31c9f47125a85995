import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { releaseReservation } from '../../ledger/ledger.ts';
import { notify } from '../../users/notify.ts';
import { refusalNotice, type BatchInput, type Refusal } from './fill-batch.ts';
import { reservationsFreed } from './oco-legs.ts';

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
    const portfolios = new Map(
      (await lockPortfolios(trx, input.portfolioIds)).map((p) => [p.id, p]),
    );
    const order = await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', closed_at: input.at })
      .where('id', '=', orderId)
      .where('status', '=', 'WORKING')
      .returning([
        'portfolio_id',
        'epoch',
        'type',
        'symbol',
        'purchase_cents',
        'sell_shares',
        'oco_group_id',
      ])
      .executeTakeFirst();
    if (!order) return null;
    // An order of an epoch that a reset ended holds nothing any more: it only stops working.
    const portfolio = portfolios.get(order.portfolio_id);
    if (!portfolio || portfolio.epoch !== BigInt(order.epoch)) return null;
    const reserved = {
      portfolioId: order.portfolio_id,
      type: order.type,
      symbol: order.symbol,
      purchaseCents: order.purchase_cents,
      sellShares: order.sell_shares,
    };
    if ((await reservationsFreed(trx, [order])).length) await releaseReservation(trx, reserved);
    const refusal = { orderId, portfolioId: order.portfolio_id, userId: portfolio.userId, reason };
    const held = BigInt(
      (order.type === 'PURCHASE' ? order.purchase_cents : order.sell_shares) ?? 0n,
    );
    await notify(trx, refusalNotice(input, { ...refusal, reserved: held }), input.at);
    return refusal;
  });
}
