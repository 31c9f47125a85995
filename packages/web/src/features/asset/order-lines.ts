/**
 * What the asset chart draws for the user's working orders and cost basis: one horizontal line per
 * order at the price it acts at next, and the average cost. Pure, so the texts are tested without
 * a canvas; the chart (chart-overlays.ts) and its legend (chart-legend.tsx) read the same lines.
 */
import {
  bracketEntry,
  formatPrice,
  formatShares,
  formatUsd,
  priceToNumber,
  sharesForCents,
  sharesToNumber,
  trailingStop,
  type LimitPosition,
  type OrderSide,
  type User,
} from '@papertrade/domain';
import { toCents, toPriceUnits } from '../../lib/portfolio.ts';
import { modifiableFields } from './modify-order.ts';
import { isWorkingOrder } from '../../lib/order-status.ts';

/** Buys open a position (entry); a sell limit takes profit; a sell stop of any kind limits a loss. */
export type LineRole = 'entry' | 'take-profit' | 'stop' | 'average-cost';

/** A price of a working order that its line on the chart moves (line-drag.ts). */
export type LineField = 'limitAsk' | 'stopPrice';

/**
 * A waiting bracket's leg that a line moves: the leg, and what the server checks it against
 * (bracketProblem), so a drop past the entry or the other leg is refused before it is sent.
 */
export interface LegDrag {
  leg: 'takeProfit' | 'stopLoss';
  /** Where the position starts: the buy's limit, else its stop. */
  entry: number;
  /** "the limit" or "the stop", as the server's message says. */
  entryName: string;
  /** The bracket's other leg's price, when it has one with a price (not a trailing stop-loss). */
  other: number | null;
}

/**
 * What dragging a line changes: one price of one working order (PUT /limit-position), or with
 * `leg` one leg price of a waiting bracket buy (sent under `attached`); `field` is then the leg's
 * own price name.
 */
export interface LineDrag {
  positionId: string;
  field: LineField;
  side: OrderSide;
  /** The line in the toast after a move: "Buy limit", "Sell stop-limit’s stop". */
  name: string;
  leg?: LegDrag;
}

export interface ChartLine {
  /** The order's id ("{id}:limit" for a stop-limit's second line), or "average-cost". */
  id: string;
  price: number;
  role: LineRole;
  /** Drawn on the line beside its price tag: "Buy limit · $500.00" (the tag shows the price). */
  title: string;
  /** The legend's and screen readers' full text: "Buy limit $95.00 · $500.00". */
  label: string;
  /** Set when the line can be dragged to change its order; the average cost and fills cannot. */
  drag?: LineDrag;
  /** Why a line of an order cannot be dragged, said in the legend (a trailing stop's). */
  fixed?: string;
  /**
   * A waiting bracket buy's leg, drawn where it will work once the buy fills: fainter and thinner
   * than a working order's line (line-style.ts). A price leg drags (it changes the buy's bracket);
   * a trailing one does not.
   */
  pending?: boolean;
}

const KIND_WORDS = {
  LIMIT: 'limit',
  STOP: 'stop',
  STOP_LIMIT: 'stop-limit',
  TRAILING_STOP: 'trailing stop',
} as const;

const usd = (n: number) => `$${formatPrice(n)}`;

/** The kind in plain words: "limit", "stop", "stop-limit", "trailing stop" (absent: a limit). */
export function orderKindWords(p: LimitPosition): string {
  return KIND_WORDS[p.orderType ?? 'LIMIT'];
}

/** "Buy limit", "Sell trailing stop"; a bracket's or OCO pair's leg: "Take-profit", "Stop-loss". */
export function orderTypeText(p: LimitPosition): string {
  if (p.leg === 'TAKE_PROFIT') return 'Take-profit';
  if (p.leg === 'STOP_LOSS')
    return p.orderType === 'TRAILING_STOP' ? 'Trailing stop-loss' : 'Stop-loss';
  return `${p.type === 'PURCHASE' ? 'Buy' : 'Sell'} ${orderKindWords(p)}`;
}

/** What the order reserves: dollars for a buy ("$500.00"), shares for a sell ("2.0000 SOL"). */
export function orderAmountText(p: LimitPosition): string {
  return p.type === 'PURCHASE'
    ? formatUsd(p.purchaseAsk ?? 0)
    : `${formatShares(p.sellAsk ?? 0)} ${p.symbol}`;
}

/**
 * The order's size in shares, in the asset's precision: a sell's shares ("2.0000 SOL"); what a
 * buy's dollars get at its price ("≈ 5.26315789 SOL": a stop fills at the market, so about).
 */
export function orderSharesText(p: LimitPosition): string {
  if (p.type === 'SELL') return `${formatShares(p.sellAsk ?? 0)} ${p.symbol}`;
  const price = toPriceUnits(orderLinePrice(p));
  const shares = price > 0n ? sharesForCents(toCents(p.purchaseAsk ?? 0), price) : 0n;
  return `≈ ${formatShares(sharesToNumber(shares))} ${p.symbol}`;
}

