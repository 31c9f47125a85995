import {
  BoundsError,
  budgetWithFee,
  feeCents,
  fillPrice,
  quoteMarketBuy,
  quoteMarketSell,
  type CostRule,
  type OrderSide,
  type PriceUnits,
} from '@papertrade/domain';
import type { LockedPortfolio } from '../../db/transaction.ts';
import { newId } from '../../db/new-id.ts';
import { splitOverCaps, type BatchFill } from '../../ledger/batched-moves.ts';
import { priceText, sharesText, usdText } from '../../ledger/money-text.ts';
import type { NewNotification } from '../../users/notify.ts';
import type { CrossKind } from './crossing-orders.ts';
import { fillTriggers, type ClaimedTerms, type FillTrigger } from './fill-triggers.ts';
import type { LimitOrderRow } from './limit-order-row.ts';
import { bracketOf, legRows } from './oco-legs.ts';
import { costsOf } from './trading-costs.ts';

/**
 * A fill of the batch, with its portfolio's owner (whom its notice and push go to) and epoch (its
 * transaction's), both read under the portfolio's lock.
 */
export type Fill = BatchFill & { userId: string; epoch: bigint };

/** What a batch of crossed orders is: one symbol and side, filled at one tick's price. */
export interface BatchTerms {
  symbol: string;
  side: OrderSide;
  price: PriceUnits;
  at: number;
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

/** A refusal with what its order held, to give back. */
export type Refused = Refusal & { reserved: bigint; oco_group_id: string | null };

/** A working order as the claim returned it (WORKING -> FILLED, its transaction id written). */
export interface ClaimedOrder extends ClaimedTerms {
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
  /** Shares it got in earlier partial fills (decision 040): its notice counts them too. */
  filled_shares?: bigint;
  /** Its owner's note (migration 023), which the fill's transaction carries. */
  note?: string | null;
}

/** Everything the plan is computed from: read under the portfolios' locks, no database after. */
export interface PlanInput {
  terms: BatchTerms;
  /** The open portfolios of the batch, locked. */
  portfolios: ReadonlyMap<string, LockedPortfolio>;
  /** The orders claimed, in batch order (best limit first). */
  claimed: readonly ClaimedOrder[];
  costs: ReadonlyMap<string, CostRule>;
  /** A purchase batch: each portfolio's free shares of the symbol before it (for the cap). */
  freeShares: ReadonlyMap<string, bigint>;
  /** Triggered stops that walked the book (stop-walk.ts): each one's price instead of the tick's. */
  prices?: ReadonlyMap<string, PriceUnits>;
}

export interface FillPlan {
  /** The fills that go ahead, in transaction id order. */
  fills: Fill[];
  refused: Refused[];
  /** Why each fill happened, by transaction id: written with its transaction. */
  triggers: Map<string, FillTrigger>;
  /** The legs the filled bracket purchases open, to insert. */
  legs: LimitOrderRow[];
  /** The pairs a filled leg ends: their other leg is cancelled. */
  pairsEnded: string[];
  /** One notice per fill, saying what filled and why. */
  notices: NewNotification[];
}

const CAP_REASON = {
  PURCHASE: 'it would take your holding past 10,000,000,000 shares',
  SELL: 'it would take your cash past $10,000,000,000,000',
} as const;

/**
 * The whole of a batch's fills worked out from the rows the claim returned and the locked
 * portfolios, without the database: each order's quote with the portfolio's fee and spread and
 * its limit (decision 013), the bounds and caps that refuse some, the bracket legs a purchase
 * opens for the shares it bought (decision 015), and the notice texts. The settle step only
 * writes what this says.
 */
export function planFills(input: PlanInput): FillPlan {
  const { terms, portfolios, claimed } = input;
  const { side, price, at } = terms;
  const lockedOf = (portfolioId: string): LockedPortfolio => {
    const p = portfolios.get(portfolioId);
    // The claim only takes orders of the locked open portfolios: another one is a bug.
    if (!p) throw new Error(`claimed an order of an unlocked portfolio ${portfolioId}`);
    return p;
  };
  const byId = new Map(claimed.map((o) => [o.id, o]));

  const quoted: Fill[] = [];
  const refused: Refused[] = [];
  for (const o of claimed) {
    const reserved = BigInt((side === 'PURCHASE' ? o.purchase_cents : o.sell_shares) ?? 0n);
    try {
      // An order found through the limit index never fills past its limit; a stop fills like a market order.
      const limit = terms.kind === 'STOP' || o.limit_price === null ? null : BigInt(o.limit_price);
      const tick = input.prices?.get(o.id) ?? price;
      const fill = quoteFill(side, tick, reserved, costsOf(input.costs, o.portfolio_id), limit);
      if (fill.shares <= 0n || fill.totalCents <= 0n)
        throw new BoundsError('AMOUNT_TOO_LARGE', 'it trades nothing at this price');
      quoted.push({
        orderId: o.id,
        portfolioId: o.portfolio_id,
        userId: lockedOf(o.portfolio_id).userId,
        epoch: lockedOf(o.portfolio_id).epoch,
        transactionId: o.transaction_id ?? newId(at),
        ...fill,
      });
    } catch (error) {
      if (!(error instanceof BoundsError)) throw error;
      refused.push({
        orderId: o.id,
        portfolioId: o.portfolio_id,
        userId: lockedOf(o.portfolio_id).userId,
        reserved,
        reason: error.message,
        oco_group_id: o.oco_group_id,
      });
    }
  }
  // Transaction ids were made in the order of the batch (best limit first): keep that order.
  quoted.sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));

  const start =
    side === 'PURCHASE'
      ? input.freeShares
      : new Map([...portfolios].map(([id, p]) => [id, p.cashCents]));
  const { done, over } = splitOverCaps(side, quoted, start);
  for (const f of over)
    refused.push({
      orderId: f.orderId,
      portfolioId: f.portfolioId,
      userId: f.userId,
      reserved: side === 'PURCHASE' ? f.totalCents + f.feeCents + f.changeCents : f.shares,
      reason: CAP_REASON[side],
      oco_group_id: byId.get(f.orderId)?.oco_group_id ?? null,
    });

  // A purchase with a bracket keeps the shares it buys reserved for the legs it opens.
  const opened = new Map<string, LimitOrderRow[]>();
  for (const f of done) {
    const o = byId.get(f.orderId);
    const bracket = side === 'PURCHASE' && o ? bracketOf(o) : null;
    if (!bracket || f.shares <= 0n) continue;
    f.reservedShares = f.shares;
    opened.set(
      f.orderId,
      legRows({
        portfolioId: f.portfolioId,
        epoch: f.epoch,
        symbol: terms.symbol,
        shares: f.shares,
        terms: bracket,
        price,
        at,
        parentId: f.orderId,
        // A stop-loss should not lapse at midnight: the legs work until they fill or are cancelled.
        timeInForce: 'GTC',
        expiresAt: null,
      }),
    );
  }
  // A leg of a pair that filled sold the shares both legs shared: the other leg ends with it.
  const pairsEnded =
    side === 'SELL' ? done.flatMap((f) => byId.get(f.orderId)?.oco_group_id ?? []) : [];

  const triggers = fillTriggers(terms, done, byId);
  const verb = side === 'PURCHASE' ? 'bought' : 'sold';
  // The tick's price is formatted once for the batch; a fill moved by a spread formats its own.
  const tickShown = priceText(price);
  const notices = done.map((f) => {
    const o = byId.get(f.orderId);
    const why = triggers.get(f.transactionId);
    const at = f.price === price ? tickShown : priceText(f.price);
    const fee = f.feeCents > 0n ? `, fee ${usdText(f.feeCents)}` : '';
    const after = afterText(opened.get(f.orderId), o?.oco_group_id ?? null);
    // An order that filled in parts is told of once, now, with all its shares (decision 040).
    const before = BigInt(o?.filled_shares ?? 0n);
    const what =
      before > 0n
        ? `${sharesText(before + f.shares)} ${terms.symbol} in parts, the last ${sharesText(f.shares)} at ${at}`
        : `${sharesText(f.shares)} ${terms.symbol} at ${at}`;
    return {
      userId: f.userId,
      type: 'TRANSACTION' as const,
      text: `${titleOf(o?.leg ?? null, why?.kind)} order filled: ${verb} ${what}${fee}${reasonText(why)}${after}`,
      url: `/transaction?id=${f.transactionId}`,
    };
  });
  return { fills: done, refused, triggers, legs: [...opened.values()].flat(), pairsEnded, notices };
}

