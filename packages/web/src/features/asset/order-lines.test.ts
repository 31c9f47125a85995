import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import {
  chartLines,
  LEG_PENDING_FIXED,
  lineField,
  orderLine,
  orderLines,
  orderSharesText,
  pendingLegLines,
  rangeWithLines,
  TRAILING_FIXED,
  workingOrders,
} from './order-lines.ts';

function order(overrides: Partial<LimitPosition> = {}): LimitPosition {
  return {
    positionId: 'o1',
    symbol: 'SOL',
    type: 'PURCHASE',
    limitAsk: 95,
    purchaseAsk: 500,
    timestamp: 1_700_000_000_000,
    status: 'WORKING',
    ...overrides,
  };
}

describe('orderLine', () => {
  it('a buy limit is an entry at its limit, labelled with the dollars it reserves', () => {
    expect(orderLine(order())).toEqual({
      id: 'o1',
      price: 95,
      role: 'entry',
      title: 'Buy limit · $500.00',
      label: 'Buy limit $95.00 · $500.00',
    });
  });

  it('an order from before stop orders (no orderType) reads as a limit', () => {
    expect(orderLine(order({ orderType: undefined })).label).toBe('Buy limit $95.00 · $500.00');
    expect(orderLine(order({ orderType: 'LIMIT' })).label).toBe('Buy limit $95.00 · $500.00');
  });

  it('a sell limit takes profit; its amount is shares in the asset precision', () => {
    const line = orderLine(
      order({ type: 'SELL', limitAsk: 120, purchaseAsk: undefined, sellAsk: 2 }),
    );
    expect(line.role).toBe('take-profit');
    expect(line.label).toBe('Sell limit $120.00 · 2.0000 SOL');
    expect(orderLine(order({ type: 'SELL', sellAsk: 0.01053035 })).label).toBe(
      'Sell limit $95.00 · 0.01053035 SOL',
    );
  });

  it('a sell stop is a stop line at its stop price', () => {
    const line = orderLine(
      order({ type: 'SELL', orderType: 'STOP', stopPrice: 88, limitAsk: 88, sellAsk: 2 }),
    );
    expect(line).toMatchObject({ price: 88, role: 'stop', label: 'Sell stop $88.00 · 2.0000 SOL' });
  });

  it('a stop-limit sits at its stop with the limit in words, then at its limit once the stop is reached', () => {
    const waiting = order({
      type: 'SELL',
      orderType: 'STOP_LIMIT',
      stopPrice: 88,
      limitAsk: 87.5,
      sellAsk: 2,
    });
    expect(orderLine(waiting)).toMatchObject({
      price: 88,
      role: 'stop',
      label: 'Sell stop-limit $88.00 (limit $87.50) · 2.0000 SOL',
    });
    expect(orderLine({ ...waiting, triggeredAt: 1_700_000_100_000 })).toMatchObject({
      price: 87.5,
      label: 'Sell stop-limit $87.50 (stop reached) · 2.0000 SOL',
    });
  });

  it('a trailing stop sits at its current stop and says its trail', () => {
    const pct = order({
      type: 'SELL',
      orderType: 'TRAILING_STOP',
      stopPrice: 90.25,
      limitAsk: 90.25,
      trailPercent: 5,
      sellAsk: 1,
    });
    expect(orderLine(pct).label).toBe('Sell trailing stop $90.25 (trails 5%) · 1.0000 SOL');
    const usd = order({ orderType: 'TRAILING_STOP', stopPrice: 105, trailAmount: 10 });
    expect(orderLine(usd)).toMatchObject({
      role: 'entry',
      label: 'Buy trailing stop $105.00 (trails $10.00) · $500.00',
    });
  });

  it('a bracket buy says the legs it opens once filled; the legs are named take-profit and stop-loss', () => {
    const parent = order({
      attached: { takeProfit: { limitAsk: 110 }, stopLoss: { stopPrice: 90 } },
    });
    expect(orderLine(parent)).toMatchObject({
      role: 'entry',
      label: 'Buy limit $95.00 (then take-profit $110.00, stop-loss $90.00) · $500.00',
    });
    const trailing = order({
      orderType: 'STOP',
      stopPrice: 99,
      attached: { stopLoss: { trailPercent: 5 } },
    });
    expect(orderLine(trailing).label).toBe(
      'Buy stop $99.00 (then stop-loss trailing 5%) · $500.00',
    );
    const legs = {
      type: 'SELL',
      purchaseAsk: undefined,
      sellAsk: 2,
      parentId: 'o1',
      ocoGroupId: 'o2',
    } as const;
    expect(
      orderLine(order({ ...legs, positionId: 'o2', leg: 'TAKE_PROFIT', limitAsk: 110 })),
    ).toMatchObject({
      role: 'take-profit',
      label: 'Take-profit $110.00 · 2.0000 SOL',
    });
    const stop = {
      ...legs,
      positionId: 'o3',
      leg: 'STOP_LOSS',
      orderType: 'STOP',
      stopPrice: 90,
    } as const;
    expect(orderLine(order(stop))).toMatchObject({
      role: 'stop',
      label: 'Stop-loss $90.00 · 2.0000 SOL',
    });
    const trail = { ...stop, orderType: 'TRAILING_STOP', trailPercent: 5 } as const;
    expect(orderLine(order(trail)).label).toBe(
      'Trailing stop-loss $90.00 (trails 5%) · 2.0000 SOL',
    );
  });

  it('a stop without stopPrice (an older answer) falls back to limitAsk, which the server keeps at the stop', () => {
    expect(orderLine(order({ orderType: 'STOP', limitAsk: 101 })).price).toBe(101);
  });

  it('cheap coins keep their significant digits', () => {
    expect(orderLine(order({ symbol: 'SHIB', limitAsk: 0.00001234 })).label).toBe(
      'Buy limit $0.00001234 · $500.00',
    );
  });
});

