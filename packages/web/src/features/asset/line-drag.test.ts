import { describe, expect, it } from 'vitest';
import {
  draggedTitle,
  dropProblem,
  hitDistance,
  hitLine,
  movedText,
  moveRequest,
  priceDecimals,
  roundPrice,
  undoneText,
} from './line-drag.ts';
import type { ChartLine, LineDrag } from './order-lines.ts';

const buyLimit: LineDrag = {
  positionId: 'o1',
  field: 'limitAsk',
  side: 'PURCHASE',
  name: 'Buy limit',
};
const sellStop: LineDrag = {
  positionId: 'o2',
  field: 'stopPrice',
  side: 'SELL',
  name: 'Sell stop',
};
const buyStop: LineDrag = {
  positionId: 'o3',
  field: 'stopPrice',
  side: 'PURCHASE',
  name: 'Buy stop',
};
/** A waiting bracket buy at a $90 limit with a take-profit at $120 and a stop-loss at $80. */
const bracketLeg = (leg: 'takeProfit' | 'stopLoss'): LineDrag => ({
  positionId: 'o4',
  field: leg === 'takeProfit' ? 'limitAsk' : 'stopPrice',
  side: 'SELL',
  name: leg === 'takeProfit' ? 'Pending take-profit' : 'Pending stop-loss',
  leg: { leg, entry: 90, entryName: 'the limit', other: leg === 'takeProfit' ? 80 : 120 },
});

describe('hitLine', () => {
  const lines = [
    { id: 'a', y: 100 },
    { id: 'b', y: 108 },
    { id: 'off', y: null },
    { id: 'below', y: 400 },
  ];

  it('takes the nearest line within the distance', () => {
    expect(hitLine(lines, 100, 5)).toBe('a');
    expect(hitLine(lines, 103, 5)).toBe('a');
    expect(hitLine(lines, 105, 5)).toBe('b');
    expect(hitLine(lines, 113, 5)).toBe('b');
    expect(hitLine(lines, 114, 5)).toBeNull();
    expect(hitLine(lines, 95, 5)).toBe('a');
    expect(hitLine(lines, 94.9, 5)).toBeNull();
  });

  it('takes the first of two equally near lines', () => {
    expect(hitLine(lines, 104, 5)).toBe('a');
    expect(
      hitLine(
        [
          { id: 'x', y: 50 },
          { id: 'y', y: 50 },
        ],
        50,
        5,
      ),
    ).toBe('x');
  });

  it('leaves lines without a place, or outside the pane, and presses outside it', () => {
    expect(hitLine(lines, 400, 5)).toBe('below');
    expect(hitLine(lines, 400, 5, 380)).toBeNull();
    expect(hitLine(lines, 100, 5, 380)).toBe('a');
    expect(hitLine([{ id: 'edge', y: 379 }], 383, 5, 380)).toBeNull();
    expect(hitLine([{ id: 'top', y: -3 }], 0, 5, 380)).toBeNull();
  });

  it('reaches further for a finger than for a mouse', () => {
    expect(hitDistance('mouse')).toBe(5);
    expect(hitDistance('pen')).toBe(5);
    expect(hitDistance('touch')).toBe(12);
    expect(hitLine(lines, 120, hitDistance('touch'))).toBe('b');
    expect(hitLine(lines, 120, hitDistance('mouse'))).toBeNull();
  });
});

describe('priceDecimals and roundPrice', () => {
  it('uses the decimals prices are shown with', () => {
    expect(priceDecimals(95_000)).toBe(2);
    expect(priceDecimals(1)).toBe(2);
    expect(priceDecimals(0.39875)).toBe(4);
    expect(priceDecimals(0.01)).toBe(4);
    expect(priceDecimals(0.001234)).toBe(6);
    expect(priceDecimals(0.00001234)).toBe(8);
    expect(priceDecimals(0.000000012)).toBe(8);
    expect(priceDecimals(Number.NaN)).toBe(2);
    expect(priceDecimals(0)).toBe(2);
  });

  it('rounds a pointer price to them', () => {
    expect(roundPrice(95.43217, 2)).toBe(95.43);
    expect(roundPrice(95.435001, 2)).toBe(95.44);
    expect(roundPrice(0.398765, 4)).toBe(0.3988);
    expect(roundPrice(0.0000123456, 8)).toBe(0.00001235);
    expect(roundPrice(61_049.999, 2)).toBe(61_050);
  });
});

