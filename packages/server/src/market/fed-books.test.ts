import type { Asset, OrderBook, TradeAnswer } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buy, expectStatus, openLimit, sell } from '../../test/calls.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../test/limit-order-test-kit.ts';
import { startFakeCoinbase, type FakeCoinbase } from '../../test/fake-coinbase.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts';

/**
 * With MARKET_FEED=coinbase, market orders and triggered stops walk the exchange's book as the
 * feed stored it, less what our users took (market/fed-books.ts), against the local fake
 * exchange. The clock's Date is held still during each test, so what refilled between a take and
 * a read is exactly nothing; timers run as usual for the feed's sockets.
 */
const STALE_MS = 15_000;

let fake: FakeCoinbase;
let t: TestApp;
let ann: TestUser;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  fake = await startFakeCoinbase(['BTC-USD', 'ETH-USD']);
  t = await createTestApp({
    marketFeed: 'coinbase',
    marketFeedWsUrl: fake.wsUrl,
    marketFeedRestUrl: fake.restUrl,
    marketStaleMs: STALE_MS,
    fillModel: 'BOOK',
  });
  ann = await createTestUser(t.ctx);
  await fake.subscribed();
});

afterEach(async () => {
  await t.close();
  await fake.close();
  vi.useRealTimers();
});

/** The exchange's book of BTC: mid 42,000.50. */
const BIDS: [string, string][] = [
  ['42000.00', '0.04'],
  ['41999.00', '0.1'],
  ['41990.00', '1'],
];
const ASKS: [string, string][] = [
  ['42001.00', '0.05'],
  ['42002.00', '0.1'],
  ['42005.00', '1'],
];

async function btcPrice(): Promise<number | undefined> {
  const res = await t.app.inject({ method: 'GET', url: '/all-assets' });
  return res.json<Asset[]>().find((a) => a.symbol === 'BTC')?.currentPrice;
}

/**
 * Sends a ticker (and the book, when given) and waits until the price is stored and this
 * instance's books have read what the flush stored.
 */
async function feed(price: string, book?: { bids: typeof BIDS; asks: typeof ASKS }) {
  fake.ticker('BTC-USD', price);
  if (book) fake.snapshot('BTC-USD', book.bids, book.asks);
  await vi.waitFor(
    async () => {
      await t.ctx.market.tick();
      if ((await btcPrice()) !== Number(price)) throw new Error('not yet');
      if (book) {
        await t.ctx.orderBooks!.refresh();
        const side = t.ctx.orderBooks!.sideOf('BTC', 0n, 'ask', Date.now());
        if (side?.levels[0]?.price !== 4_200_100_000_000n) throw new Error('no book yet');
      }
    },
    { timeout: 5_000, interval: 50 },
  );
}

/** A stop sell of 0.1 BTC at 41,500 over 0.12 BTC bought on the fed book: its id. */
async function stopSellOnTheBook(): Promise<string> {
  await feed('42000.50', { bids: BIDS, asks: ASKS });
  expectStatus(await buy(t.app, ann, 'BTC', 0.12, 'SYMBOL'), 200);
  const stop = await openLimit(t.app, ann, {
    type: 'SELL',
    symbol: 'BTC',
    orderType: 'STOP',
    stopPrice: 41_500,
    sellAsk: 0.1,
  });
  expectStatus(stop, 201);
  const id = stop.json<OpenAnswer>().limitPosition.positionId;
  return id;
}

/** Ticks until the order has a fill, and answers it. */
async function tickUntilFilled(id: string) {
  const [fill] = await vi.waitFor(
    async () => {
      await t.ctx.market.tick();
      const fills = await fillsOf(t.ctx, id);
      if (!fills.length) throw new Error('not filled yet');
      return fills;
    },
    { timeout: 5_000, interval: 50 },
  );
  return fill;
}

const transaction = (res: { json: () => unknown }) =>
  (res.json() as TradeAnswer).transaction as TradeAnswer['transaction'] & {
    midPrice?: number;
    levels?: number;
  };

async function bookOf(): Promise<OrderBook> {
  const res = await t.app.inject({ method: 'GET', url: '/assets/btcusd/book?depth=5' });
  expect(res.statusCode).toBe(200);
  return res.json<OrderBook>();
}