describe('orderLines: what dragging each line changes', () => {
  it('a limit’s line moves its limit, a stop’s its stop', () => {
    expect(lineField(order())).toBe('limitAsk');
    expect(orderLines(order())).toEqual([
      {
        ...orderLine(order()),
        drag: { positionId: 'o1', field: 'limitAsk', side: 'PURCHASE', name: 'Buy limit' },
      },
    ]);
    const stop = order({
      type: 'SELL',
      orderType: 'STOP',
      stopPrice: 88,
      limitAsk: 88,
      sellAsk: 2,
    });
    expect(lineField(stop)).toBe('stopPrice');
    expect(orderLines(stop)[0]?.drag).toEqual({
      positionId: 'o1',
      field: 'stopPrice',
      side: 'SELL',
      name: 'Sell stop',
    });
  });

  it('a waiting stop-limit has two lines, its stop and its limit, each moving its own price', () => {
    const waiting = order({
      type: 'SELL',
      orderType: 'STOP_LIMIT',
      stopPrice: 88,
      limitAsk: 87.5,
      sellAsk: 2,
    });
    expect(orderLines(waiting)).toEqual([
      {
        id: 'o1',
        price: 88,
        role: 'stop',
        title: 'Sell stop-limit, stop · 2.0000 SOL',
        label: 'Sell stop-limit, stop $88.00 · 2.0000 SOL',
        drag: {
          positionId: 'o1',
          field: 'stopPrice',
          side: 'SELL',
          name: 'Sell stop-limit’s stop',
        },
      },
      {
        id: 'o1:limit',
        price: 87.5,
        role: 'stop',
        title: 'Sell stop-limit, limit · 2.0000 SOL',
        label: 'Sell stop-limit, limit $87.50 · 2.0000 SOL',
        drag: {
          positionId: 'o1',
          field: 'limitAsk',
          side: 'SELL',
          name: 'Sell stop-limit’s limit',
        },
      },
    ]);
  });

  it('a stop-limit past its stop is one line, at its limit, moving its limit', () => {
    const reached = order({
      orderType: 'STOP_LIMIT',
      stopPrice: 105,
      limitAsk: 106,
      triggeredAt: 5,
    });
    expect(lineField(reached)).toBe('limitAsk');
    expect(orderLines(reached)).toEqual([
      {
        ...orderLine(reached),
        drag: { positionId: 'o1', field: 'limitAsk', side: 'PURCHASE', name: 'Buy stop-limit' },
      },
    ]);
  });

  it('a trailing stop’s line cannot be dragged, and says why', () => {
    const trailing = order({
      type: 'SELL',
      orderType: 'TRAILING_STOP',
      stopPrice: 90.25,
      trailPercent: 5,
      sellAsk: 1,
    });
    expect(lineField(trailing)).toBeNull();
    const [line] = orderLines(trailing);
    expect(line?.drag).toBeUndefined();
    expect(line?.fixed).toBe(TRAILING_FIXED);
  });

  it('the average cost line is not draggable; chartLines draws both lines of a stop-limit', () => {
    const user = makeUser({
      averageCost: { SOL: 100 },
      limitPositions: [
        order({ type: 'SELL', orderType: 'STOP_LIMIT', stopPrice: 88, limitAsk: 87.5, sellAsk: 2 }),
      ],
    });
    const lines = chartLines(user, 'SOL', true);
    expect(lines.map((l) => [l.id, Boolean(l.drag)])).toEqual([
      ['o1', true],
      ['o1:limit', true],
      ['average-cost', false],
    ]);
  });
});

