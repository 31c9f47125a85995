/**
 * Moving a working order by dragging its line on the asset chart (PUT /limit-position), the parts without a
 * canvas: which line a pointer is on, the price a position means, whether a drop can be sent,
 * the PUT /limit-position body it sends and the toast's words. use-line-drag.ts does the pointer
 * work, order-move.tsx the request and its undo.
 */
import { bracketProblem, formatPrice, stopOnWrongSide } from '@papertrade/domain';
import { toPriceUnits } from '../../lib/portfolio.ts';
import type { ModifyLimitInput } from '../trading/api/modify-limit-position.ts';
import type { ChartLine, LegDrag, LineDrag } from './order-lines.ts';

/** How near a line (CSS px) a press takes it: a finger is broader than a mouse. */
export const HIT_DISTANCE = { mouse: 5, touch: 12 } as const;

export function hitDistance(pointerType: string): number {
  return pointerType === 'touch' ? HIT_DISTANCE.touch : HIT_DISTANCE.mouse;
}

/** How far (px) a press on a line moves before it is a drag; less is a click, which moves nothing. */
export const DRAG_THRESHOLD = 3;

/** A line where the chart draws it now: y from the pane's top, null when it has no place. */
export interface LineAt {
  id: string;
  y: number | null;
}

/**
 * The line a press at `y` takes: the nearest within `distance` px (the first of equally near
 * ones); a line outside the pane's height (scrolled off, or past the time axis) is not there to
 * take, and neither is anything at a `y` outside it.
 */
export function hitLine(
  lines: readonly LineAt[],
  y: number,
  distance: number,
  height = Infinity,
): string | null {
  if (y < 0 || y > height) return null;
  let best: string | null = null;
  let bestGap = Infinity;
  for (const line of lines) {
    if (line.y === null || line.y < 0 || line.y > height) continue;
    const gap = Math.abs(line.y - y);
    if (gap <= distance && gap < bestGap) {
      best = line.id;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * The decimals of the asset's prices, as formatPrice shows them, from its current price: 2 from
 * $1 up, 4 from $0.01, 4 significant digits below that (at most 8, the price scale). A dragged
 * line moves in these steps, so the price it shows is the price that is sent.
 */
export function priceDecimals(reference: number): number {
  const abs = Math.abs(reference);
  if (!Number.isFinite(abs) || abs === 0 || abs >= 1) return 2;
  if (abs >= 0.01) return 4;
  return Math.min(8, 3 - Math.floor(Math.log10(abs)));
}

/** A pointer's price in the asset's decimals: 95.4321 → 95.43. */
export function roundPrice(price: number, decimals: number): number {
  return Number(price.toFixed(decimals));
}

const usd = (n: number) => `$${formatPrice(n)}`;

/**
 * Why a drop cannot be sent, in the words of the trade panel's checks, or null. The server
 * decides the rest (STOP_WRONG_SIDE again, funds, an order no longer working), and its refusal
 * shows the same way; a stop is checked here so that the line never leaves its side at all.
 */
export function dropProblem(drag: LineDrag, price: number, market: number): string | null {
  if (!(price > 0)) return 'A price must be above $0.';
  if (drag.leg) return legProblem(drag.leg, price);
  if (drag.field !== 'stopPrice' || !(market > 0)) return null;
  if (!stopOnWrongSide(drag.side, toPriceUnits(price), toPriceUnits(market))) return null;
  return drag.side === 'SELL'
    ? `A sell stop must be below the current price of ${usd(market)}: at ${usd(price)} it would sell at once.`
    : `A buy stop must be above the current price of ${usd(market)}: at ${usd(price)} it would buy at once.`;
}

/**
 * A waiting bracket's leg is checked as the server checks it (bracketProblem): against the buy's
 * entry and the other leg, not the market, since it only works once the buy has filled.
 */
function legProblem(leg: LegDrag, price: number): string | null {
  const at = (n: number | null) => (n === null ? null : toPriceUnits(n));
  const takeProfit = leg.leg === 'takeProfit' ? price : leg.other;
  const stopLoss = leg.leg === 'stopLoss' ? price : leg.other;
  const problem = bracketProblem(
    toPriceUnits(leg.entry),
    leg.entryName,
    at(takeProfit),
    at(stopLoss),
  );
  return problem ? `${problem.message}.` : null;
}

/**
 * PUT /limit-position with the one price the line changes: {positionId, walletAddress, limitAsk};
 * a waiting bracket's leg under `attached`: {attached: {takeProfit: {limitAsk}}}.
 */
export function moveRequest(
  drag: LineDrag,
  walletAddress: string,
  price: number,
): ModifyLimitInput {
  if (drag.leg?.leg === 'takeProfit')
    return {
      positionId: drag.positionId,
      walletAddress,
      attached: { takeProfit: { limitAsk: price } },
    };
  if (drag.leg?.leg === 'stopLoss')
    return {
      positionId: drag.positionId,
      walletAddress,
      attached: { stopLoss: { stopPrice: price } },
    };
  return { positionId: drag.positionId, walletAddress, [drag.field]: price };
}

/** The toast after a drop: "Buy limit moved to $96.50". */
export const movedText = (drag: LineDrag, price: number) => `${drag.name} moved to ${usd(price)}`;

/** The toast after Undo: "Buy limit back at $95.00". */
export const undoneText = (drag: LineDrag, price: number) => `${drag.name} back at ${usd(price)}`;

/** What a line says while it is dragged (and until its drop is answered): "Buy limit → $96.50". */
export function draggedTitle(line: ChartLine, price: number): string {
  return `${line.drag?.name ?? line.title} → ${usd(price)}`;
}
