import { sharesFromNumber, type OrderBook, type TradeAnswer } from '@papertrade/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buy, expectStatus } from '../../../test/calls.ts';
import { setRealism } from '../../../test/fee-test-kit.ts';
import { createTestUser, testDialect } from '../../../test/test-app.ts';
import { twoInstances } from '../../../test/two-instances.ts';

/**
 * Every instance sees the same book within one bus hop
 * (docs/decisions/039-book-fills-without-a-lock.md): a take on one instance reaches the other
 * through PostgreSQL's bus, with no row of the book read or locked by the order.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const askShares = (book: OrderBook) =>
  book.asks.reduce((sum, [, shares]) => sum + sharesFromNumber(shares)!, 0n);

describe.skipIf(testDialect !== 'postgres')('book fills on two instances', () => {
  it('what an order took on one instance shows in the other instance’s book one bus event later', async () => {
    const [a, b] = await twoInstances(cleanups, { fillModel: 'BOOK' });
    const user = await createTestUser(a.ctx);
    expectStatus(await setRealism(a.app, user, { fill_model: 'BOOK' }), 200);
    const read = async () =>
      (await b.app.inject({ url: '/assets/xmrusd/book?depth=50' })).json<OrderBook>();
    const before = askShares(await read());
    const res = await buy(a.app, user, 'XMR', 20_000, 'USD');
    expectStatus(res, 200);
    const taken = sharesFromNumber(res.json<TradeAnswer>().transaction.assetsPurchasedSold)!;
    // The event's arrival is awaited, not timed: the other instance's book until it shows the take.
    await expect
      .poll(async () => before - askShares(await read()), { interval: 20, timeout: 10_000 })
      .toBeGreaterThan(taken / 2n);
    expect(b.ctx.orderBooks!.consumed('xmrusd').ask?.shares).toBe(
      a.ctx.orderBooks!.consumed('xmrusd').ask?.shares,
    );
  });

  it('a replay contest’s take reaches the other instance under its contest, apart from the live book', async () => {
    const [a, b] = await twoInstances(cleanups, { fillModel: 'BOOK' });
    const mid = 150n * 100_000_000n;
    const now = Date.now();
    const candle = { startTs: now - (now % 60_000), volume: 10n ** 11n, high: mid, low: mid };
    const side = a.ctx.orderBooks!.replaySideOf('replay-cup', 'XMR', candle, mid, 'bid', now)!;
    a.ctx.orderBooks!.take(side, 'bid', 7_654_321n, now);
    await expect
      .poll(() => b.ctx.orderBooks!.consumed('xmrusd', 'replay-cup').bid, {
        interval: 20,
        timeout: 10_000,
      })
      .toEqual({ shares: 7_654_321n, at: now });
    expect(b.ctx.orderBooks!.consumed('xmrusd').bid).toBeUndefined();
  });
});
