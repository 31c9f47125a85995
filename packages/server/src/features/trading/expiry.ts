import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { releaseOrders, type ReleasedOrder } from '../../ledger/release-orders.ts';
import { sharesText, usdText } from '../../ledger/money-text.ts';
import { notifyMany } from '../../users/notify.ts';
import { expiredSql } from './crossing-orders.ts';

/** Orders expired per database transaction, as fills are batched (limit-trigger.ts). */
const EXPIRY_BATCH = 500;

/**
 * Expires the working DAY and GTD orders whose time has come by `at` (the tick's time): status
 * EXPIRED, reservation back, the owner told. Read through the expiry index, a batch at a time;
 * each batch takes its owners' locks first (the lock order), and the WORKING -> EXPIRED move is
 * one statement guarded by the status, so an order filled or cancelled meanwhile is skipped and
 * none gives its reservation back twice. Answers portfolio id -> owner of each portfolio touched.
 */
export async function expireOrders(db: Kysely<DB>, at: number): Promise<Map<string, string>> {
  const touched = new Map<string, string>();
  for (;;) {
    const { rows: due } = await sql<{
      id: string;
      portfolio_id: string;
    }>`SELECT id, portfolio_id FROM limit_orders
      WHERE ${expiredSql(at)} ORDER BY expires_at LIMIT ${EXPIRY_BATCH}`.execute(db);
    if (!due.length) return touched;
    const expired = await inTransaction(db, async (trx) => {
      const locked = await lockPortfolios(trx, [...new Set(due.map((o) => o.portfolio_id))].sort());
      const owners = new Map(locked.map((p) => [p.id, p]));
      // Still due under the locks: an order filled or cancelled meanwhile is skipped.
      const ended = await releaseOrders(trx, {
        portfolios: locked,
        orderIds: due.map((o) => o.id),
        at,
        status: 'EXPIRED',
        guard: expiredSql(at),
      });
      // An order of an epoch a reset ended held nothing: it only stops working, untold.
      const live = ended.filter((o) => owners.get(o.portfolioId)?.epoch === o.epoch);
      await notifyMany(
        trx,
        live.map((o) => ({
          userId: owners.get(o.portfolioId)?.userId ?? o.portfolioId,
          type: 'INFORMATIVE' as const,
          text: expiryText(o),
          url: '/order',
        })),
        at,
      );
      for (const o of ended)
        touched.set(o.portfolioId, owners.get(o.portfolioId)?.userId ?? o.portfolioId);
      return ended.length;
    });
    if (due.length < EXPIRY_BATCH || expired === 0) return touched;
  }
}

const KIND_NAMES: Record<string, string> = {
  LIMIT: 'limit',
  STOP: 'stop',
  STOP_LIMIT: 'stop-limit',
  TRAILING_STOP: 'trailing stop',
};

function expiryText(o: ReleasedOrder): string {
  const kind = KIND_NAMES[o.orderType] ?? 'limit';
  if (o.type === 'PURCHASE') {
    return `Your ${kind} order to buy ${o.symbol} for ${usdText(o.purchaseCents ?? 0n)} expired; the cash it reserved is free again`;
  }
  return `Your ${kind} order to sell ${sharesText(o.sellShares ?? 0n)} ${o.symbol} expired; the shares it reserved are free again`;
}
