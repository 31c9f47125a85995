/**
 * What the asset chart draws for the user's working orders and cost basis: one horizontal line per
 * order at the price it acts at next, and the average cost. Pure, so the texts are tested without
 * a canvas; the chart (chart-overlays.ts) and its legend (chart-legend.tsx) read the same lines.
 */
import {
  formatPrice,
  formatShares,
  formatUsd,
  sharesForCents,
  sharesToNumber,
  type LimitPosition,
  type User,
} from '@papertrade/domain';
import { toCents, toPriceUnits } from '../../lib/portfolio.ts';

/** Buys open a position (entry); a sell limit takes profit; a sell stop of any kind limits a loss. */
export type LineRole = 'entry' | 'take-profit' | 'stop' | 'average-cost';

export interface ChartLine {
  /** The order's id, or "average-cost". */
  id: string;
  price: number;
  role: LineRole;
  /** Drawn on the line beside its price tag: "Buy limit · $500.00" (the tag shows the price). */
  title: string;
  /** The legend's and screen readers' full text: "Buy limit $95.00 · $500.00". */
  label: string;
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

/** "Buy limit", "Sell trailing stop". */
export function orderTypeText(p: LimitPosition): string {
  return `${p.type === 'PURCHASE' ? 'Buy' : 'Sell'} ${orderKindWords(p)}`;
}

/** What the order reserves: dollars for a buy ("$500.00"), shares for a sell ("2.0000 SOL"). */
export function orderAmountText(p: LimitPosition): string {
  return p.type === 'PURCHASE' ? formatUsd(p.purchaseAsk ?? 0) : `${formatShares(p.sellAsk ?? 0)} ${p.symbol}`;
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

/** The other prices an order has, in words: "(limit $87.50)", "(trails 5%)", "(stop reached)". */
export function orderPriceNote(p: LimitPosition): string {
  if (p.orderType === 'STOP_LIMIT') return stopReached(p) ? 'stop reached' : `limit ${usd(p.limitAsk)}`;
  if (p.orderType === 'TRAILING_STOP') {
    if (p.trailPercent !== undefined) return `trails ${p.trailPercent}%`;
    if (p.trailAmount !== undefined) return `trails ${usd(p.trailAmount)}`;
  }
  return '';
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

/** The working orders of one asset, oldest first (the order they were placed in). */
export function workingOrders(user: User, symbol: string): LimitPosition[] {
  return user.limitPositions
    .filter((p) => p.status === 'WORKING' && p.symbol === symbol)
    .sort((a, b) => a.timestamp - b.timestamp);
}

/** Every line of the asset's chart: its working orders, then the average cost while it is held. */
export function chartLines(user: User, symbol: string, held: boolean): ChartLine[] {
  const lines = workingOrders(user, symbol).map(orderLine);
  const average = user.averageCost[symbol] ?? 0;
  if (held && average > 0) {
    const label = `Avg cost ${usd(average)}`;
    lines.push({ id: 'average-cost', price: average, role: 'average-cost', title: 'Avg cost', label });
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
