import type { PriceUnits, OrderSide } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import type { BalancePointQueue } from '../../users/balance-point-queue.ts';
import { recordBalanceSnapshots } from '../../users/total-balance.ts';
import { crossingOrders, tickHits, type CrossKind } from './crossing-orders.ts';
import { inTransaction } from '../../db/transaction.ts';
import { expireOrders } from './expiry.ts';
import { fillBatch, type BatchInput, type BatchResult } from './fill-batch.ts';
import { triggerStopLimits } from './stop-triggers.ts';
import { refuseStuckOrder } from './stuck-order.ts';
import { moveWaterMarks } from './trailing-marks.ts';
import type { JobLog } from '../../background-jobs.ts';
import { allocateByFillModel } from './fill-model.ts';
import { fillSlice } from './partial-fill.ts';
import { stopsCanWalk } from './stop-walk.ts';
import { tradedShares } from './traded-volume.ts';

/** Orders filled per database transaction: big enough to be fast, small enough not to hold the writer long. */
export const FILL_BATCH_SIZE = 500;

export interface TriggerResult {
  filled: number;
  /** Partial fills: slices of resting orders that keep working for the rest. */
  partial: number;
  cancelled: number;
  users: number;
}

export type LimitTrigger = (
  prices: ReadonlyMap<string, PriceUnits>,
  at: number,
) => Promise<TriggerResult>;

export interface TriggerOptions {
  batchSize?: number;
  /**
   * Where the balance points of the users whose orders filled go. The app passes its batched
   * queue, so a tick's fills do not wait for valuing every working order of those users (for a
   * user with many working orders that costs more than the fills); the points are written within
   * the queue's delay, in one batch. Without a queue they are written at the end of the tick.
   */
  balancePoints?: Pick<BalancePointQueue, 'add'>;
  /** The market's seed (MARKET_SEED): the simulated trades resting orders fill against draw from it. */
  seed?: string;
}

/**
 * Works every kind of working order on a tick (docs/architecture.md, Order execution; decision 012),
 * in this order: expiries come due; trailing orders whose water mark the price passes move their
 * stops; stops the price reaches fill (a stop-limit becomes a limit instead); limits the price
 * crosses fill, stop-limits triggered just now included. Each fill happens exactly once, at
 * the tick's price. The market runs it inside every tick.
 */
