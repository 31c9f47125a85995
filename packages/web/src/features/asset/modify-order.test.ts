import { USD_DECIMALS_MESSAGE, type LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { currentText, modifiableFields, modifyChanges, modifyFieldError } from './modify-order.ts';

const buy: LimitPosition = {
  positionId: 'o1',
  symbol: 'SOL',
  type: 'PURCHASE',
  limitAsk: 95,
  purchaseAsk: 500,
  timestamp: 1,
  status: 'WORKING',
};
const sellStopLimit: LimitPosition = {
  ...buy,
  type: 'SELL',
  orderType: 'STOP_LIMIT',
  stopPrice: 88,
  limitAsk: 87.5,
  purchaseAsk: undefined,
  sellAsk: 2,
};

describe('modifiableFields', () => {
  it('follows what the server lets each kind change', () => {
    expect(modifiableFields(buy)).toEqual(['limitAsk', 'purchaseAsk']);
    expect(modifiableFields({ ...buy, type: 'SELL', orderType: 'STOP', sellAsk: 1 })).toEqual([
      'stopPrice',
      'sellAsk',
    ]);
    expect(modifiableFields(sellStopLimit)).toEqual(['stopPrice', 'limitAsk', 'sellAsk']);
    expect(modifiableFields({ ...sellStopLimit, triggeredAt: 5 })).toEqual(['limitAsk', 'sellAsk']);
    expect(modifiableFields({ ...buy, orderType: 'TRAILING_STOP', trailPercent: 5 })).toEqual([
      'purchaseAsk',
    ]);
  });
});

describe('modifyFieldError', () => {
  it('takes positive numbers with the decimals the field allows', () => {
    expect(modifyFieldError('limitAsk', '95.5')).toBeNull();
    expect(modifyFieldError('limitAsk', '$1,000.12345678')).toBeNull();
    expect(modifyFieldError('limitAsk', '')).toBe('Enter a price');
    expect(modifyFieldError('sellAsk', ' ')).toBe('Enter a number of shares');
    expect(modifyFieldError('limitAsk', 'abc')).toBe('Enter a number, like 95.50');
    expect(modifyFieldError('limitAsk', '0')).toBe('Must be more than 0');
    expect(modifyFieldError('limitAsk', '1.123456789')).toBe('At most 8 decimals');
    expect(modifyFieldError('purchaseAsk', '10.005')).toBe(USD_DECIMALS_MESSAGE);
    expect(modifyFieldError('purchaseAsk', '10.')).toBeNull();
  });
});

describe('modifyChanges', () => {
  it('starts from the order as it is', () => {
    expect(currentText(buy, 'limitAsk')).toBe('95');
    expect(currentText(sellStopLimit, 'stopPrice')).toBe('88');
    expect(currentText(sellStopLimit, 'sellAsk')).toBe('2');
  });

  it('sends only what changed, as numbers', () => {
    expect(modifyChanges(buy, { limitAsk: '96.10', purchaseAsk: '500.00' })).toEqual({
      limitAsk: 96.1,
    });
    expect(
      modifyChanges(sellStopLimit, { stopPrice: '88', limitAsk: '87.5', sellAsk: '1.5' }),
    ).toEqual({ sellAsk: 1.5 });
  });

  it('is null when nothing changed or a field is wrong', () => {
    expect(modifyChanges(buy, { limitAsk: '95', purchaseAsk: '500' })).toBeNull();
    expect(modifyChanges(buy, { limitAsk: 'x', purchaseAsk: '600' })).toBeNull();
  });

  it('ignores fields the kind cannot change', () => {
    expect(modifyChanges(buy, { stopPrice: '90' })).toBeNull();
  });
});
