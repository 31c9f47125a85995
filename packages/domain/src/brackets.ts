import { formatExactPrice } from './format.ts';
import { priceToNumber, type PriceUnits } from './money.ts';

/**
 * Take-profit and stop-loss legs (docs/api.md "Brackets and OCO pairs"): a bracket's
 * legs wait on a purchase and open when it fills; an OCO pair is the same two legs on shares
 * already held. Both legs sell, so the take-profit must be above the price the position is
 * entered at and the stop-loss below it, or one of them would sell at once.
 */
export type BracketLeg = 'TAKE_PROFIT' | 'STOP_LOSS';

export interface BracketProblem {
  leg: BracketLeg;
  code: 'TAKE_PROFIT_BELOW_STOP' | 'TAKE_PROFIT_BELOW_ENTRY' | 'STOP_LOSS_ABOVE_ENTRY';
  message: string;
}

const shown = (p: PriceUnits) => `$${formatExactPrice(priceToNumber(p))}`;

/**
 * Where a waiting bracket purchase's position starts, as its legs are checked: a limit's or a
 * stop-limit's limit, else its (current) stop; with the words bracketProblem's message uses.
 * Generic so the server passes exact units and the web its numbers.
 */
export function bracketEntry<P>(
  orderType: string,
  limit: P,
  stop: P | null | undefined,
): { price: P; name: 'the limit' | 'the stop' } {
  return orderType === 'LIMIT' || orderType === 'STOP_LIMIT'
    ? { price: limit, name: 'the limit' }
    : { price: stop ?? limit, name: 'the stop' };
}

/**
 * What is wrong with a pair of legs, or null. `entry` is where the position starts: a bracket's
 * limit or stop, or the current price for an OCO pair on held shares; `entryName` names it in the
 * message ("the limit", "the current price"). A stop-loss that trails is checked by its first stop.
 */
export function bracketProblem(
  entry: PriceUnits,
  entryName: string,
  takeProfit: PriceUnits | null,
  stopLoss: PriceUnits | null,
): BracketProblem | null {
  if (takeProfit !== null && stopLoss !== null && takeProfit <= stopLoss) {
    return {
      leg: 'TAKE_PROFIT',
      code: 'TAKE_PROFIT_BELOW_STOP',
      message: `The take-profit (${shown(takeProfit)}) must be above the stop-loss (${shown(stopLoss)})`,
    };
  }
  if (takeProfit !== null && takeProfit <= entry) {
    return {
      leg: 'TAKE_PROFIT',
      code: 'TAKE_PROFIT_BELOW_ENTRY',
      message: `The take-profit must be above ${entryName} of ${shown(entry)}: at ${shown(takeProfit)} it would sell at once`,
    };
  }
  if (stopLoss !== null && stopLoss >= entry) {
    return {
      leg: 'STOP_LOSS',
      code: 'STOP_LOSS_ABOVE_ENTRY',
      message: `The stop-loss must be below ${entryName} of ${shown(entry)}: at ${shown(stopLoss)} it would sell at once`,
    };
  }
  return null;
}

/**
 * Whether a working order holds its own reservation: every order but the second leg of an OCO
 * pair, whose shares the pair reserves once, on the leg whose id is the group's. Sums of what
 * working orders reserve count only these (the server's rule is the same, decision 015).
 */
export const holdsReservation = (p: { positionId: string; ocoGroupId?: string | undefined }) =>
  p.ocoGroupId === undefined || p.ocoGroupId === p.positionId;
