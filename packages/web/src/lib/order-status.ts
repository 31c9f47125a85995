import { formatShares, type LimitPosition } from '@papertrade/domain';

/**
 * A resting order that got part of its shares still works for the rest
 * (docs/decisions/029-simulated-order-book.md): every list of working orders, every sum of what
 * they reserve and every chart line counts PARTIALLY_FILLED alongside WORKING.
 */
export function isWorkingOrder(p: Pick<LimitPosition, 'status'>): boolean {
  return p.status === 'WORKING' || p.status === 'PARTIALLY_FILLED';
}

type PartlyFilled = Pick<LimitPosition, 'status' | 'filledShares' | 'remainingShares' | 'symbol'>;

/** A working order's status in words: "Working", or "Partly filled" once it got some shares. */
export function workingStatusLabel(p: Pick<LimitPosition, 'status'>): 'Working' | 'Partly filled' {
  return p.status === 'PARTIALLY_FILLED' ? 'Partly filled' : 'Working';
}

/** "0.5000 filled · 1.5000 BTC left" for a partly filled order; null for any other. */
export function partlyFilledText(p: PartlyFilled): string | null {
  if (p.status !== 'PARTIALLY_FILLED') return null;
  const filled = p.filledShares === undefined ? null : `${formatShares(p.filledShares)} filled`;
  const left =
    p.remainingShares === undefined ? null : `${formatShares(p.remainingShares)} ${p.symbol} left`;
  return [filled, left].filter((part) => part !== null).join(' · ') || null;
}

/** The status cell of a working order: "Working", or "Partly filled: 0.5000 filled · 1.5000 BTC left". */
export function workingStatusText(p: PartlyFilled): string {
  const partly = partlyFilledText(p);
  return partly ? `${workingStatusLabel(p)}: ${partly}` : workingStatusLabel(p);
}