/** Whether a stop-limit has reached its stop and now works as a limit. */
const stopReached = (p: LimitPosition) => p.triggeredAt !== undefined;

/**
 * The price the order acts at next: a limit's limit; a stop's or trailing stop's (current) stop;
 * a stop-limit's stop until it is reached, then its limit. Orders from before stop orders carry
 * only limitAsk, which the server also keeps set to the stop of a stop order.
 */
export function orderLinePrice(p: LimitPosition): number {
  switch (p.orderType) {
    case 'STOP':
    case 'TRAILING_STOP':
      return p.stopPrice ?? p.limitAsk;
    case 'STOP_LIMIT':
      return stopReached(p) ? p.limitAsk : (p.stopPrice ?? p.limitAsk);
    default:
      return p.limitAsk;
  }
}

/**
 * The other prices an order has, in words: "(limit $87.50)", "(trails 5%)", "(stop reached)"; a
 * buy's bracket, which opens when it fills: "(then take-profit $110.00, stop-loss $90.00)".
 */
export function orderPriceNote(p: LimitPosition): string {
  const notes: string[] = [];
  if (p.orderType === 'STOP_LIMIT')
    notes.push(stopReached(p) ? 'stop reached' : `limit ${usd(p.limitAsk)}`);
  if (p.orderType === 'TRAILING_STOP') {
    if (p.trailPercent !== undefined) notes.push(`trails ${p.trailPercent}%`);
    else if (p.trailAmount !== undefined) notes.push(`trails ${usd(p.trailAmount)}`);
  }
  const legs = bracketWords(p.attached);
  if (legs) notes.push(`then ${legs}`);
  return notes.join('; ');
}

/** A waiting bracket's legs: "take-profit $110.00, stop-loss $90.00" (or "stop-loss trailing 5%"). */
function bracketWords(attached: LimitPosition['attached']): string {
  if (!attached) return '';
  const words: string[] = [];
  if (attached.takeProfit) words.push(`take-profit ${usd(attached.takeProfit.limitAsk)}`);
  const sl = attached.stopLoss;
  if (sl?.stopPrice !== undefined) words.push(`stop-loss ${usd(sl.stopPrice)}`);
  else if (sl?.trailPercent !== undefined) words.push(`stop-loss trailing ${sl.trailPercent}%`);
  else if (sl?.trailAmount !== undefined) words.push(`stop-loss trailing ${usd(sl.trailAmount)}`);
  return words.join(', ');
}

export function orderRole(p: LimitPosition): LineRole {
  if (p.type === 'PURCHASE') return 'entry';
  return (p.orderType ?? 'LIMIT') === 'LIMIT' ? 'take-profit' : 'stop';
}

export function orderLine(p: LimitPosition): ChartLine {
  const price = orderLinePrice(p);
  const note = orderPriceNote(p);
  const type = orderTypeText(p);
  const amount = orderAmountText(p);
  return {
    id: p.positionId,
    price,
    role: orderRole(p),
    title: `${type} · ${amount}`,
    label: `${type} ${usd(price)}${note ? ` (${note})` : ''} · ${amount}`,
  };
}

/**
 * The price the order's own line changes when dragged: a limit's limit, a stop's stop, a
 * stop-limit's stop until it is reached (then its limit); null for a trailing stop, whose stop
 * follows the market. The fields the Modify dialog offers (modify-order.ts), so both agree.
 */
export function lineField(p: LimitPosition): LineField | null {
  const fields = modifiableFields(p);
  if (fields.includes('stopPrice')) return 'stopPrice';
  return fields.includes('limitAsk') ? 'limitAsk' : null;
}

export const TRAILING_FIXED = 'follows the market, so its line cannot be dragged';

/**
 * The order's lines on the chart: one at the price it acts at next (orderLine), draggable when
 * that price can be changed; a stop-limit waiting for its stop has a second line at its limit,
 * so that each of its prices has a line of its own to drag.
 */
export function orderLines(p: LimitPosition): ChartLine[] {
  const line = orderLine(p);
  const field = lineField(p);
  if (!field) return [{ ...line, fixed: TRAILING_FIXED }];
  const type = orderTypeText(p);
  if (p.orderType !== 'STOP_LIMIT' || stopReached(p)) {
    return [{ ...line, drag: { positionId: p.positionId, field, side: p.type, name: type } }];
  }
  const amount = orderAmountText(p);
  const part = (which: 'stop' | 'limit', price: number, drag: LineDrag): ChartLine => ({
    id: which === 'stop' ? p.positionId : `${p.positionId}:limit`,
    price,
    role: line.role,
    title: `${type}, ${which} · ${amount}`,
    label: `${type}, ${which} ${usd(price)} · ${amount}`,
    drag,
  });
  return [
    part('stop', line.price, {
      positionId: p.positionId,
      field: 'stopPrice',
      side: p.type,
      name: `${type}’s stop`,
    }),
    part('limit', p.limitAsk, {
      positionId: p.positionId,
      field: 'limitAsk',
      side: p.type,
      name: `${type}’s limit`,
    }),
  ];
}

