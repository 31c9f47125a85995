import type { CostRule, FillModel, ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import { batchRows } from '../../db/batch-rows.ts';
import { newId } from '../../db/new-id.ts';
import { lockPortfolios, type LockedPortfolio, type Trx } from '../../db/transaction.ts';
import { settleBuys, settleSells } from '../../ledger/batched-moves.ts';
import { readLotTotals, type LotTotals } from '../../ledger/lot-totals.ts';
import { recordTransactions } from '../../ledger/record-transactions.ts';
import { releaseOrders } from '../../ledger/release-orders.ts';
import { notifyMany } from '../../users/notify.ts';
import { cancelOrdersOfClosed } from './closed-portfolio-orders.ts';
import { claimGuard } from './crossing-orders.ts';
import {
  planFills,
  refusalNotice,
  type BatchTerms,
  type ClaimedOrder,
  type Fill,
  type FillPlan,
  type PlanInput,
  type Refusal,
  type Refused,
} from './fill-plan.ts';
import { cancelOtherLegs, insertLegs } from './oco-legs.ts';
import type { OrderBooks, ReplayBook } from '../../market/order-books.ts';
import { takeStopShares, walkStops, type StopBookRecord } from './stop-walk.ts';
import { costsAndFillModels } from './trading-costs.ts';

export { refusalNotice, type Fill, type Refusal };

export interface BatchInput extends BatchTerms {
  orderIds: readonly string[];
  /** Owners of the orders: their row locks are taken first, in ascending id. */
  portfolioIds: readonly string[];
  /** Given, a batch of triggered stops walks the app's simulated books (stop-walk.ts). */
  books?: OrderBooks;
  /** A replay contest's batch: its stops walk the contest's book, not the live one. */
  replay?: ReplayBook;
  /** The fill model of a portfolio whose owner or contest chooses none (config.ts FILL_MODEL). */
  defaultModel?: FillModel;
}

export interface BatchResult {
  /** Each with its portfolio's owner, for the pushes after commit. */
  fills: Fill[];
  cancelled: Refusal[];
  /** Shares sold without a matching open lot (0 unless the ledger is inconsistent). */
  unmatchedShares: ShareUnits;
}

/**
 * Fills a batch of crossed orders of one symbol and side at the tick's price, inside the caller's
 * transaction, in a handful of statements whatever the batch size: claim (the locks and the
 * orders), then the plan (fill-plan.ts: quotes, bounds, caps, brackets and notices, no database),
 * then settle (the money, the transactions, the legs), then the notices. The orders move WORKING ->
 * FILLED in one statement guarded by their status and by their owner's current epoch; only the
 * orders it claimed move money, so an order cancelled or reset away meanwhile is skipped and
 * none fills twice. A fill the bounds refuse is cancelled instead, its reservation given back.
 */
export async function fillBatch(trx: Trx, input: BatchInput): Promise<BatchResult> {
  const claim = await claimBatch(trx, input);
  const walk =
    input.kind === 'STOP' && input.books && claim.claimed.length
      ? walkStops(input.books, input, claim.claimed, claim.costs, claim.ideal)
      : null;
  const plan = planFills({ terms: input, ...claim, prices: walk?.prices });
  const unmatchedShares = await settle(trx, input, plan, claim, walk?.records);
  if (walk && input.books) {
    const taken = plan.fills
      .filter((f) => walk.prices.has(f.orderId))
      .reduce((sum, f) => sum + f.shares, 0n);
    takeStopShares(input.books, walk, taken, input.at);
  }
  await countLastParts(trx, plan.fills, claim.claimed);
  await notifyMany(trx, plan.notices, input.at);
  return {
    fills: plan.fills,
    cancelled: plan.refused.map(({ orderId, portfolioId, userId, reason }) => ({
      orderId,
      portfolioId,
      userId,
      reason,
    })),
    unmatchedShares,
  };
}

/**
 * An order that had filled in parts (partial-fill.ts) and completes now counts its last part in
 * `filled_shares`, so the finished order says how much it got in all. One statement, only when a
 * batch holds such an order: a whole fill leaves the column at 0.
 */
async function countLastParts(
  trx: Trx,
  fills: readonly Fill[],
  claimed: readonly ClaimedOrder[],
): Promise<void> {
  const sliced = new Set(
    claimed.filter((o) => BigInt(o.filled_shares ?? 0n) > 0n).map((o) => o.id),
  );
  const last = fills.filter((f) => sliced.has(f.orderId));
  if (!last.length) return;
  const rows = batchRows(
    trx,
    { id: 'text', shares: 'bigint' },
    last.map((f) => [f.orderId, f.shares]),
  );
  await sql`UPDATE limit_orders SET filled_shares = limit_orders.filled_shares + c.shares
    FROM ${rows} AS c WHERE limit_orders.id = c.id`.execute(trx);
}

/**
 * The claim: the portfolios' locks (ascending id), the orders of closed ones ended, then the
 * orders WORKING -> FILLED with their transaction ids, and what the plan needs of their owners
 * (costs, and for a purchase the lot totals, whose free shares the share cap counts from).
 */
async function claimBatch(trx: Trx, input: BatchInput) {
  const { symbol, side, price, at } = input;
  const locked = await lockPortfolios(trx, input.portfolioIds);
  // A closed portfolio (its member removed from the contest) fills nothing: its orders end here.
  await cancelOrdersOfClosed(trx, locked, at);
  const portfolios = new Map(locked.filter((p) => p.closedAt === null).map((p) => [p.id, p]));
  const none = {
    portfolios,
    claimed: [] as ClaimedOrder[],
    costs: new Map<string, CostRule>(),
    freeShares: new Map<string, bigint>(),
    totals: new Map<string, LotTotals>(),
    ideal: new Set<string>(),
  };
  if (portfolios.size === 0) return none;
  // Each order's transaction id is made here, in batch order, and written with the claim.
  const orders = batchRows(
    trx,
    { id: 'text', tx: 'text' },
    input.orderIds.map((id) => [id, newId(at)]),
  );
  // Each owner with the epoch read under its lock: an order of an earlier epoch (before a reset) is not claimed.
  const owners = batchRows(
    trx,
    { id: 'text', epoch: 'bigint' },
    [...portfolios.values()].map((p) => [p.id, p.epoch]),
  );
  const { rows: claimed } = await sql<ClaimedOrder>`UPDATE limit_orders
    SET status = 'FILLED', fill_price = ${price}, closed_at = ${at}, transaction_id = c.tx
    FROM ${orders} AS c
    WHERE limit_orders.id = c.id
      AND (limit_orders.portfolio_id, limit_orders.epoch) IN (SELECT id, epoch FROM ${owners} AS o)
      AND limit_orders.status = 'WORKING'
      ${claimGuard(input.kind ?? 'LIMIT', symbol, side, price, at)}
    RETURNING limit_orders.id, limit_orders.portfolio_id, limit_orders.purchase_cents, limit_orders.sell_shares, limit_orders.transaction_id, limit_orders.limit_price,
      limit_orders.oco_group_id, limit_orders.leg, limit_orders.tp_limit_price, limit_orders.sl_stop_price, limit_orders.sl_trail_bps, limit_orders.sl_trail_amount,
      limit_orders.order_type, limit_orders.stop_price, limit_orders.water_mark, limit_orders.trail_bps, limit_orders.trail_amount,
      limit_orders.filled_shares, limit_orders.note`.execute(trx);
  if (!claimed.length) return none;
  const claimedBy = new Set(claimed.map((o) => o.portfolio_id));
  // A purchase's lot totals, free shares included, for every buyer (none: no open lot), so the
  // settle writes them without reading again.
  const totals =
    side === 'PURCHASE'
      ? await readLotTotals(trx, symbol, claimedBy)
      : new Map<string, LotTotals>();
  if (side === 'PURCHASE')
    for (const id of claimedBy)
      if (!totals.has(id)) totals.set(id, { shares: 0n, cost: 0n, free: 0n });
  const { rules: costs, ideal } = await costsAndFillModels(trx, claimedBy, input.defaultModel);
  return {
    portfolios,
    claimed,
    costs,
    ideal,
    freeShares: new Map([...totals].map(([id, t]) => [id, t.free])),
    totals,
  };
}

/**
 * Writes what the plan says through the ledger's steps (docs/decisions/021-ledger-steps.md): the
 * money, the refusals, the transactions (a walked stop's with its mid and levels, `walked`), then
 * the legs and the pairs ended. `portfolios` are the
 * claim's locked ones and `totals` a purchase's lot totals read in the claim: nothing moved
 * either since, so the settle asserts each free balance ends at exactly that plus what the fills added.
 */
async function settle(
  trx: Trx,
  input: BatchInput,
  plan: FillPlan,
  claim: Pick<PlanInput, 'portfolios' | 'claimed'> & { totals: ReadonlyMap<string, LotTotals> },
  walked?: ReadonlyMap<string, StopBookRecord>,
): Promise<ShareUnits> {
  const { portfolios } = claim;
  // A batch whose claimed orders were all refused moves no money but the refusals'.
  let unmatchedShares = 0n;
  const cashBefore = new Map([...portfolios].map(([id, p]) => [id, p.cashCents]));
  if (plan.fills.length && input.side === 'PURCHASE')
    await settleBuys(trx, input.symbol, input.at, plan.fills, {
      cashCents: cashBefore,
      totals: claim.totals,
    });
  else if (plan.fills.length)
    unmatchedShares = await settleSells(trx, input.symbol, plan.fills, { cashCents: cashBefore });
  await refuse(trx, input, plan.refused, portfolios);
  const notes = new Map(claim.claimed.map((o) => [o.id, o.note ?? null]));
  await recordTransactions(
    trx,
    plan.fills.map((f) => {
      const trigger = plan.triggers.get(f.transactionId);
      return {
        id: f.transactionId,
        portfolioId: f.portfolioId,
        epoch: f.epoch,
        type: input.side,
        method: 'LIMIT',
        symbol: input.symbol,
        shares: f.shares,
        totalCents: f.totalCents,
        price: f.price,
        feeCents: f.feeCents,
        positionId: f.orderId,
        note: notes.get(f.orderId) ?? null,
        at: input.at,
        trigger: trigger
          ? { type: trigger.kind, price: input.price, reason: trigger.reason }
          : null,
        // A stop that walked the book records its mid and levels, as a market order does.
        book: walked?.get(f.orderId) ?? null,
      };
    }),
  );
  if (plan.legs.length) await insertLegs(trx, plan.legs);
  if (plan.pairsEnded.length) await cancelOtherLegs(trx, plan.pairsEnded, input.at);
  return unmatchedShares;
}

/**
 * The refused fills end through the ledger's release step: claimed as FILLED a moment ago, they
 * are cancelled and give their reservations back (a pair's shares once). No cash figure is passed:
 * the settle has moved the cash since the lock.
 */
async function refuse(
  trx: Trx,
  input: BatchInput,
  refused: readonly Refused[],
  portfolios: ReadonlyMap<string, LockedPortfolio>,
): Promise<void> {
  if (!refused.length) return;
  await releaseOrders(trx, {
    portfolios: [...portfolios.values()].map(({ id, epoch }) => ({ id, epoch })),
    orderIds: refused.map((r) => r.orderId),
    at: input.at,
    from: 'FILLED',
  });
  await notifyMany(
    trx,
    refused.map((r) => refusalNotice(input, r)),
    input.at,
  );
}
