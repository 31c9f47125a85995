import {
  BoundsError,
  budgetWithFee,
  feeCents,
  fillPrice,
  quoteMarketBuy,
  quoteMarketSell,
  type CostRule,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { sql } from 'kysely';
import { batchIds, batchRows } from '../../db/batch-rows.ts';
import { newId } from '../../db/new-id.ts';
import { lockPortfolios, type LockedPortfolio, type Trx } from '../../db/transaction.ts';
import {
  addSharesMany,
  creditCashMany,
  settleBuys,
  settleSells,
  splitOverCaps,
  sumByUser,
  type BatchFill,
} from '../../ledger/batched-moves.ts';
import { priceText, sharesText, usdText } from '../../ledger/money-text.ts';
import { chunks } from '../../users/chunks.ts';
import { notifyMany, type NewNotification } from '../../users/notify.ts';
import { cancelOrdersOfClosed } from './closed-portfolio-orders.ts';
import { claimGuard, type CrossKind, type Side } from './crossing-orders.ts';
import { fillTriggers, type ClaimedTerms, type FillTrigger } from './fill-triggers.ts';
import type { LimitOrderRow } from './limit-order-row.ts';
import {
  bracketOf,
  cancelOtherLegs,
  insertLegs,
  legRows,
  reservationsFreed,
  type BracketTerms,
} from './oco-legs.ts';
import { costRulesOf, costsOf } from './trading-costs.ts';

export type Fill = BatchFill;

export interface BatchInput {
  symbol: string;
  side: Side;
  price: PriceUnits;
  at: number;
  orderIds: readonly string[];
  /** Owners of the orders: their row locks are taken first, in ascending id. */
  portfolioIds: readonly string[];
  /** The trigger index the orders were found through (decision 012); LIMIT when absent. */
  kind?: CrossKind;
}

/** An order claimed but not filled: its reservation went back and its owner was told why. */
export interface Refusal {
  orderId: string;
  portfolioId: string;
  /** The portfolio's owner, whom the notice goes to. */
  userId: string;
  reason: string;
}

export interface BatchResult {
  fills: Fill[];
  cancelled: Refusal[];
  /** Shares sold without a matching open lot (0 unless the ledger is inconsistent). */
  unmatchedShares: ShareUnits;
  /** The owner of each portfolio locked, for the pushes after commit. */
  owners: ReadonlyMap<string, string>;
}

interface Claimed extends ClaimedTerms {
  id: string;
  portfolio_id: string;
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
  transaction_id: string | null;
  oco_group_id: string | null;
  leg: string | null;
  tp_limit_price: bigint | null;
  sl_stop_price: bigint | null;
  sl_trail_bps: bigint | null;
  sl_trail_amount: bigint | null;
}

/**
 * Fills a batch of crossed orders of one symbol and side at the tick's price, inside the caller's
 * transaction, in a handful of statements whatever the batch size. The orders move WORKING ->
 * FILLED in one statement guarded by their status and by their owner's current epoch; only the
 * orders it claimed move money, so an order cancelled or reset away meanwhile is skipped and
 * none fills twice. A fill the bounds refuse is cancelled instead, its reservation given back.
 */
export async function fillBatch(trx: Trx, input: BatchInput): Promise<BatchResult> {
  const { symbol, side, price, at } = input;
  const locked = await lockPortfolios(trx, input.portfolioIds);
  // A closed portfolio (its member removed from the contest) fills nothing: its orders end here.
  await cancelOrdersOfClosed(trx, locked, at);
  const portfolios = new Map(locked.filter((p) => p.closedAt === null).map((p) => [p.id, p]));
  if (portfolios.size === 0)
    return {
      fills: [],
      cancelled: [],
      unmatchedShares: 0n,
      owners: new Map(locked.map((p) => [p.id, p.userId])),
    };
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
  const { rows: claimed } = await sql<Claimed>`UPDATE limit_orders
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
  const byId = new Map(claimed.map((o) => [o.id, o]));

  const quoted: Fill[] = [];
  const refused: Refused[] = [];
  const costs = claimed.length
    ? await costRulesOf(trx, new Set(claimed.map((o) => o.portfolio_id)))
    : new Map<string, CostRule>();
  for (const o of claimed) {
    const reserved = BigInt((side === 'PURCHASE' ? o.purchase_cents : o.sell_shares) ?? 0n);
    try {
      // An order found through the limit index never fills past its limit; a stop fills like a market order.
      const limit = input.kind === 'STOP' || o.limit_price === null ? null : BigInt(o.limit_price);
      const fill = quoteFill(side, price, reserved, costsOf(costs, o.portfolio_id), limit);
      if (fill.shares <= 0n || fill.totalCents <= 0n)
        throw new BoundsError('AMOUNT_TOO_LARGE', 'it trades nothing at this price');
      quoted.push({
        orderId: o.id,
        portfolioId: o.portfolio_id,
        transactionId: o.transaction_id ?? newId(at),
        ...fill,
      });
    } catch (error) {
      if (!(error instanceof BoundsError)) throw error;
      refused.push({
        orderId: o.id,
        portfolioId: o.portfolio_id,
        userId: ownerOf(portfolios, o.portfolio_id),
        reserved,
        reason: error.message,
        oco_group_id: o.oco_group_id,
      });
    }
  }
  // Transaction ids were made in the order of the batch (best limit first): keep that order.
  quoted.sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));

  const start = side === 'PURCHASE' ? await holdingsOf(trx, symbol, quoted) : cashOf(portfolios);
  const { done, over } = splitOverCaps(side, quoted, start);
  const capReason =
    side === 'PURCHASE'
      ? 'it would take your holding past 10,000,000,000 shares'
      : 'it would take your cash past $10,000,000,000,000';
  for (const f of over)
    refused.push({
      orderId: f.orderId,
      portfolioId: f.portfolioId,
      userId: ownerOf(portfolios, f.portfolioId),
      reserved: side === 'PURCHASE' ? f.totalCents + f.feeCents + f.changeCents : f.shares,
      reason: capReason,
      oco_group_id: byId.get(f.orderId)?.oco_group_id ?? null,
    });
  // A purchase with a bracket keeps the shares it buys reserved for the legs it opens.
  const brackets = new Map<string, BracketTerms>();
  for (const f of done) {
    const terms = side === 'PURCHASE' ? bracketOf(byId.get(f.orderId) ?? NO_BRACKET) : null;
    if (terms && f.shares > 0n) {
      brackets.set(f.orderId, terms);
      f.reservedShares = f.shares;
    }
  }

  let unmatchedShares = 0n;
  if (side === 'PURCHASE') await settleBuys(trx, symbol, at, done);
  else unmatchedShares = await settleSells(trx, symbol, done);
  await refuse(trx, input, refused);
  // Why each filled, written with its transaction; a kind other than LIMIT says it in the notification too.
  const why = fillTriggers(input, done, byId);
  await insertTransactions(trx, input, done, portfolios, why);
  const legs = await openBracketLegs(trx, input, done, brackets, portfolios);
  // A leg of a pair that filled sold the shares both legs shared: the other leg ends with it.
  const pairs = side === 'SELL' ? done.flatMap((f) => byId.get(f.orderId)?.oco_group_id ?? []) : [];
  if (pairs.length) await cancelOtherLegs(trx, pairs, at);
  const verb = side === 'PURCHASE' ? 'bought' : 'sold';
  // The tick's price is formatted once for the batch; a fill moved by a spread formats its own.
  const tickShown = priceText(price);
  await notifyMany(
    trx,
    done.map((f) => ({
      userId: ownerOf(portfolios, f.portfolioId),
      type: 'TRANSACTION' as const,
      text: `${titleOf(byId.get(f.orderId)?.leg ?? null, why.get(f.transactionId)?.kind)} order filled: ${verb} ${sharesText(f.shares)} ${symbol} at ${f.price === price ? tickShown : priceText(f.price)}${f.feeCents > 0n ? `, fee ${usdText(f.feeCents)}` : ''}${reasonText(why.get(f.transactionId))}${afterText(legs.get(f.orderId), byId.get(f.orderId)?.oco_group_id ?? null)}`,
      url: `/transaction?id=${f.transactionId}`,
    })),
    at,
  );
  return {
    fills: done,
    cancelled: refused.map(({ orderId, portfolioId, userId, reason }) => ({
      orderId,
      portfolioId,
      userId,
      reason,
    })),
    unmatchedShares,
    owners: new Map([...portfolios].map(([id, p]) => [id, p.userId])),
  };
}

/**
 * One claimed order's fill at the tick's price, with the same quotes and bounds as a market order
 * (decision 013): the price moved by the portfolio's spread but never past the order's limit; a
 * buy spends the most of its reservation whose cost and fee fit it, the rest is change; a sell's
 * fee comes out of its proceeds.
 */
function quoteFill(
  side: Side,
  tick: PriceUnits,
  reserved: bigint,
  rule: CostRule,
  limit: PriceUnits | null,
) {
  const price = fillPrice(side, tick, rule.spreadBps, limit);
  if (side === 'PURCHASE') {
    const fill = quoteMarketBuy({ unit: 'USD', cents: budgetWithFee(rule.fee, reserved) }, price);
    const fee = feeCents(rule.fee, fill.totalCents);
    return { ...fill, price, feeCents: fee, changeCents: reserved - fill.totalCents - fee };
  }
  const fill = quoteMarketSell({ unit: 'SYMBOL', shares: reserved }, price);
  return { ...fill, price, feeCents: feeCents(rule.fee, fill.totalCents), changeCents: 0n };
}

const KIND_TITLES: Record<string, string> = {
  LIMIT: 'Limit',
  STOP: 'Stop',
  STOP_LIMIT: 'Stop-limit',
  TRAILING_STOP: 'Trailing stop',
};
const LEG_TITLES: Record<string, string> = { TAKE_PROFIT: 'Take-profit', STOP_LOSS: 'Stop-loss' };
const titleOf = (leg: string | null, kind = 'LIMIT') =>
  (leg && LEG_TITLES[leg]) ?? KIND_TITLES[kind] ?? 'Limit';
/** What a fill set going or stopped: a bracket's legs now working, or the pair's other leg cancelled. */
function afterText(opened: readonly LimitOrderRow[] | undefined, pair: string | null): string {
  if (opened?.length) {
    const parts = opened.map((l) =>
      l.leg === 'TAKE_PROFIT'
        ? `take-profit at ${priceText(BigInt(l.limit_price))}`
        : `stop-loss at ${priceText(BigInt(l.stop_price ?? 0n))}`,
    );
    return `; ${parts.join(' and ')} now working`;
  }
  return pair ? '; the other order of the pair was cancelled' : '';
}
const NO_BRACKET = {
  tp_limit_price: null,
  sl_stop_price: null,
  sl_trail_bps: null,
  sl_trail_amount: null,
};

/** The legs of each filled bracket purchase, for the shares it bought, in the fill's transaction. */
async function openBracketLegs(
  trx: Trx,
  input: BatchInput,
  fills: readonly Fill[],
  brackets: ReadonlyMap<string, BracketTerms>,
  portfolios: ReadonlyMap<string, LockedPortfolio>,
): Promise<Map<string, LimitOrderRow[]>> {
  const opened = new Map<string, LimitOrderRow[]>();
  for (const f of fills) {
    const terms = brackets.get(f.orderId);
    if (!terms) continue;
    opened.set(
      f.orderId,
      legRows({
        portfolioId: f.portfolioId,
        epoch: portfolios.get(f.portfolioId)?.epoch ?? 0n,
        symbol: input.symbol,
        shares: f.shares,
        terms,
        price: input.price,
        at: input.at,
        parentId: f.orderId,
        // A stop-loss should not lapse at midnight: the legs work until they fill or are cancelled.
        timeInForce: 'GTC',
        expiresAt: null,
      }),
    );
  }
  if (opened.size) await insertLegs(trx, [...opened.values()].flat());
  return opened;
}
const reasonText = (t: { kind: string; reason: string } | undefined) =>
  t && t.kind !== 'LIMIT' ? ` (${t.reason})` : '';

async function holdingsOf(
  trx: Trx,
  symbol: string,
  fills: readonly Fill[],
): Promise<Map<string, bigint>> {
  if (!fills.length) return new Map();
  const ids = batchIds(trx, new Set(fills.map((f) => f.portfolioId)));
  const { rows } = await sql<{
    portfolio_id: string;
    shares: bigint;
  }>`SELECT portfolio_id, shares FROM holdings
    WHERE symbol = ${symbol} AND portfolio_id IN (SELECT id FROM ${ids} AS u)`.execute(trx);
  return new Map(rows.map((r) => [r.portfolio_id, BigInt(r.shares)]));
}

const cashOf = (portfolios: ReadonlyMap<string, LockedPortfolio>) =>
  new Map([...portfolios].map(([id, p]) => [id, p.cashCents]));

/** The user a portfolio's notifications go to (the main portfolio's id is its user's). */
const ownerOf = (portfolios: ReadonlyMap<string, LockedPortfolio>, portfolioId: string) =>
  portfolios.get(portfolioId)?.userId ?? portfolioId;

/** Claimed orders that cannot fill: cancelled, reservation back, and a notification saying why. */
type Refused = Refusal & { reserved: bigint; oco_group_id: string | null };

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

export function refusalNotice(
  input: Pick<BatchInput, 'symbol' | 'side' | 'price'>,
  r: Refusal & { reserved: bigint },
): NewNotification {
  const what =
    input.side === 'PURCHASE'
      ? `buy ${input.symbol} for ${usdText(r.reserved)}`
      : `sell ${sharesText(r.reserved)} ${input.symbol}`;
  const back = input.side === 'PURCHASE' ? 'the cash it reserved is' : 'the shares it reserved are';
  return {
    userId: r.userId,
    type: 'INFORMATIVE',
    text: `Your limit order to ${what} was cancelled at ${priceText(input.price)}: ${r.reason}; ${back} free again`,
    url: '/order',
  };
}

/**
 * One transaction row per fill, with why it filled (the tick's price, the order's kind and the
 * reason), in one statement: what the order history and the lots refer to.
 */
async function insertTransactions(
  trx: Trx,
  input: BatchInput,
  fills: readonly Fill[],
  portfolios: ReadonlyMap<string, LockedPortfolio>,
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
        portfolios.get(f.portfolioId)?.epoch ?? 0n,
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