/** A waiting trailing stop-loss has no price to move: it starts from the fill's price. */
export const LEG_PENDING_FIXED = 'trails from the fill, so its line cannot be dragged';

/**
 * A waiting bracket buy's legs, drawn before they exist so the whole trade shows on the chart: a
 * take-profit at its limit; a stop-loss at its stop, or a trailing one where it would start, the
 * entry minus its trail (the server starts it from the fill's price, so this is "about"). A
 * price leg drags like an order's line: PUT /limit-position with `attached` changes it on the buy.
 * A trailing one has no price to change. Once the buy fills, the legs are working orders with
 * lines of their own.
 */
export function pendingLegLines(p: LimitPosition): ChartLine[] {
  const attached = p.attached;
  if (p.type !== 'PURCHASE' || !attached) return [];
  const after = 'after the buy fills';
  const lines: ChartLine[] = [];
  const tp = attached.takeProfit;
  const sl = attached.stopLoss;
  const entry = bracketEntry(p.orderType ?? 'LIMIT', p.limitAsk, p.stopPrice);
  const legDrag = (leg: LegDrag['leg'], other: number | undefined): LineDrag => ({
    positionId: p.positionId,
    field: leg === 'takeProfit' ? 'limitAsk' : 'stopPrice',
    side: 'SELL',
    name: leg === 'takeProfit' ? 'Pending take-profit' : 'Pending stop-loss',
    leg: { leg, entry: entry.price, entryName: entry.name, other: other ?? null },
  });
  if (tp) {
    lines.push({
      id: `${p.positionId}:take-profit`,
      price: tp.limitAsk,
      role: 'take-profit',
      title: `Take-profit, ${after}`,
      label: `Take-profit ${usd(tp.limitAsk)} (${after})`,
      drag: legDrag('takeProfit', sl?.stopPrice),
      pending: true,
    });
  }
  const trail =
    sl?.trailPercent !== undefined
      ? { bps: BigInt(Math.round(sl.trailPercent * 100)), words: `${sl.trailPercent}%` }
      : sl?.trailAmount !== undefined
        ? { amount: toPriceUnits(sl.trailAmount), words: usd(sl.trailAmount) }
        : null;
  if (sl?.stopPrice !== undefined) {
    lines.push({
      id: `${p.positionId}:stop-loss`,
      price: sl.stopPrice,
      role: 'stop',
      title: `Stop-loss, ${after}`,
      label: `Stop-loss ${usd(sl.stopPrice)} (${after})`,
      drag: legDrag('stopLoss', tp?.limitAsk),
      pending: true,
    });
  } else if (trail) {
    const start = priceToNumber(trailingStop('SELL', toPriceUnits(entry.price), trail));
    if (start > 0) {
      lines.push({
        id: `${p.positionId}:stop-loss`,
        price: start,
        role: 'stop',
        title: `Trailing stop-loss, ${after}`,
        label: `Trailing stop-loss about ${usd(start)} (trails ${trail.words} from the fill, ${after})`,
        fixed: LEG_PENDING_FIXED,
        pending: true,
      });
    }
  }
  return lines;
}

/** The working orders of one asset, oldest first (the order they were placed in). */
export function workingOrders(user: User, symbol: string): LimitPosition[] {
  return user.limitPositions
    .filter((p) => isWorkingOrder(p) && p.symbol === symbol)
    .sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Every line of the asset's chart: its working orders (a waiting bracket buy's followed by its
 * legs'), then the average cost while it is held.
 */
export function chartLines(user: User, symbol: string, held: boolean): ChartLine[] {
  const lines = workingOrders(user, symbol).flatMap((p) => [
    ...orderLines(p),
    ...pendingLegLines(p),
  ]);
  const average = user.averageCost[symbol] ?? 0;
  if (held && average > 0) {
    const label = `Avg cost ${usd(average)}`;
    lines.push({
      id: 'average-cost',
      price: average,
      role: 'average-cost',
      title: 'Avg cost',
      label,
    });
  }
  return lines;
}

/**
 * The chart's price range widened to show the lines near it: each line within `reach` (a
 * fraction of the range's middle, 25 % by default) of the range is brought into view; one
 * further off (a buy far under the market) stays off-screen rather than flatten the candles,
 * and the legend under the chart still names it.
 */
export function rangeWithLines(
  range: { minValue: number; maxValue: number },
  prices: readonly number[],
  reach = 0.25,
): { minValue: number; maxValue: number } {
  const middle = (range.minValue + range.maxValue) / 2;
  let { minValue, maxValue } = range;
  for (const price of prices) {
    if (Math.abs(price - middle) > Math.abs(middle) * reach) continue;
    minValue = Math.min(minValue, price);
    maxValue = Math.max(maxValue, price);
  }
  return { minValue, maxValue };
}
