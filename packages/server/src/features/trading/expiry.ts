import { sql, type Kysely } from 'kysely';
import { batchIds } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { addSharesMany, creditCashMany, sumByUser } from '../../ledger/batched-moves.ts';
import { sharesText, usdText } from '../../ledger/money-text.ts';
import { notifyMany } from '../../users/notify.ts';
import { expiredSql } from './crossing-orders.ts';
import { reservationsFreed } from './oco-legs.ts';

/** Orders expired per database transaction, as fills are batched (limit-trigger.ts). */
const EXPIRY_BATCH = 500;

interface Expired {
  id: string;
  portfolio_id: string;
  epoch: bigint;
  type: string;
  symbol: string;
  order_type: string;
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
  oco_group_id: string | null;
}

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
      const portfolios = new Map(
        (await lockPortfolios(trx, [...new Set(due.map((o) => o.portfolio_id))].sort())).map(
          (p) => [p.id, p],
        ),
      );
      const ids = due.map((o) => o.id);
      const { rows } =
        await sql<Expired>`UPDATE limit_orders SET status = 'EXPIRED', closed_at = ${at}
        WHERE id IN (SELECT id FROM ${batchIds(trx, ids)} AS u) AND ${expiredSql(at)}
        RETURNING id, portfolio_id, epoch, type, symbol, order_type, purchase_cents, sell_shares, oco_group_id`.execute(
          trx,
        );
      // An order of an epoch a reset ended holds nothing any more: it only stops working.
      const live = rows.filter((o) => portfolios.get(o.portfolio_id)?.epoch === BigInt(o.epoch));
      // A pair's shares go back once, and not while its other leg still works (decision 015).
      const held = (await reservationsFreed(trx, live)).map((o) => ({
        portfolioId: o.portfolio_id,
        symbol: o.symbol,
        type: o.type,
        amount: BigInt((o.type === 'PURCHASE' ? o.purchase_cents : o.sell_shares) ?? 0n),
      }));
      await creditCashMany(
        trx,
        sumByUser(
          held.filter((o) => o.type === 'PURCHASE'),
          (o) => o.amount,
        ),
      );
      const sells = held.filter((o) => o.type === 'SELL');
      for (const symbol of new Set(sells.map((o) => o.symbol))) {
        await addSharesMany(
          trx,
          symbol,
          sumByUser(
            sells.filter((o) => o.symbol === symbol),
            (o) => o.amount,
          ),
        );
      }
      await notifyMany(
        trx,
        live.map((o) => ({
          userId: portfolios.get(o.portfolio_id)?.userId ?? o.portfolio_id,
          type: 'INFORMATIVE' as const,
          text: expiryText(o),
          url: '/order',
        })),
        at,
      );
      for (const o of rows)
        touched.set(o.portfolio_id, portfolios.get(o.portfolio_id)?.userId ?? o.portfolio_id);
      return rows.length;
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

function expiryText(o: Expired): string {
  const kind = KIND_NAMES[o.order_type] ?? 'limit';
  if (o.type === 'PURCHASE') {
    return `Your ${kind} order to buy ${o.symbol} for ${usdText(BigInt(o.purchase_cents ?? 0n))} expired; the cash it reserved is free again`;
  }
  return `Your ${kind} order to sell ${sharesText(BigInt(o.sell_shares ?? 0n))} ${o.symbol} expired; the shares it reserved are free again`;
}