describe('orders on the exchange book (MARKET_FEED=coinbase)', () => {
  it("a market buy walks the exchange's asks: its average price, mid and levels are the fed book's", async () => {
    await feed('42000.50', { bids: BIDS, asks: ASKS });
    const res = await buy(t.app, ann, 'BTC', 0.12, 'SYMBOL');
    expectStatus(res, 200);
    // 0.05 at 42,001 and 0.07 at 42,002: 5,040.19 exactly; the average rounded up to 1e-8.
    expect(transaction(res)).toMatchObject({
      assetsPurchasedSold: 0.12,
      purchaseSellAsk: 42_001.58333334,
      transactionTotal: 5_040.19,
      midPrice: 42_000.5,
      levels: 2,
    });
    expect((await balances(t.ctx, ann.id, 'BTC')).shares).toBe(12_000_000n);
    await expectSound(t.ctx, [ann.id]);
  });

  it("a market sale walks the exchange's bids", async () => {
    await feed('42000.50', { bids: BIDS, asks: ASKS });
    expectStatus(await buy(t.app, ann, 'BTC', 0.12, 'SYMBOL'), 200);
    const res = await sell(t.app, ann, 'BTC', 0.1, 'SYMBOL');
    expectStatus(res, 200);
    // 0.04 at 42,000 and 0.06 at 41,999: 4,199.94.
    expect(transaction(res)).toMatchObject({
      assetsPurchasedSold: 0.1,
      purchaseSellAsk: 41_999.4,
      transactionTotal: 4_199.94,
      midPrice: 42_000.5,
      levels: 2,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('what an order took shows as consumed in GET /assets/:id/book, and the next order walks what is left', async () => {
    await feed('42000.50', { bids: BIDS, asks: ASKS });
    expect((await bookOf()).asks).toEqual([
      [42_001, 0.05],
      [42_002, 0.1],
      [42_005, 1],
    ]);
    expectStatus(await buy(t.app, ann, 'BTC', 0.12, 'SYMBOL'), 200);
    const book = await bookOf();
    expect(book.asks).toEqual([
      [42_002, 0.03],
      [42_005, 1],
    ]);
    expect(book.bids).toEqual([
      [42_000, 0.04],
      [41_999, 0.1],
      [41_990, 1],
    ]);
    const next = await buy(t.app, ann, 'BTC', 0.03, 'SYMBOL');
    expectStatus(next, 200);
    expect(transaction(next)).toMatchObject({ purchaseSellAsk: 42_002, levels: 1 });
  });

  it('without a book from the feed a market order and the book answer 409 MARKET_STALE, and nothing changes', async () => {
    await feed('42000.50');
    const res = await buy(t.app, ann, 'BTC', 0.01, 'SYMBOL');
    expectStatus(res, 409, 'MARKET_STALE');
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(10_000_000n);
    // Not the simulated book in its place: there is no book to show yet.
    const book = await t.app.inject({ method: 'GET', url: '/assets/btcusd/book?depth=5' });
    expectStatus(book, 409, 'MARKET_STALE');
    const unknown = await t.app.inject({ method: 'GET', url: '/assets/nosuchcoin/book' });
    expectStatus(unknown, 404, 'ASSET_NOT_FOUND');
  });

  it('a book older than MARKET_STALE_MS answers 409 MARKET_STALE though the price is fresh', async () => {
    await feed('42000.50', { bids: BIDS, asks: ASKS });
    // A fresh trade, but no change of the book since: the stored book keeps its time.
    vi.setSystemTime(Date.now() + STALE_MS + 1);
    await feed('42000.75');
    const res = await buy(t.app, ann, 'BTC', 0.01, 'SYMBOL');
    expectStatus(res, 409, 'MARKET_STALE');
    expect(res.json<{ error: string }>().error).toContain('order book of BTC is stale');
  });

  it("a stop waits while the exchange's book is stale, then walks the fresh one in the tick that brings it", async () => {
    const id = await stopSellOnTheBook();
    // The price crosses the stop, but the book has not changed for longer than MARKET_STALE_MS.
    vi.setSystemTime(Date.now() + STALE_MS + 1);
    await feed('41400');
    for (let i = 0; i < 3; i += 1) await t.ctx.market.tick();
    expect(await fillsOf(t.ctx, id)).toEqual([]);
    expect((await orderRow(t.ctx, id)).status).toBe('WORKING');

    // A fresh book and a new price in one flush, the book first: the leader reads the books its
    // flush stored before the tick's trigger runs, so that tick walks the fresh book. Only a
    // flush with prices runs the trigger, so a stop that missed it would wait here for good.
    fake.snapshot('BTC-USD', BIDS, ASKS);
    fake.ticker('BTC-USD', '41400.25');
    const fill = await tickUntilFilled(id);
    // 0.04 at 42,000 and 0.06 at 41,999: the fresh book's bids.
    expect(BigInt(fill?.price ?? 0)).toBe(4_199_940_000_000n);
    await expectSound(t.ctx, [ann.id]);
  });

  it("a triggered stop sell walks the exchange's bids", async () => {
    const id = await stopSellOnTheBook();
    await feed('41400');
    const fill = await tickUntilFilled(id);
    // 0.04 at 42,000 and 0.06 at 41,999, as the market sale above.
    expect(BigInt(fill?.price ?? 0)).toBe(4_199_940_000_000n);
    expect(t.ctx.orderBooks!.consumed('btcusd').bid?.shares).toBe(10_000_000n);
  });
});
