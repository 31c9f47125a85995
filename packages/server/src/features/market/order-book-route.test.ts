import {
  BOOK_REFILL_MS,
  fullBook,
  OrderBook,
  priceToNumber,
  sharesToNumber,
} from '@papertrade/domain';
import { describe, expect, it, vi } from 'vitest';
import { loadBookState } from '../../market/order-book-store.ts';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const { t } = useTestApp();

async function book(query: string): Promise<OrderBook> {
  const res = await t.app.inject({ url: `/assets/${query}` });
  expectStatus(res, 200);
  return OrderBook.parse(res.json());
}

const usdOf = (levels: OrderBook['asks']) => levels.reduce((sum, [p, s]) => sum + p * s, 0);

describe('GET /assets/:id/book', () => {
  it('answers 20 levels a side by default, best first, around the price', async () => {
    await setPrice(t.app, 'BTC', 95_000);
    const { bids, asks, at } = await book('btcusd/book');
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    expect(bids[0]![0]).toBeLessThan(95_000);
    expect(asks[0]![0]).toBeGreaterThan(95_000);
    for (let i = 1; i < 20; i++) {
      expect(asks[i]![0]).toBeGreaterThan(asks[i - 1]![0]);
      expect(bids[i]![0]).toBeLessThan(bids[i - 1]![0]);
    }
    expect(at).toBeGreaterThan(0);
  });

  it('answers the depth asked for, from 1 to 50', async () => {
    const one = await book('ethusd/book?depth=1');
    expect([one.bids.length, one.asks.length]).toEqual([1, 1]);
    const fifty = await book('ethusd/book?depth=50');
    expect([fifty.bids.length, fifty.asks.length]).toEqual([50, 50]);
    expect(fifty.asks[0]).toEqual(one.asks[0]);
  });

  it('a depth outside 1..50 or not a whole number is 400', async () => {
    for (const depth of ['0', '51', '2.5', 'ten', '-1']) {
      const res = await t.app.inject({ url: `/assets/btcusd/book?depth=${depth}` });
      expectStatus(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('an unknown asset is 404', async () => {
    expectStatus(await t.app.inject({ url: '/assets/nopeusd/book' }), 404, 'ASSET_NOT_FOUND');
  });

  it('is the book the model makes from the stored tick, the same at every read', async () => {
    const state = await loadBookState(t.ctx.db, 'solusd', t.ctx.config.marketSeed);
    const model = fullBook(state!.input);
    const first = await book('solusd/book?depth=50');
    expect(first.asks).toEqual(
      model.asks.map((l) => [priceToNumber(l.price), sharesToNumber(l.shares)]),
    );
    expect(first.bids).toEqual(
      model.bids.map((l) => [priceToNumber(l.price), sharesToNumber(l.shares)]),
    );
    const again = await book('solusd/book?depth=50');
    expect(again.bids).toEqual(first.bids);
    expect(again.asks).toEqual(first.asks);
  });

  it('a major is deeper than a thin coin', async () => {
    const btc = await book('btcusd/book');
    const fil = await book('filusd/book');
    expect(usdOf(fil.asks) * 10).toBeLessThan(usdOf(btc.asks));
  });

  it('moves with the price and thins after a sudden jump', async () => {
    await setPrice(t.app, 'ETH', 3400);
    const calm = await book('ethusd/book');
    await setPrice(t.app, 'ETH', 3600);
    const jumped = await book('ethusd/book');
    expect(jumped.bids[0]![0]).toBeGreaterThan(3400);
    expect(jumped.asks[0]![0]).toBeGreaterThan(3600);
    expect(usdOf(jumped.asks)).toBeLessThan(usdOf(calm.asks) / 2);
  });

  it('liquidity a taker consumed is missing from the best asks until it refills, and the bids keep theirs', async () => {
    // Only Date is faked: the book's refill is measured on the wall clock, frozen here.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = await book('xrpusd/book?depth=50');
      const state = (await loadBookState(t.ctx.db, 'xrpusd', t.ctx.config.marketSeed))!;
      const full = fullBook(state.input);
      const taken = full.asks[0]!.shares + full.asks[1]!.shares;
      const now = Date.now();
      // Taken as an order takes it: applied on this instance, then stored by the tick's save.
      t.ctx.orderBooks!.take({ input: state.input }, 'ask', taken, now);
      await t.ctx.orderBooks!.save();
      const after = await book('xrpusd/book?depth=50');
      expect(after.bids).toEqual(before.bids);
      expect(after.asks.slice(0, 48)).toEqual(before.asks.slice(2));
      const stored = await t.ctx.db
        .selectFrom('order_book_consumption')
        .select(['side', 'shares', 'at'])
        .execute();
      expect(stored.map((r) => [r.side, BigInt(r.shares), Number(r.at)])).toEqual([
        ['ask', taken, now],
      ]);

      vi.setSystemTime(now + BOOK_REFILL_MS);
      const refilled = await book('xrpusd/book?depth=50');
      expect(refilled.asks).toEqual(before.asks);
    } finally {
      vi.useRealTimers();
    }
  });
});
