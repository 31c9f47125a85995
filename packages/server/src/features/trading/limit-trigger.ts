import type { PriceUnits } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import type { BalancePointQueue } from '../../users/balance-point-queue.ts';
import { recordBalanceSnapshots } from '../../users/total-balance.ts';
import { crossedSides, crossingOrders, type Side } from './crossing-orders.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fillBatch, type BatchInput, type BatchResult } from './fill-batch.ts';
import { refuseStuckOrder } from './stuck-order.ts';

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

export interface TriggerOptions {
  batchSize?: number;
  /**
   * Where the balance points of the users whose orders filled go. The app passes its batched
   * queue, so a tick's fills do not wait for valuing every working order of those users (for a
   * user with many working orders that costs more than the fills); the points are written within
   * the queue's delay, in one batch. Without a queue they are written at the end of the tick.
   */
  balancePoints?: Pick<BalancePointQueue, 'add'>;
}

/**
 * Fills the working limit orders that a tick's prices cross, each exactly once, at that tick's
 * price (ARCHITECTURE.md, Order execution). The market runs it inside every tick.
 */
export function createLimitTrigger(
  ctx: Pick<AppContext, 'db' | 'database' | 'bus'>,
  log: TriggerLog,
  { batchSize = FILL_BATCH_SIZE, balancePoints }: TriggerOptions = {},
): LimitTrigger {
  return async (prices, at) => {
    const result: TriggerResult = { filled: 0, cancelled: 0, users: 0 };
    /** Portfolio id -> its owner, for every portfolio whose orders filled or were cancelled. */
    const touched = new Map<string, string>();

    const record = (out: Pick<BatchResult, 'fills' | 'cancelled' | 'unmatchedShares' | 'owners'>, symbol: string) => {
      for (const f of out.fills) touched.set(f.portfolioId, out.owners.get(f.portfolioId) ?? f.portfolioId);
      for (const c of out.cancelled) touched.set(c.portfolioId, c.userId);
      result.filled += out.fills.length;
      result.cancelled += out.cancelled.length;
      if (out.unmatchedShares > 0n) {
        log.error({ symbol, unmatched: String(out.unmatchedShares) }, 'limit sells without matching lots');
      }
    };

    /**
     * A batch that fails rolls back whole. Rather than leave its orders to fail again on every
     * tick (and hold up the rest), each is then filled alone, and one that fails alone too is
     * cancelled with its reservation back. Returns false when an order could not even be
     * cancelled: it is still working, so this side stops here until the next tick.
     */
    const fillOneByOne = async (input: BatchInput): Promise<boolean> => {
      for (const orderId of input.orderIds) {
        const single = { ...input, orderIds: [orderId] };
        try {
          record(await inTransaction(ctx.db, (trx) => fillBatch(trx, single)), input.symbol);
        } catch (error) {
          log.error({ err: error, orderId }, 'limit order fill failed; cancelling it');
          try {
            const refused = await refuseStuckOrder(ctx.db, single, 'it could not be filled at this price');
            if (refused) record({ fills: [], cancelled: [refused], unmatchedShares: 0n, owners: new Map() }, input.symbol);
          } catch (cancelError) {
            log.error({ err: cancelError, orderId }, 'limit order could not be cancelled');
            return false;
          }
        }
      }
      return true;
    };

    const fillSide = async (symbol: string, side: Side, price: PriceUnits) => {
      const seen = new Set<string>();
      for (;;) {
        const batch = await crossingOrders(ctx.db, symbol, side, price, batchSize);
        // Orders this tick has already dealt with and that still show as working cannot be
        // filled now: stop rather than read them again and again.
        if (batch.length === 0 || batch.every((o) => seen.has(o.id))) return;
        for (const o of batch) seen.add(o.id);
        const input: BatchInput = {
          symbol,
          side,
          price,
          at,
          orderIds: batch.map((o) => o.id),
          portfolioIds: [...new Set(batch.map((o) => o.portfolio_id))].sort(),
        };
        try {
          record(await inTransaction(ctx.db, (trx) => fillBatch(trx, input)), symbol);
        } catch (error) {
          log.error({ err: error, symbol, side }, 'limit order batch failed; filling its orders one by one');
          if (!(await fillOneByOne(input))) return;
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
          // Reading the crossed orders failed: nothing moved; the next tick tries again.
          log.error({ err: error, symbol, side }, 'limit order fills failed');
        }
      }
    } catch (error) {
      log.error({ err: error }, 'limit order trigger failed');
    } finally {
      await afterFills(ctx, touched, at, log, balancePoints);
    }
    result.users = touched.size;
    return result;
  };
}

/** After commit: a balance point and a push to every open screen of each portfolio whose orders filled. */
async function afterFills(
  ctx: Pick<AppContext, 'db' | 'bus'>,
  portfolios: ReadonlyMap<string, string>,
  at: number,
  log: TriggerLog,
  queue: TriggerOptions['balancePoints'],
): Promise<void> {
  if (portfolios.size === 0) return;
  try {
    if (queue) await Promise.all([...portfolios.keys()].map((portfolioId) => queue.add(portfolioId)));
    else await recordBalanceSnapshots(ctx.db, [...portfolios.keys()], at);
  } catch (error) {
    log.error({ err: error }, 'balance snapshots after fills failed');
  }
  for (const [portfolioId, userId] of portfolios) ctx.bus.publish({ type: 'user-changed', userId, portfolioId });
}
