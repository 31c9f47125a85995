import { limitCrossed, stopCrossed, trailingStop, type OrderSide } from '@papertrade/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { JobLog } from '../../background-jobs.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { BalancePointQueue } from '../../users/balance-point-queue.ts';
import { contestSchedule, scheduledQuote, type ReplayQuote } from '../contests/public.ts';
import type { CrossKind } from './crossing-orders.ts';
import { fillBatch } from './fill-batch.ts';
import { allocateByFillModel } from './fill-model.ts';
import { fillSlice } from './partial-fill.ts';
import { replayTradedShares } from './traded-volume.ts';

interface ReplayOrder {
  id: string;
  portfolio_id: string;
  symbol: string;
  type: string;
  order_type: string;
  armed: bigint | number;
  limit_price: bigint | null;
  stop_price: bigint | null;
  water_mark: bigint | null;
  trail_bps: bigint | null;
  trail_amount: bigint | null;
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
}

/**
 * Works the working orders of every running replay contest on each tick, at the replay's price
 * of that moment (docs/decisions/034-replay-contests.md), as the limit trigger works everyone
 * else's at the live price (limit-trigger.ts, which leaves these out): trailing orders move their
 * stop on a new high or low, stop-limits whose stop is reached become limits, then stops and
 * limits the price crosses fill through the same fillBatch, each exactly once (its claim is
 * guarded by the status and the crossing at this price). Triggered stops walk the contest's own
 * book, made from the replayed candle (market/replay-book.ts), as its market orders do. Limits
 * fill as far as the replayed minute's trades at their price allow (traded-volume.ts
 * replayTradedShares), best price then earliest, the one that does not fit in part, as the live
 * trigger hands out a tick's. Expiries are the live tick's, which works them for every order.
 */
export function createReplayTrigger(
  ctx: ReplayCtx,
  log: JobLog,
  balancePoints?: Pick<BalancePointQueue, 'add'>,
): (at: number) => Promise<number> {
  return async (at) => {
    const contests = await ctx.db
      .selectFrom('contests')
      .select('id')
      .where('price_kind', '=', 'REPLAY')
      .where('closed_at', 'is', null)
      .where('starts_at', '<=', BigInt(at))
      .where('ends_at', '>', BigInt(at))
      .execute();
    let filled = 0;
    for (const { id } of contests) {
      try {
        filled += await workContest(ctx, id, at, balancePoints);
      } catch (error) {
        log.error({ err: error, contestId: id }, 'replay orders failed; the next tick tries again');
      }
    }
    return filled;
  };
}

type ReplayCtx = Pick<AppContext, 'db' | 'bus'> &
  Partial<Pick<AppContext, 'orderBooks' | 'config'>>;