describe('dropProblem', () => {
  it('lets a limit go anywhere above 0', () => {
    expect(dropProblem(buyLimit, 96.5, 100)).toBeNull();
    expect(dropProblem(buyLimit, 120, 100)).toBeNull();
    expect(dropProblem(buyLimit, 0, 100)).toBe('A price must be above $0.');
    expect(dropProblem(buyLimit, -2, 100)).toBe('A price must be above $0.');
  });

  it('keeps a stop on its side of the market, as the server does (STOP_WRONG_SIDE)', () => {
    expect(dropProblem(sellStop, 95, 100)).toBeNull();
    expect(dropProblem(sellStop, 100, 100)).toBe(
      'A sell stop must be below the current price of $100.00: at $100.00 it would sell at once.',
    );
    expect(dropProblem(sellStop, 101.5, 100)).toMatch(/^A sell stop must be below/);
    expect(dropProblem(buyStop, 105, 100)).toBeNull();
    expect(dropProblem(buyStop, 99, 100)).toBe(
      'A buy stop must be above the current price of $100.00: at $99.00 it would buy at once.',
    );
  });

  it("keeps a waiting bracket's leg on its side of the entry and of the other leg, not of the market", () => {
    // A stop-loss above the market is fine while the buy waits: it works only after the fill.
    expect(dropProblem(bracketLeg('stopLoss'), 85, 70)).toBeNull();
    expect(dropProblem(bracketLeg('takeProfit'), 95, 100)).toBeNull();
    expect(dropProblem(bracketLeg('takeProfit'), 89, 100)).toBe(
      'The take-profit must be above the limit of $90.00: at $89.00 it would sell at once.',
    );
    expect(dropProblem(bracketLeg('stopLoss'), 90, 100)).toBe(
      'The stop-loss must be below the limit of $90.00: at $90.00 it would sell at once.',
    );
    const noStop: LineDrag = {
      ...bracketLeg('takeProfit'),
      leg: { leg: 'takeProfit', entry: 90, entryName: 'the limit', other: null },
    };
    expect(dropProblem(noStop, 91, 100)).toBeNull();
    expect(dropProblem(bracketLeg('takeProfit'), 0, 100)).toBe('A price must be above $0.');
  });

  it('leaves the side to the server when the price is not known', () => {
    expect(dropProblem(sellStop, 120, Number.NaN)).toBeNull();
  });
});

describe('the request and the toast', () => {
  it('sends the one price the line changes', () => {
    expect(moveRequest(buyLimit, '0xabc', 96.5)).toEqual({
      positionId: 'o1',
      walletAddress: '0xabc',
      limitAsk: 96.5,
    });
    expect(moveRequest(sellStop, '0xabc', 88)).toEqual({
      positionId: 'o2',
      walletAddress: '0xabc',
      stopPrice: 88,
    });
  });

  it("sends a waiting bracket's leg price under attached", () => {
    expect(moveRequest(bracketLeg('takeProfit'), '0xabc', 125)).toEqual({
      positionId: 'o4',
      walletAddress: '0xabc',
      attached: { takeProfit: { limitAsk: 125 } },
    });
    expect(moveRequest(bracketLeg('stopLoss'), '0xabc', 82.5)).toEqual({
      positionId: 'o4',
      walletAddress: '0xabc',
      attached: { stopLoss: { stopPrice: 82.5 } },
    });
    expect(movedText(bracketLeg('takeProfit'), 125)).toBe('Pending take-profit moved to $125.00');
  });

  it('names the line and its price', () => {
    expect(movedText(buyLimit, 96.5)).toBe('Buy limit moved to $96.50');
    expect(undoneText(buyLimit, 95)).toBe('Buy limit back at $95.00');
    expect(movedText({ ...sellStop, name: 'Sell stop-limit’s stop' }, 0.3988)).toBe(
      'Sell stop-limit’s stop moved to $0.3988',
    );
    const line: ChartLine = {
      id: 'o1',
      price: 95,
      role: 'entry',
      title: 'Buy limit · $500.00',
      label: '',
      drag: buyLimit,
    };
    expect(draggedTitle(line, 96.5)).toBe('Buy limit → $96.50');
  });
});
