import type { FillTrigger, LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { fillOrderWords } from './fill-order-words.ts';

const trigger = (orderType: FillTrigger['orderType']): FillTrigger => ({
  tickAt: 1,
  tickPrice: 79,
  orderType,
  reason: 'r',
});

function leg(overrides: Partial<LimitPosition>): LimitPosition {
  return {
    positionId: 'sl',
    symbol: 'ETC',
    type: 'SELL',
    limitAsk: 80,
    sellAsk: 10,
    timestamp: 1,
    status: 'FILLED',
    orderType: 'STOP',
    stopPrice: 80,
    leg: 'STOP_LOSS',
    parentId: 'buy',
    ...overrides,
  };
}

describe('fillOrderWords', () => {
  it('a plain working order is named by its kind', () => {
    expect(fillOrderWords({ trigger: trigger('STOP') }, [])).toBe('Stop order');
    expect(
      fillOrderWords({ positionId: 'o1', trigger: trigger('LIMIT') }, [
        leg({ positionId: 'o1', leg: undefined }),
      ]),
    ).toBe('Limit order');
    expect(fillOrderWords({ trigger: trigger('STOP_LIMIT') }, [])).toBe('Stop-limit order');
    expect(fillOrderWords({ trigger: trigger('TRAILING_STOP') }, [])).toBe('Trailing stop');
  });

  it('a bracket’s or OCO pair’s leg is named by its leg', () => {
    const orders = [
      leg({}),
      leg({
        positionId: 'tp',
        orderType: 'LIMIT',
        stopPrice: undefined,
        limitAsk: 120,
        leg: 'TAKE_PROFIT',
      }),
      leg({ positionId: 'trail', orderType: 'TRAILING_STOP', trailPercent: 5 }),
    ];
    expect(fillOrderWords({ positionId: 'sl', trigger: trigger('STOP') }, orders)).toBe(
      'Stop-loss order',
    );
    expect(fillOrderWords({ positionId: 'tp', trigger: trigger('LIMIT') }, orders)).toBe(
      'Take-profit order',
    );
    expect(fillOrderWords({ positionId: 'trail', trigger: trigger('TRAILING_STOP') }, orders)).toBe(
      'Trailing stop-loss',
    );
  });

  it('an order no longer in the user record keeps the words of its kind', () => {
    expect(fillOrderWords({ positionId: 'old', trigger: trigger('STOP') }, [leg({})])).toBe(
      'Stop order',
    );
  });
});