describe('pendingLegLines: a waiting bracket buy’s legs', () => {
  const bracket = order({
    limitAsk: 90,
    purchaseAsk: 900,
    attached: { takeProfit: { limitAsk: 120 }, stopLoss: { stopPrice: 80 } },
  });

  it('draws a take-profit at its limit and a stop-loss at its stop, pending, each dragged under attached', () => {
    expect(pendingLegLines(bracket)).toEqual([
      {
        id: 'o1:take-profit',
        price: 120,
        role: 'take-profit',
        title: 'Take-profit, after the buy fills',
        label: 'Take-profit $120.00 (after the buy fills)',
        drag: {
          positionId: 'o1',
          field: 'limitAsk',
          side: 'SELL',
          name: 'Pending take-profit',
          leg: { leg: 'takeProfit', entry: 90, entryName: 'the limit', other: 80 },
        },
        pending: true,
      },
      {
        id: 'o1:stop-loss',
        price: 80,
        role: 'stop',
        title: 'Stop-loss, after the buy fills',
        label: 'Stop-loss $80.00 (after the buy fills)',
        drag: {
          positionId: 'o1',
          field: 'stopPrice',
          side: 'SELL',
          name: 'Pending stop-loss',
          leg: { leg: 'stopLoss', entry: 90, entryName: 'the limit', other: 120 },
        },
        pending: true,
      },
    ]);
  });

  it('a trailing stop-loss is drawn where it would start: the entry minus its trail, about, and does not drag', () => {
    const pct = order({ limitAsk: 90, attached: { stopLoss: { trailPercent: 5 } } });
    expect(pendingLegLines(pct)).toEqual([
      expect.objectContaining({
        id: 'o1:stop-loss',
        price: 85.5,
        role: 'stop',
        label: 'Trailing stop-loss about $85.50 (trails 5% from the fill, after the buy fills)',
        fixed: LEG_PENDING_FIXED,
        pending: true,
      }),
    ]);
    expect(pendingLegLines(pct)[0]?.drag).toBeUndefined();
    // Beside a trailing stop-loss, the take-profit drags, checked against the entry only.
    const withTp = order({
      limitAsk: 90,
      attached: { takeProfit: { limitAsk: 110 }, stopLoss: { trailPercent: 5 } },
    });
    expect(pendingLegLines(withTp)[0]?.drag?.leg).toEqual({
      leg: 'takeProfit',
      entry: 90,
      entryName: 'the limit',
      other: null,
    });
    // A stop buy enters at its stop, not at limitAsk.
    const stopBuy = order({
      orderType: 'STOP',
      stopPrice: 105,
      limitAsk: 105,
      attached: { stopLoss: { trailAmount: 7.5 } },
    });
    expect(pendingLegLines(stopBuy)[0]).toMatchObject({
      price: 97.5,
      label: 'Trailing stop-loss about $97.50 (trails $7.50 from the fill, after the buy fills)',
    });
    const stopBuyTp = order({
      orderType: 'STOP',
      stopPrice: 105,
      limitAsk: 105,
      attached: { takeProfit: { limitAsk: 130 } },
    });
    expect(pendingLegLines(stopBuyTp)[0]?.drag?.leg).toMatchObject({
      entry: 105,
      entryName: 'the stop',
    });
    // A stop-limit buy enters at its limit.
    const stopLimit = order({
      orderType: 'STOP_LIMIT',
      stopPrice: 105,
      limitAsk: 106,
      attached: { stopLoss: { trailPercent: 10 } },
    });
    expect(pendingLegLines(stopLimit)[0]?.price).toBe(95.4);
    // A trail as large as the entry has no price to start at: no line (the entry's label names it).
    expect(
      pendingLegLines(order({ limitAsk: 5, attached: { stopLoss: { trailAmount: 5 } } })),
    ).toEqual([]);
  });

  it('only the legs it has; nothing for an order without a bracket', () => {
    const tpOnly = order({ attached: { takeProfit: { limitAsk: 110 } } });
    expect(pendingLegLines(tpOnly).map((l) => l.id)).toEqual(['o1:take-profit']);
    expect(pendingLegLines(order())).toEqual([]);
  });

  it('chartLines draws the buy’s entry line and then its two legs, all three draggable', () => {
    const user = makeUser({ limitPositions: [bracket] });
    const lines = chartLines(user, 'SOL', false);
    expect(lines.map((l) => [l.id, l.price, l.role, Boolean(l.drag), Boolean(l.pending)])).toEqual([
      ['o1', 90, 'entry', true, false],
      ['o1:take-profit', 120, 'take-profit', true, true],
      ['o1:stop-loss', 80, 'stop', true, true],
    ]);
    expect(lines[0]?.label).toBe(
      'Buy limit $90.00 (then take-profit $120.00, stop-loss $80.00) · $900.00',
    );
  });

  it('once the buy fills, its working legs are ordinary lines that can be dragged', () => {
    const legs = {
      type: 'SELL',
      purchaseAsk: undefined,
      sellAsk: 10,
      parentId: 'o1',
      ocoGroupId: 'tp',
    } as const;
    const user = makeUser({
      limitPositions: [
        { ...bracket, status: 'FILLED' },
        order({ ...legs, positionId: 'tp', leg: 'TAKE_PROFIT', limitAsk: 120 }),
        order({
          ...legs,
          positionId: 'sl',
          leg: 'STOP_LOSS',
          orderType: 'STOP',
          stopPrice: 80,
          limitAsk: 80,
        }),
      ],
    });
    const lines = chartLines(user, 'SOL', true);
    expect(lines.map((l) => [l.id, l.drag?.field, l.drag?.name, l.pending])).toEqual([
      ['tp', 'limitAsk', 'Take-profit', undefined],
      ['sl', 'stopPrice', 'Stop-loss', undefined],
    ]);
  });
});