/**
 * One claimed order's fill at the tick's price, with the same quotes and bounds as a market order
 * (decision 013): the price moved by the portfolio's spread but never past the order's limit; a
 * buy spends the most of its reservation whose cost and fee fit it, the rest is change; a sell's
 * fee comes out of its proceeds.
 */
function quoteFill(
  side: OrderSide,
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
const reasonText = (t: FillTrigger | undefined) =>
  t && t.kind !== 'LIMIT' ? ` (${t.reason})` : '';

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

/** The notice of a claimed order that could not fill: why, and that its reservation is free again. */
export function refusalNotice(
  terms: Pick<BatchTerms, 'symbol' | 'side' | 'price'>,
  r: Refusal & { reserved: bigint },
): NewNotification {
  const what =
    terms.side === 'PURCHASE'
      ? `buy ${terms.symbol} for ${usdText(r.reserved)}`
      : `sell ${sharesText(r.reserved)} ${terms.symbol}`;
  const back = terms.side === 'PURCHASE' ? 'the cash it reserved is' : 'the shares it reserved are';
  return {
    userId: r.userId,
    type: 'INFORMATIVE',
    text: `Your limit order to ${what} was cancelled at ${priceText(terms.price)}: ${r.reason}; ${back} free again`,
    url: '/order',
  };
}