export function createLimitTrigger(
  ctx: Pick<AppContext, 'db' | 'database' | 'bus'> &
    Partial<Pick<AppContext, 'config' | 'orderBooks'>>,
  log: JobLog,
  { batchSize = FILL_BATCH_SIZE, balancePoints, seed = 'papertrade' }: TriggerOptions = {},
): LimitTrigger {
  return async (prices, at) => {
    const result: TriggerResult = { filled: 0, partial: 0, cancelled: 0, users: 0 };
    /** Portfolio id -> its owner, for every portfolio whose orders filled or were cancelled. */
    const touched = new Map<string, string>();

    const record = (out: BatchResult, symbol: string) => {
      // Each fill and refusal names its owner, read under the portfolio's lock.
      for (const f of out.fills) touched.set(f.portfolioId, f.userId);
      for (const c of out.cancelled) touched.set(c.portfolioId, c.userId);
      result.filled += out.fills.length;
      result.cancelled += out.cancelled.length;
      if (out.unmatchedShares > 0n) {
        log.error(
          { symbol, unmatched: String(out.unmatchedShares) },
          'limit sells without matching lots',
        );
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
            const refused = await refuseStuckOrder(
              ctx.db,
              single,
              'it could not be filled at this price',
            );
            if (refused)
              record({ fills: [], cancelled: [refused], unmatchedShares: 0n }, input.symbol);
          } catch (cancelError) {
            log.error({ err: cancelError, orderId }, 'limit order could not be cancelled');
            return false;
          }
        }
      }
      return true;
    };

    const fillBatchOf = async (input: BatchInput) => {
      try {
        record(await inTransaction(ctx.db, (trx) => fillBatch(trx, input)), input.symbol);
        return true;
      } catch (error) {
        log.error(
          { err: error, symbol: input.symbol, side: input.side },
          'limit order batch failed; filling its orders one by one',
        );
        return fillOneByOne(input);
      }
    };

    /**
     * A partial fill in its own transaction (partial-fill.ts). One that fails is logged and left
     * working: nothing of it was written, and the next tick tries again.
     */
    const fillPart = async (
      terms: Omit<BatchInput, 'orderIds' | 'portfolioIds'>,
      slice: { id: string; portfolioId: string; shares: bigint },
    ): Promise<boolean> => {
      try {
        const out = await inTransaction(ctx.db, (trx) =>
          fillSlice(trx, {
            ...terms,
            orderId: slice.id,
            portfolioId: slice.portfolioId,
            shares: slice.shares,
          }),
        );
        if (out.kind === 'fill') {
          touched.set(out.fill.portfolioId, out.fill.userId);
          result.partial += 1;
        }
        if (out.kind !== 'whole') return true;
      } catch (error) {
        log.error({ err: error, orderId: slice.id }, 'partial fill failed');
        return true;
      }
      return fillBatchOf({ ...terms, orderIds: [slice.id], portfolioIds: [slice.portfolioId] });
    };

    const fillSide = async (
      kind: CrossKind,
      symbol: string,
      side: OrderSide,
      price: PriceUnits,
    ) => {
      if (kind === 'STOP' && ctx.orderBooks && !stopsCanWalk(ctx.orderBooks, symbol, at)) return;
      const seen = new Set<string>();
      /** The shares the tick trades at the crossed limits, handed out across this side's batches. */
      let volume: bigint | null = null;
      for (;;) {
        const batch = await crossingOrders(ctx.db, kind, symbol, side, price, batchSize);
        // Orders this tick has already dealt with and that still show as working cannot be
        // filled now: stop rather than read them again and again.
        if (batch.length === 0 || batch.every((o) => seen.has(o.id))) return;
        for (const o of batch) seen.add(o.id);
        const terms = { symbol, side, price, at, kind };
        // A limit fills only as far as the tick's simulated trades at its price allow (decision
        // 040); a stop, triggered, is a market order and fills whole.
        let orders = batch;
        let slice: { id: string; portfolioId: string; shares: bigint } | null = null;
        let exhausted = false;
        if (kind === 'LIMIT') {
          const [first] = batch;
          volume ??= first
            ? tradedShares({ seed, symbol, side, price, at, best: BigInt(first.limit_price) })
            : 0n;
          const plan = await allocateByFillModel(
            ctx.db,
            side,
            price,
            batch,
            volume,
            ctx.config?.fillModel,
          );
          const whole = new Set(plan.whole);
          orders = batch.filter((o) => whole.has(o.id));
          ({ slice, exhausted } = plan);
          volume = plan.left;
        }
        if (orders.length) {
          const input: BatchInput = {
            ...terms,
            ...(kind === 'STOP' && ctx.orderBooks && { books: ctx.orderBooks }),
            defaultModel: ctx.config?.fillModel,
            orderIds: orders.map((o) => o.id),
            portfolioIds: [...new Set(orders.map((o) => o.portfolio_id))].sort(),
          };
          if (!(await fillBatchOf(input))) return;
        }
        if (slice && !(await fillPart(terms, slice))) return;
        // The tick's volume is spent: later orders wait for the next tick. A short batch was the
        // last one. Orders of a full batch that someone else took are no longer working, so the
        // next read moves past them.
        if (exhausted || batch.length < batchSize) return;
      }
    };

    /**
     * Runs one step of the tick. A failure is logged and the next tick tries again: a failed read
     * moved nothing, and each write is its own guarded statement or transaction.
     */
    const step = async (what: string, work: () => Promise<void>, detail: object = {}) => {
      try {
        await work();
      } catch (error) {
        log.error({ err: error, ...detail }, `working orders: ${what} failed`);
      }
    };

    try {
      const hits = await tickHits(ctx.db, prices, at);
      const owners = async (portfolioIds: readonly string[]) => {
        if (!portfolioIds.length) return;
        const rows = await ctx.db
          .selectFrom('portfolios')
          .select(['id', 'user_id'])
          .where('id', 'in', portfolioIds)
          .execute();
        for (const r of rows) touched.set(r.id, r.user_id);
      };
      if (hits.some((h) => h.what === 'EXPIRY')) {
        await step('expiry', async () => {
          for (const [portfolioId, userId] of await expireOrders(ctx.db, at))
            touched.set(portfolioId, userId);
        });
      }
      const limitSides = new Map<string, { symbol: string; side: OrderSide }>();
      for (const { what, symbol, side } of hits) {
        const price = prices.get(symbol);
        if (price === undefined) continue;
        const detail = { symbol, side };
        if (what === 'MARK')
          await step(
            'trailing stops',
            async () => void (await moveWaterMarks(ctx.db, symbol, side, price)),
            detail,
          );
        if (what === 'LIMIT') limitSides.set(`${symbol}|${side}`, { symbol, side });
      }
      for (const { what, symbol, side } of hits) {
        const price = prices.get(symbol);
        if (what !== 'STOP' || price === undefined) continue;
        const detail = { symbol, side };
        await step(
          'stop-limit triggers',
          async () => {
            const changed = await triggerStopLimits(ctx.db, symbol, side, price, at);
            await owners(changed);
            if (changed.length) limitSides.set(`${symbol}|${side}`, { symbol, side });
          },
          detail,
        );
        await step('stop fills', () => fillSide('STOP', symbol, side, price), detail);
      }
      for (const { symbol, side } of limitSides.values()) {
        const price = prices.get(symbol);
        if (price !== undefined)
          await step('limit fills', () => fillSide('LIMIT', symbol, side, price), { symbol, side });
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
  log: JobLog,
  queue: TriggerOptions['balancePoints'],
): Promise<void> {
  if (portfolios.size === 0) return;
  try {
    if (queue)
      await Promise.all([...portfolios.keys()].map((portfolioId) => queue.add(portfolioId)));
    else await recordBalanceSnapshots(ctx.db, [...portfolios.keys()], at);
  } catch (error) {
    log.error({ err: error }, 'balance snapshots after fills failed');
  }
  for (const [portfolioId, userId] of portfolios)
    ctx.bus.publish({ type: 'user-changed', userId, portfolioId });
}