/** Best limit first (a buy's highest, a sell's lowest), then earliest (ids are time-ordered). */
const byPriority = (side: OrderSide) => (a: ReplayOrder, b: ReplayOrder) => {
  const x = BigInt(a.limit_price ?? 0n);
  const y = BigInt(b.limit_price ?? 0n);
  if (x !== y) return (side === 'PURCHASE' ? x > y : x < y) ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

async function workContest(
  ctx: ReplayCtx,
  contestId: string,
  at: number,
  balancePoints?: Pick<BalancePointQueue, 'add'>,
): Promise<number> {
  const schedule = await contestSchedule(ctx.db, contestId);
  if (!schedule) return 0;
  const orders = (
    await sql<ReplayOrder>`SELECT o.id, o.portfolio_id, o.symbol, o.type,
      o.order_type, o.armed, o.limit_price, o.stop_price, o.water_mark, o.trail_bps, o.trail_amount,
      o.purchase_cents, o.sell_shares
    FROM limit_orders o JOIN portfolios p ON p.id = o.portfolio_id
    WHERE p.contest_id = ${contestId} AND p.closed_at IS NULL AND o.status = 'WORKING'
      AND (o.expires_at IS NULL OR o.expires_at > ${at})
    ORDER BY o.id`.execute(ctx.db)
  ).rows;
  if (!orders.length) return 0;
  const quotes = new Map<string, ReplayQuote>();
  for (const symbol of new Set(orders.map((o) => o.symbol)))
    quotes.set(symbol, await scheduledQuote(ctx.db, schedule, symbol, at));
  /** (kind, symbol, side) -> the orders to fill at the replay's price. */
  const batches = new Map<
    string,
    { kind: CrossKind; symbol: string; side: OrderSide; ids: ReplayOrder[] }
  >();
  const add = (kind: CrossKind, o: ReplayOrder, side: OrderSide) => {
    const key = `${kind}|${o.symbol}|${side}`;
    const batch = batches.get(key) ?? { kind, symbol: o.symbol, side, ids: [] };
    batch.ids.push(o);
    batches.set(key, batch);
  };
  for (const o of orders) {
    const { price } = quotes.get(o.symbol)!;
    const side = o.type as OrderSide;
    if (Number(o.armed) === 0) {
      if (o.limit_price !== null && limitCrossed(side, BigInt(o.limit_price), price))
        add('LIMIT', o, side);
      continue;
    }
    if (o.water_mark !== null) {
      const mark = BigInt(o.water_mark);
      const passed = side === 'SELL' ? price > mark : price < mark;
      if (passed) {
        const trail =
          o.trail_bps !== null
            ? { bps: BigInt(o.trail_bps) }
            : { amount: BigInt(o.trail_amount ?? 0n) };
        // A moved stop is below (SELL) or above (PURCHASE) the price that moved it: no fill now.
        await ctx.db
          .updateTable('limit_orders')
          .set({ water_mark: price, stop_price: trailingStop(side, price, trail) })
          .where('id', '=', o.id)
          .where('status', '=', 'WORKING')
          .where('water_mark', '=', mark)
          .execute();
        continue;
      }
    }
    if (o.stop_price === null || !stopCrossed(side, BigInt(o.stop_price), price)) continue;
    if (o.order_type === 'STOP_LIMIT') {
      const triggered = await ctx.db
        .updateTable('limit_orders')
        .set({ armed: 0, triggered_at: at })
        .where('id', '=', o.id)
        .where('status', '=', 'WORKING')
        .where('armed', '=', 1n)
        .executeTakeFirst();
      if (
        triggered.numUpdatedRows > 0n &&
        o.limit_price !== null &&
        limitCrossed(side, BigInt(o.limit_price), price)
      )
        add('LIMIT', o, side);
      continue;
    }
    add('STOP', o, side);
  }
  const touched = new Map<string, string>();
  let filled = 0;
  const note = (fill: { portfolioId: string; userId: string }) =>
    touched.set(fill.portfolioId, fill.userId);
  for (const { kind, symbol, side, ids } of batches.values()) {
    const quote = quotes.get(symbol)!;
    const terms = { symbol, side, price: quote.price, at, kind };
    const fillWhole = async (orders: readonly ReplayOrder[]) => {
      if (!orders.length) return;
      const out = await inTransaction(ctx.db, (trx) =>
        fillBatch(trx, {
          ...terms,
          ...(kind === 'STOP' &&
            ctx.orderBooks && {
              books: ctx.orderBooks,
              replay: { contestId, candle: quote.candle },
            }),
          defaultModel: ctx.config?.fillModel,
          orderIds: orders.map((o) => o.id),
          portfolioIds: [...new Set(orders.map((o) => o.portfolio_id))].sort(),
        }),
      );
      for (const f of out.fills) note(f);
      for (const c of out.cancelled) note(c);
      filled += out.fills.length;
    };
    // A triggered stop is a market order: it fills whole (walking the replay's book).
    if (kind === 'STOP') {
      await fillWhole(ids);
      continue;
    }
    // Limits fill only as far as the replayed minute's trades at their price allow, best price
    // then earliest, as the live trigger hands out a tick's (decision 040).
    const ranked = [...ids].sort(byPriority(side));
    const volume = replayTradedShares({
      seed: ctx.config?.marketSeed ?? '',
      symbol,
      side,
      price: quote.price,
      at,
      best: BigInt(ranked[0]!.limit_price ?? quote.price),
      minuteVolume: quote.candle.volume,
      historyMs: (ctx.config?.marketTickMs || 1_000) * schedule.speed,
    });
    const plan = await allocateByFillModel(
      ctx.db,
      side,
      quote.price,
      ranked,
      volume,
      ctx.config?.fillModel,
    );
    const whole = new Set(plan.whole);
    await fillWhole(ranked.filter((o) => whole.has(o.id)));
    const { slice } = plan;
    if (!slice) continue;
    const out = await inTransaction(ctx.db, (trx) =>
      fillSlice(trx, {
        ...terms,
        orderId: slice.id,
        portfolioId: slice.portfolioId,
        shares: slice.shares,
      }),
    );
    if (out.kind === 'fill') note(out.fill);
    // The slice was all the order still wanted: it fills whole instead.
    if (out.kind === 'whole') await fillWhole(ranked.filter((o) => o.id === slice.id));
  }
  for (const [portfolioId, userId] of touched) {
    await balancePoints?.add(portfolioId);
    ctx.bus.publish({ type: 'user-changed', userId, portfolioId });
  }
  return filled;
}