describe('orderSharesText', () => {
  it('a buy shows about how many shares its dollars get at its price, a sell its shares', () => {
    expect(orderSharesText(order())).toBe('≈ 5.26315789 SOL');
    expect(orderSharesText(order({ type: 'SELL', sellAsk: 4 }))).toBe('4.0000 SOL');
  });
});

describe('chartLines', () => {
  const user = makeUser({
    averageCost: { SOL: 101.2 },
    limitPositions: [
      order({ positionId: 'late', timestamp: 3 }),
      order({ positionId: 'other', symbol: 'BTC' }),
      order({ positionId: 'done', status: 'FILLED' }),
      order({ positionId: 'gone', status: 'CANCELLED' }),
      order({ positionId: 'early', timestamp: 1, type: 'SELL', sellAsk: 1, limitAsk: 120 }),
    ],
  });

  it("draws the asset's working orders, oldest first, then the average cost while held", () => {
    expect(workingOrders(user, 'SOL').map((p) => p.positionId)).toEqual(['early', 'late']);
    const lines = chartLines(user, 'SOL', true);
    expect(lines.map((l) => l.id)).toEqual(['early', 'late', 'average-cost']);
    expect(lines[2]).toMatchObject({
      price: 101.2,
      role: 'average-cost',
      label: 'Avg cost $101.20',
    });
  });

  it('has no average cost line when nothing is held', () => {
    expect(chartLines(user, 'SOL', false).map((l) => l.id)).toEqual(['early', 'late']);
    expect(chartLines(makeUser(), 'SOL', true)).toEqual([]);
  });
});

describe('rangeWithLines', () => {
  it('widens the range to the lines near it and leaves far ones off', () => {
    const range = { minValue: 95, maxValue: 105 };
    expect(rangeWithLines(range, [88, 110])).toEqual({ minValue: 88, maxValue: 110 });
    expect(rangeWithLines(range, [40, 300])).toEqual(range);
    expect(rangeWithLines(range, [])).toEqual(range);
  });
});
