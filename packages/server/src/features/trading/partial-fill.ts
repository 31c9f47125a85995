import {
  BoundsError,
  budgetWithFee,
  feeCents,
  fillPrice,
  quoteMarketBuy,
  quoteMarketSell,
  sharesForCents,
  type ShareUnits,
} from '@papertrade/domain';
import { sql } from 'kysely';
import { newId } from '../../db/new-id.ts';
import { lockPortfolios, type Trx } from '../../db/transaction.ts';
import { settleBuys, settleSells } from '../../ledger/batched-moves.ts';
import { readLotTotals } from '../../ledger/lot-totals.ts';
import { recordTransactions } from '../../ledger/record-transactions.ts';
import { cancelOrdersOfClosed } from './closed-portfolio-orders.ts';
import { claimGuard } from './crossing-orders.ts';
import type { Fill, BatchTerms } from './fill-plan.ts';
import { fillTriggers } from './fill-triggers.ts';
import type { LimitOrderRow } from './limit-order-row.ts';
import { bracketOf, insertLegs, legRows } from './oco-legs.ts';
import { costRulesOf, costsOf } from './trading-costs.ts';

export interface SliceInput extends BatchTerms {
  orderId: string;
  portfolioId: string;
  /** The shares the tick's volume leaves this order. */
  shares: ShareUnits;
}

/**
 * What a slice came to: `fill`, a partial fill written; `whole`, the slice would take (nearly) all
 * the order has, so the caller fills it whole as any crossed order; `none`, nothing (the order
 * is no longer working at this price, or the slice is too small to trade a cent).
 */
export type SliceResult = { kind: 'fill'; fill: Fill } | { kind: 'whole' } | { kind: 'none' };

/**
 * One partial fill of a resting order, in the caller's transaction (docs/decisions/040-partial-fills.md):
 * under the portfolio's lock, the order still working and crossed, `shares` of it fill at the
 * tick's price moved by the portfolio's spread (never past its limit) through the ledger's steps
 * like any fill: its own transaction row, a buy's lot, a sell's lots consumed and proceeds. The
 * order stays WORKING with its reservation shrunk by exactly what the slice used (a buy's total
 * and fee, a sell's shares) and `filled_shares` grown; a bracket purchase opens legs for the
 * slice's shares. No notification: the owner hears once, when the order completes.
 */
export async function fillSlice(trx: Trx, input: SliceInput): Promise<SliceResult> {
  const { symbol, side, price, at, orderId, portfolioId, shares } = input;
  if (shares <= 0n) return { kind: 'none' };
  const locked = await lockPortfolios(trx, [portfolioId]);
  await cancelOrdersOfClosed(trx, locked, at);
  const portfolio = locked[0];
  if (!portfolio || portfolio.closedAt !== null) return { kind: 'none' };
  const { rows } = await sql<LimitOrderRow>`SELECT * FROM limit_orders
    WHERE limit_orders.id = ${orderId} AND limit_orders.portfolio_id = ${portfolioId}
      AND limit_orders.epoch = ${portfolio.epoch}
      ${claimGuard(input.kind ?? 'LIMIT', symbol, side, price, at)}`.execute(trx);
  const order = rows[0];
  if (!order) return { kind: 'none' };
  const rule = costsOf(await costRulesOf(trx, [portfolioId]), portfolioId);
  const limit =
    input.kind === 'STOP' || BigInt(order.limit_price) === 0n ? null : BigInt(order.limit_price);
  const fillAt = fillPrice(side, price, rule.spreadBps, limit);
  const reserved = BigInt((side === 'PURCHASE' ? order.purchase_cents : order.sell_shares) ?? 0n);

  let quote: { shares: bigint; totalCents: bigint; feeCents: bigint; used: bigint };
  try {
    if (side === 'PURCHASE') {
      const q = quoteMarketBuy({ unit: 'SYMBOL', shares }, fillAt);
      const fee = feeCents(rule.fee, q.totalCents);
      const rest = reserved - q.totalCents - fee;
      // What is left must still buy something at this price, or the order fills whole now.
      if (rest <= 0n || sharesForCents(budgetWithFee(rule.fee, rest), fillAt) <= 0n)
        return { kind: 'whole' };
      quote = { shares, totalCents: q.totalCents, feeCents: fee, used: q.totalCents + fee };
    } else {
      if (shares >= reserved) return { kind: 'whole' };
      const q = quoteMarketSell({ unit: 'SYMBOL', shares }, fillAt);
      quote = {
        shares,
        totalCents: q.totalCents,
        feeCents: feeCents(rule.fee, q.totalCents),
        used: shares,
      };
    }
  } catch (error) {
    if (error instanceof BoundsError) return { kind: 'whole' };
    throw error;
  }
  // A slice worth less than a cent (or than its fee) trades nothing this tick.
  if (quote.totalCents <= 0n || (side === 'SELL' && quote.feeCents >= quote.totalCents))
    return { kind: 'none' };

  const transactionId = newId(at);
  const fill: Fill = {
    orderId,
    portfolioId,
    userId: portfolio.userId,
    epoch: portfolio.epoch,
    transactionId,
    shares: quote.shares,
    totalCents: quote.totalCents,
    price: fillAt,
    feeCents: quote.feeCents,
    changeCents: 0n,
  };
  const bracket = side === 'PURCHASE' ? bracketOf(order) : null;
  if (bracket) fill.reservedShares = quote.shares;

  const shrink =
    side === 'PURCHASE'
      ? sql`purchase_cents = purchase_cents - ${quote.used}`
      : sql`sell_shares = sell_shares - ${quote.used}`;
  const updated =
    await sql`UPDATE limit_orders SET ${shrink}, filled_shares = filled_shares + ${quote.shares}
    WHERE id = ${orderId} AND status = 'WORKING'`.execute(trx);
  if (updated.numAffectedRows !== undefined && updated.numAffectedRows !== 1n)
    throw new Error(`partial fill of ${orderId} updated ${updated.numAffectedRows} orders`);

  const cashCents = new Map([[portfolioId, portfolio.cashCents]]);
  if (side === 'PURCHASE') {
    const totals = await readLotTotals(trx, symbol, [portfolioId]);
    if (!totals.has(portfolioId)) totals.set(portfolioId, { shares: 0n, cost: 0n, free: 0n });
    await settleBuys(trx, symbol, at, [fill], { cashCents, totals });
  } else {
    const unmatched = await settleSells(trx, symbol, [fill], { cashCents });
    if (unmatched > 0n) throw new Error(`partial sell ${orderId} found no lots for ${unmatched}`);
  }
  const trigger = fillTriggers(input, [fill], new Map([[orderId, order]])).get(transactionId);
  await recordTransactions(trx, [
    {
      id: transactionId,
      portfolioId,
      epoch: portfolio.epoch,
      type: side,
      method: 'LIMIT',
      symbol,
      shares: fill.shares,
      totalCents: fill.totalCents,
      price: fill.price,
      feeCents: fill.feeCents,
      positionId: orderId,
      note: order.note ?? null,
      at,
      trigger: trigger ? { type: trigger.kind, price, reason: `${trigger.reason} (part)` } : null,
    },
  ]);
  if (bracket)
    await insertLegs(
      trx,
      legRows({
        portfolioId,
        epoch: portfolio.epoch,
        symbol,
        shares: fill.shares,
        terms: bracket,
        price,
        at,
        parentId: orderId,
        // As a whole fill's legs (fill-plan.ts): they work until they fill or are cancelled.
        timeInForce: 'GTC',
        expiresAt: null,
      }),
    );
  return { kind: 'fill', fill };
}
