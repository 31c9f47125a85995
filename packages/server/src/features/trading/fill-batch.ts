import type { CostRule, ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import { batchIds, batchRows } from '../../db/batch-rows.ts';
import { newId } from '../../db/new-id.ts';
import { lockPortfolios, type Trx } from '../../db/transaction.ts';
import {
  addSharesMany,
  creditCashMany,
  settleBuys,
  settleSells,
  sumByUser,
} from '../../ledger/batched-moves.ts';
import { chunks } from '../../users/chunks.ts';
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
  type Refusal,
  type Refused,
} from './fill-plan.ts';
import type { FillTrigger } from './fill-triggers.ts';
import { cancelOtherLegs, insertLegs, reservationsFreed } from './oco-legs.ts';
import { costRulesOf } from './trading-costs.ts';

export { refusalNotice, type Fill, type Refusal };

export interface BatchInput extends BatchTerms {
  orderIds: readonly string[];
  /** Owners of the orders: their row locks are taken first, in ascending id. */
  portfolioIds: readonly string[];
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
  const plan = planFills({ terms: input, ...claim });
  const unmatchedShares = await settle(trx, input, plan);
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
 * The claim: the portfolios' locks (ascending id), the orders of closed ones ended, then the
 * orders WORKING -> FILLED with their transaction ids, and what the plan needs of their owners
 * (costs, and for a purchase the holdings the share cap counts from).
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
    holdings: new Map<string, bigint>(),
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
      limit_orders.order_type, limit_orders.stop_price, limit_orders.water_mark, limit_orders.trail_bps, limit_orders.trail_amount`.execute(
    trx,
  );
  if (!claimed.length) return none;
  const claimedBy = new Set(claimed.map((o) => o.portfolio_id));
  return {
    portfolios,
    claimed,
    costs: await costRulesOf(trx, claimedBy),
    holdings: side === 'PURCHASE' ? await holdingsOf(trx, symbol, claimedBy) : new Map(),
  };
}

/** Writes what the plan says: the money, the refusals, the transactions, the legs, the pairs ended. */
async function settle(trx: Trx, input: BatchInput, plan: FillPlan): Promise<ShareUnits> {
  // A batch whose claimed orders were all refused moves no money but the refusals'.
  let unmatchedShares = 0n;
  if (plan.fills.length && input.side === 'PURCHASE')
    await settleBuys(trx, input.symbol, input.at, plan.fills);
  else if (plan.fills.length) unmatchedShares = await settleSells(trx, input.symbol, plan.fills);
  await refuse(trx, input, plan.refused);
  await insertTransactions(trx, input, plan.fills, plan.triggers);
  if (plan.legs.length) await insertLegs(trx, plan.legs);
  if (plan.pairsEnded.length) await cancelOtherLegs(trx, plan.pairsEnded, input.at);
  return unmatchedShares;
}

async function holdingsOf(
  trx: Trx,
  symbol: string,
  portfolioIds: ReadonlySet<string>,
): Promise<Map<string, bigint>> {
  const ids = batchIds(trx, portfolioIds);
  const { rows } = await sql<{
    portfolio_id: string;
    shares: bigint;
  }>`SELECT portfolio_id, shares FROM holdings
    WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${ids} AS u)`.execute(trx);
  return new Map(rows.map((r) => [r.portfolio_id, BigInt(r.shares)]));
}

async function refuse(trx: Trx, input: BatchInput, refused: readonly Refused[]): Promise<void> {
  if (!refused.length) return;
  for (const part of chunks(refused.map((r) => r.orderId))) {
    await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', fill_price: null, transaction_id: null, closed_at: input.at })
      .where('id', 'in', part)
      .execute();
  }
  if (input.side === 'PURCHASE')
    await creditCashMany(
      trx,
      sumByUser(refused, (r) => r.reserved),
    );
  else
    await addSharesMany(
      trx,
      input.symbol,
      sumByUser(await reservationsFreed(trx, refused), (r) => r.reserved),
    );
  await notifyMany(
    trx,
    refused.map((r) => refusalNotice(input, r)),
    input.at,
  );
}

/**
 * One transaction row per fill, with why it filled (the tick's price, the order's kind and the
 * reason), in one statement: what the order history and the lots refer to.
 */
async function insertTransactions(
  trx: Trx,
  input: BatchInput,
  fills: readonly Fill[],
  why: ReadonlyMap<string, FillTrigger>,
): Promise<void> {
  if (!fills.length) return;
  const rows = batchRows(
    trx,
    {
      id: 'text',
      portfolio_id: 'text',
      epoch: 'bigint',
      shares: 'bigint',
      total_cents: 'bigint',
      price: 'bigint',
      fee_cents: 'bigint',
      position_id: 'text',
      trigger_type: 'text',
      trigger_reason: 'text',
    },
    fills.map((f) => {
      const trigger = why.get(f.transactionId);
      return [
        f.transactionId,
        f.portfolioId,
        f.epoch,
        f.shares,
        f.totalCents,
        f.price,
        f.feeCents,
        f.orderId,
        trigger?.kind ?? null,
        trigger?.reason ?? null,
      ];
    }),
  );
  await sql`INSERT INTO transactions (id, portfolio_id, epoch, "type", method, symbol, shares, total_cents, price, fee_cents, position_id, created_at,
      trigger_type, trigger_price, trigger_reason)
    SELECT c.id, c.portfolio_id, c.epoch, ${input.side}, 'LIMIT', ${input.symbol}, c.shares, c.total_cents,
      c.price, c.fee_cents, c.position_id, CAST(${input.at} AS bigint),
      c.trigger_type, CASE WHEN c.trigger_type IS NULL THEN NULL ELSE CAST(${input.price} AS bigint) END, c.trigger_reason
    FROM ${rows} AS c`.execute(trx);
}
