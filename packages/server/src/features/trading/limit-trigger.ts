import type { PriceUnits } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { recordBalanceSnapshots } from '../../users/total-balance.ts';
import { crossedSides, crossingOrders, type Side } from './crossing-orders.ts';
import { inTransaction } from './db-retry.ts';
import { fillBatch } from './fill-batch.ts';

/** Orders filled per database transaction: big enough to be fast, small enough not to hold the writer long. */
export const FILL_BATCH_SIZE = 500;

export interface TriggerResult {
  filled: number;
  cancelled: number;
  users: number;
}

export interface TriggerLog {
  error(obj: unknown, msg: string): void;
}

export type LimitTrigger = (prices: ReadonlyMap<string, PriceUnits>, at: number) => Promise<TriggerResult>;

/**
 * Fills the working limit orders that a tick's prices cross, each exactly once, at that tick's
 * price (ARCHITECTURE.md, Order execution). The market runs it inside every tick.
 */
export function createLimitTrigger(
  ctx: Pick<AppContext, 'db' | 'database' | 'bus'>,
  log: TriggerLog,
  batchSize = FILL_BATCH_SIZE,
): LimitTrigger {
  return async (prices, at) => {
    const result: TriggerResult = { filled: 0, cancelled: 0, users: 0 };
    const touched = new Set<string>();

    const fillSide = async (symbol: string, side: Side, price: PriceUnits) => {
      for (;;) {
        const batch = await crossingOrders(ctx.db, symbol, side, price, batchSize);
        if (batch.length === 0) return;
        const input = {
          symbol,
          side,
          price,
          at,
          orderIds: batch.map((o) => o.id),
          userIds: [...new Set(batch.map((o) => o.user_id))].sort(),
        };
        const out = await inTransaction(ctx.db, (trx) => fillBatch(trx, ctx.database.dialect, input));
        for (const f of out.fills) touched.add(f.userId);
        for (const c of out.cancelled) touched.add(c.userId);
        result.filled += out.fills.length;
        result.cancelled += out.cancelled.length;
        if (out.unmatchedShares > 0n) {
          log.error({ symbol, unmatched: String(out.unmatchedShares) }, 'limit sells without matching lots');
        }
        // A short batch was the last one. Orders of a full batch that someone else took are no
        // longer working, so the next read moves past them.
        if (batch.length < batchSize) return;
      }
    };

    try {
      for (const { symbol, side } of await crossedSides(ctx.db, prices)) {
        const price = prices.get(symbol);
        if (price === undefined) continue;
        try {
          await fillSide(symbol, side, price);
        } catch (error) {
          // The failed batch rolled back whole: its orders are still working; the next tick retries.
          log.error({ err: error, symbol, side }, 'limit order fills failed');
        }
      }
    } catch (error) {
      log.error({ err: error }, 'limit order trigger failed');
    } finally {
      await afterFills(ctx, touched, at, log);
    }
    result.users = touched.size;
    return result;
  };
}

/** After commit: a balance point and a push to every open screen of each user whose orders filled. */
async function afterFills(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  users: ReadonlySet<string>,
  at: number,
  log: TriggerLog,
): Promise<void> {
  if (users.size === 0) return;
  try {
    await recordBalanceSnapshots(ctx.db, [...users], at);
  } catch (error) {
    log.error({ err: error }, 'balance snapshots after fills failed');
  }
  for (const userId of users) ctx.bus.publish({ type: 'user-changed', userId });
}
