import { pairSlug, type PriceUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { batchIds } from '../../db/batch-rows.ts';
import { inTransaction, lockUsers, type Trx } from '../../db/transaction.ts';
import { priceText } from '../../ledger/money-text.ts';
import { notifyMany } from '../../users/notify.ts';
import { reachedAlerts } from './crossed-alerts.ts';
import type { JobLog } from '../../background-jobs.ts';

/** Alerts fired per transaction: a burst at one price level does not hold the writer long. */
export const ALERT_BATCH_SIZE = 500;

export interface AlertTriggerResult {
  fired: number;
}

export type AlertTrigger = (
  prices: ReadonlyMap<string, PriceUnits>,
  at: number,
) => Promise<AlertTriggerResult>;

interface Fired {
  id: string;
  user_id: string;
  symbol: string;
  direction: string;
  price: bigint | string | number;
}

export function alertText(
  a: Pick<Fired, 'symbol' | 'direction' | 'price'>,
  tickPrice: PriceUnits,
): string {
  const level = priceText(BigInt(a.price));
  return a.direction === 'ABOVE'
    ? `Price alert: ${a.symbol} rose to ${priceText(tickPrice)}, at or above your alert at ${level}`
    : `Price alert: ${a.symbol} fell to ${priceText(tickPrice)}, at or below your alert at ${level}`;
}

/**
 * Claims the alerts and notifies their owners in one transaction. The claim is guarded by
 * `triggered_at IS NULL`, so when two instances (the market leader's tick and a market-control
 * tick elsewhere) reach the same alert at once, PostgreSQL makes the second UPDATE wait for the
 * first, re-reads the row, and skips it: only the claiming transaction returns it, and only it
 * writes the notification. Users' rows are locked first, as every writer does (db/transaction.ts).
 */
async function fire(
  trx: Trx,
  ids: readonly string[],
  userIds: readonly string[],
  prices: ReadonlyMap<string, PriceUnits>,
  at: number,
): Promise<Fired[]> {
  await lockUsers(trx, [...userIds].sort());
  const { rows } = await sql<Fired>`UPDATE price_alerts SET triggered_at = ${at}
    WHERE triggered_at IS NULL AND id IN (SELECT id FROM ${batchIds(trx, ids)} AS b)
    RETURNING id, user_id, symbol, direction, price`.execute(trx);
  const notes = rows.flatMap((a) => {
    const tickPrice = prices.get(a.symbol);
    if (tickPrice === undefined) return [];
    return [
      {
        userId: a.user_id,
        type: 'INFORMATIVE' as const,
        text: alertText(a, tickPrice),
        url: `/asset?pair=${pairSlug(a.symbol)}`,
      },
    ];
  });
  await notifyMany(trx, notes, at);
  return rows;
}

/**
 * Fires the waiting alerts a tick's prices reach, each exactly once, with an INFORMATIVE
 * notification linking to the asset page (the contract's type; open screens tell it from other
 * news by that link and announce it); every owner's open screens then hear of it through the
 * user-changed event (the /live `user` message). The market runs it inside every tick.
 */
export function createAlertTrigger(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  log: JobLog,
  { batchSize = ALERT_BATCH_SIZE }: { batchSize?: number } = {},
): AlertTrigger {
  return async (prices, at) => {
    let fired = 0;
    const users = new Set<string>();
    const seen = new Set<string>();
    try {
      for (;;) {
        const batch = await reachedAlerts(ctx.db, prices, batchSize);
        // Alerts this tick has dealt with that still show as waiting cannot be fired now: stop
        // rather than read them again and again.
        if (batch.length === 0 || batch.every((a) => seen.has(a.id))) break;
        for (const a of batch) seen.add(a.id);
        const ids = batch.map((a) => a.id);
        const done = await inTransaction(ctx.db, (trx) =>
          fire(trx, ids, [...new Set(batch.map((a) => a.user_id))], prices, at),
        );
        for (const a of done) users.add(a.user_id);
        fired += done.length;
        // A short batch was the last. Alerts another instance fired meanwhile are no longer
        // waiting, so the next read moves past them either way.
        if (batch.length < batchSize) break;
      }
    } catch (error) {
      // Nothing of the failed batch was claimed (it rolled back): the next tick tries again.
      log.error({ err: error }, 'price alerts failed');
    }
    for (const userId of users) ctx.bus.publish({ type: 'user-changed', userId });
    return { fired };
  };
}
