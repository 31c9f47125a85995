import type { LockedPortfolio, Trx } from '../../db/transaction.ts';
import { releaseOrders } from '../../ledger/release-orders.ts';

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
  await releaseOrders(trx, { portfolios: closed, at });
}
