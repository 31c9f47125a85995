import type { LockedPortfolio, Trx } from '../../db/transaction.ts';
import { releaseReservation } from '../../ledger/ledger.ts';
import { rowHoldsReservation } from '../../ledger/reserved-orders.ts';

/**
 * The fills' guard for closed portfolios (a member removed from a contest): under their locks,
 * every working order they still have is cancelled with its reservation back, as the removal
 * itself does (contest-service.ts), so none of them fills. The removal cancels them first and a
 * closed portfolio refuses new orders under its lock (db/transaction.ts lockPortfolio): this only
 * finds orders saved before that guard existed. No notice: the member was told of the removal.
 */
export async function cancelOrdersOfClosed(
  trx: Trx,
  portfolios: Iterable<LockedPortfolio>,
  at: number,
): Promise<void> {
  const closed = [...portfolios].filter((p) => p.closedAt !== null);
  if (!closed.length) return;
  const epochs = new Map(closed.map((p) => [p.id, p.epoch]));
  const working = await trx
    .updateTable('limit_orders')
    .set({ status: 'CANCELLED', closed_at: at })
    .where('portfolio_id', 'in', [...epochs.keys()])
    .where('status', '=', 'WORKING')
    .returning([
      'id',
      'oco_group_id',
      'portfolio_id',
      'epoch',
      'type',
      'symbol',
      'purchase_cents',
      'sell_shares',
    ])
    .execute();
  // Both legs of a pair end here together: its shares go back once; an order of an ended epoch holds nothing.
  for (const o of working.filter(
    (w) => rowHoldsReservation(w) && epochs.get(w.portfolio_id) === BigInt(w.epoch),
  )) {
    await releaseReservation(trx, {
      portfolioId: o.portfolio_id,
      type: o.type,
      symbol: o.symbol,
      purchaseCents: o.purchase_cents,
      sellShares: o.sell_shares,
    });
  }
}
