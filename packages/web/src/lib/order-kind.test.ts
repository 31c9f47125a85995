import type { LimitPosition, Transaction } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import {
  fillKindLabel,
  historyMethod,
  historyStatus,
  historyTitle,
  orderKindLabel,
  orderPricesText,
} from './order-kind.ts';

const order = (over: Partial<LimitPosition>): LimitPosition => ({
  positionId: 'p1',
  symbol: 'BTC',
  type: 'SELL',
  limitAsk: 90_000,
  sellAsk: 0.5,
  timestamp: 1,
  status: 'WORKING',
  ...over,
});
const fill = (over: Partial<Transaction>): Transaction => ({
  id: 't1',
  type: 'SELL',
  symbol: 'BTC',
  method: 'LIMIT',
  assetsPurchasedSold: 0.5,
  transactionTotal: 45_000,
  purchaseSellAsk: 90_000,
  timestamp: 2,
  fee: 0,
  ...over,
});
const trigger = (orderType: NonNullable<LimitPosition['orderType']>) => ({
  tickAt: 2,
  tickPrice: 90_000,
  orderType,
  reason: 'price reached',
});

describe('order kind words', () => {
  it('names every kind of working order, never calling a stop a limit', () => {
    expect(historyTitle(order({ orderType: 'STOP', stopPrice: 90_000 }))).toBe('Stop sell BTC');
    expect(historyTitle(order({ orderType: 'TRAILING_STOP', trailPercent: 5 }))).toBe(
      'Trailing stop sell BTC',
    );
    expect(historyTitle(order({ orderType: 'STOP_LIMIT' }))).toBe('Stop-limit sell BTC');
    expect(historyTitle(order({ leg: 'TAKE_PROFIT' }))).toBe('Take-profit sell BTC');
    expect(historyTitle(order({ leg: 'STOP_LOSS', orderType: 'STOP' }))).toBe('Stop-loss sell BTC');
    expect(historyTitle(order({ type: 'PURCHASE' }))).toBe('Limit buy BTC');
  });

  it('shows the kind as the method and the status apart, for orders and fills', () => {
    const stop = order({ orderType: 'STOP', stopPrice: 90_000 });
    expect(historyMethod(stop)).toBe('Stop');
    expect(historyStatus(stop)).toBe('Working');
    expect(historyMethod(fill({ trigger: trigger('STOP') }))).toBe('Stop');
    expect(historyStatus(fill({}))).toBe('Filled');
    expect(historyMethod(fill({ method: 'MARKET' }))).toBe('Market');
    // A limit fill from before triggers were recorded.
    expect(historyMethod(fill({}))).toBe('Limit');
    expect(historyTitle(fill({}))).toBe('Sold BTC');
  });

  it("names a leg's fill by the leg, found through the order", () => {
    const leg = order({ positionId: 'p9', leg: 'STOP_LOSS', orderType: 'TRAILING_STOP' });
    expect(
      fillKindLabel(fill({ positionId: 'p9', trigger: trigger('TRAILING_STOP') }), [leg]),
    ).toBe('Trailing stop-loss');
    expect(orderKindLabel({ leg: 'TAKE_PROFIT' })).toBe('Take-profit');
  });

  it('names each price an order acts at', () => {
    expect(orderPricesText(order({}))).toBe('limit $90,000.00');
    expect(orderPricesText(order({ orderType: 'STOP', stopPrice: 88_000, limitAsk: 88_000 }))).toBe(
      'stop $88,000.00',
    );
    expect(
      orderPricesText(order({ orderType: 'STOP_LIMIT', stopPrice: 88_000, limitAsk: 87_500 })),
    ).toBe('stop $88,000.00 · limit $87,500.00');
    expect(
      orderPricesText(order({ orderType: 'TRAILING_STOP', trailPercent: 5, stopPrice: 93_386.24 })),
    ).toBe('trail 5% · stop $93,386.24');
  });
});
