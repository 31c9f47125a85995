import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { historyStatus } from './order-kind.ts';
import { isWorkingOrder, partlyFilledText, workingStatusText } from './order-status.ts';

const order: LimitPosition = {
  positionId: 'p1',
  symbol: 'XMR',
  type: 'PURCHASE',
  limitAsk: 190,
  purchaseAsk: 285,
  timestamp: 1,
  status: 'WORKING',
};
const partly: LimitPosition = {
  ...order,
  status: 'PARTIALLY_FILLED',
  filledShares: 0.5,
  remainingShares: 1.5,
};

describe('working order status', () => {
  it('a partly filled order still works for the rest', () => {
    expect(isWorkingOrder(order)).toBe(true);
    expect(isWorkingOrder(partly)).toBe(true);
    expect(isWorkingOrder({ status: 'FILLED' })).toBe(false);
    expect(isWorkingOrder({ status: 'CANCELLED' })).toBe(false);
  });

  it('a partly filled order says the shares filled and left, a working one only that it works', () => {
    expect(partlyFilledText(partly)).toBe('0.5000 filled · 1.5000 XMR left');
    expect(workingStatusText(partly)).toBe('Partly filled: 0.5000 filled · 1.5000 XMR left');
    expect(workingStatusText(order)).toBe('Working');
    expect(partlyFilledText(order)).toBeNull();
    expect(historyStatus(partly)).toBe('Partly filled: 0.5000 filled · 1.5000 XMR left');
  });
});
