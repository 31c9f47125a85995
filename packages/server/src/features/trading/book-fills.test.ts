import {
  BOOK_REFILL_MS,
  priceFromNumber,
  sharesFromNumber,
  walkMarketOrder,
  type BookLevel,
  type OrderBook,
  type TradeAnswer,
} from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, expectStatus, post, priceOf, sell } from '../../../test/calls.ts';
import { setRealism } from '../../../test/fee-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { loadOrderBook } from '../../market/order-book-store.ts';

/**
 * Market orders walk the simulated book (docs/decisions/039-book-fills-without-a-lock.md): the
 * average price of the levels taken, the mid, the slippage and the levels, maxSlippageBps, and the
 * book consumed and refilling. XMR is the catalog's thinnest coin; the prices are the seeded ones
 * (a market control jump would thin every book for two minutes, decision 029).
 */
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });
beforeEach(async () => {
  for (const user of [ann, bob]) {
    expectStatus(await setRealism(t.app, user, { fill_model: 'BOOK' }), 200);
  }
});

const units = (levels: [number, number][]): BookLevel[] =>
  levels.map(([price, shares]) => ({
    price: priceFromNumber(price)!,
    shares: sharesFromNumber(shares)!,
  }));
async function bookOf(assetId: string): Promise<{ asks: BookLevel[]; bids: BookLevel[] }> {
  const res = await t.app.inject({ url: `/assets/${assetId}/book?depth=50` });
  expectStatus(res, 200);
  const book = res.json<OrderBook>();
  return { asks: units(book.asks), bids: units(book.bids) };
}
const sideShares = (levels: BookLevel[]) => levels.reduce((sum, l) => sum + l.shares, 0n);
const answer = (res: Awaited<ReturnType<typeof buy>>) => res.json<TradeAnswer>().transaction;

describe('market orders that walk the book', () => {
  it('a large buy of a thin coin takes several levels and pays more a share than a small one', async () => {
    const small = await buy(t.app, ann, 'XMR', 10, 'USD');
    expectStatus(small, 200);
    const large = await buy(t.app, bob, 'XMR', 20_000, 'USD');
    expectStatus(large, 200);
    expect(answer(small).levels).toBe(1);
    expect(answer(large).levels).toBeGreaterThan(3);
    expect(answer(large).purchaseSellAsk).toBeGreaterThan(answer(small).purchaseSellAsk);
    expect(answer(large).slippageBps).toBeGreaterThan(answer(small).slippageBps!);
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('a book fill answers the average of the levels it took, rounded against the trader, with the mid, its slippage and its levels', async () => {
    const mid = priceFromNumber(await priceOf(t.app, 'XMR'))!;
    const { asks } = await bookOf('xmrusd');
    const expected = walkMarketOrder('PURCHASE', asks, { unit: 'USD', cents: 1_500_000n }, mid);
    const res = await buy(t.app, ann, 'XMR', 15_000, 'USD');
    expectStatus(res, 200);
    const tx = answer(res);
    expect(tx).toMatchObject({
      assetsPurchasedSold: Number(expected.shares) / 1e8,
      transactionTotal: Number(expected.totalCents) / 100,
      purchaseSellAsk: Number(expected.price) / 1e8,
      midPrice: Number(mid) / 1e8,
      levels: expected.levels,
    });
    expect(tx.requestedShares).toBeUndefined();
    // The average is above the best ask and within the last level taken.
    expect(expected.price).toBeGreaterThan(asks[0]!.price);
    expect(expected.price).toBeLessThanOrEqual(asks[expected.levels - 1]!.price);
    const slippage = (Number(expected.price - mid) * 10_000) / Number(mid);
    expect(tx.slippageBps).toBeCloseTo(slippage, 1);
    // The whole amount's cost, to the cent, and never more than the amount.
    const { cash } = await balances(t.ctx, ann.id, 'XMR');
    expect(cash).toBe(10_000_000n - expected.totalCents);
    expect(expected.totalCents).toBeLessThanOrEqual(1_500_000n);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a sale walks the bids and gets less a share than the mid', async () => {
    expectStatus(await buy(t.app, ann, 'ETC', 5_000, 'USD'), 200);
    const held = (await balances(t.ctx, ann.id, 'ETC')).shares;
    const res = await sell(t.app, ann, 'ETC', Number(held) / 1e8, 'SYMBOL');
    expectStatus(res, 200);
    const tx = answer(res);
    expect(tx.type).toBe('SELL');
    expect(tx.purchaseSellAsk).toBeLessThan(tx.midPrice!);
    expect(tx.slippageBps).toBeGreaterThan(0);
    expect(tx.assetsPurchasedSold).toBe(Number(held) / 1e8);
    await expectSound(t.ctx, [ann.id]);
  });

  it('maxSlippageBps fills only the shares whose average stays within it and says how many were asked', async () => {
    const res = await post(t.app, ann, '/purchase-asset', {
      symbol: 'XMR',
      assetAmount: 200,
      unit: 'SYMBOL',
      walletAddress: ann.walletAddress,
      maxSlippageBps: 30,
    });
    expectStatus(res, 200);
    const tx = answer(res);
    expect(tx.requestedShares).toBe(200);
    expect(tx.assetsPurchasedSold).toBeGreaterThan(0);
    expect(tx.assetsPurchasedSold).toBeLessThan(200);
    expect(tx.slippageBps).toBeLessThanOrEqual(30);
    expect((await balances(t.ctx, ann.id, 'XMR')).shares).toBe(
      sharesFromNumber(tx.assetsPurchasedSold),
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('an order nothing of which fills within maxSlippageBps answers 409 NO_LIQUIDITY and changes nothing', async () => {
    const before = await balances(t.ctx, ann.id, 'XMR');
    // The best ask is already half a spread above the mid.
    const res = await post(t.app, ann, '/purchase-asset', {
      symbol: 'XMR',
      assetAmount: 100,
      unit: 'USD',
      walletAddress: ann.walletAddress,
      maxSlippageBps: 0,
    });
    expectStatus(res, 409, 'NO_LIQUIDITY');
    expect(await balances(t.ctx, ann.id, 'XMR')).toEqual(before);
  });

  it('a buy larger than what is left of the book fills what it holds and says how many shares were asked', async () => {
    expectStatus(await buy(t.app, ann, 'XMR', 90_000, 'USD'), 200);
    const left = sideShares((await bookOf('xmrusd')).asks);
    const res = await buy(t.app, bob, 'XMR', 90_000, 'USD');
    expectStatus(res, 200);
    const tx = answer(res);
    expect(tx.transactionTotal).toBeLessThan(90_000);
    expect(tx.requestedShares).toBeGreaterThan(tx.assetsPurchasedSold);
    // All that was left, less nothing but what refilled meanwhile.
    expect(sharesFromNumber(tx.assetsPurchasedSold)!).toBeGreaterThanOrEqual(left);
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('with fill_model IDEAL a market order fills whole at the tick price, as before the book', async () => {
    expectStatus(await setRealism(t.app, ann, { fill_model: 'IDEAL' }), 200);
    const price = await priceOf(t.app, 'XMR');
    const res = await buy(t.app, ann, 'XMR', 20_000, 'USD');
    expectStatus(res, 200);
    const tx = answer(res);
    expect(tx.purchaseSellAsk).toBe(price);
    expect(tx.transactionTotal).toBe(20_000);
    expect(tx.midPrice).toBeUndefined();
    expect(tx.levels).toBeUndefined();
    await expectSound(t.ctx, [ann.id]);
  });

  it('a change of fill_model between two orders is seen by the second, kept inputs or not', async () => {
    const price = await priceOf(t.app, 'XMR');
    expect(answer(await buy(t.app, ann, 'XMR', 5_000, 'USD')).midPrice).toBe(price);
    expectStatus(await setRealism(t.app, ann, { fill_model: 'IDEAL' }), 200);
    const second = answer(await buy(t.app, ann, 'XMR', 5_000, 'USD'));
    expect(second.midPrice).toBeUndefined();
    expect(second.purchaseSellAsk).toBe(price);
  });

  it('what an order took shows in GET /assets/:id/book at once, and comes back as the book refills', async () => {
    const before = await bookOf('xmrusd');
    const start = Date.now();
    const res = await buy(t.app, ann, 'XMR', 10_000, 'USD');
    expectStatus(res, 200);
    const taken = sharesFromNumber(answer(res).assetsPurchasedSold)!;
    const after = await bookOf('xmrusd');
    // A whole side refills in BOOK_REFILL_MS: the full side, as the book is then.
    const refilled = await loadOrderBook(
      t.ctx.db,
      'xmrusd',
      t.ctx.config.marketSeed,
      Date.now() + BOOK_REFILL_MS,
      t.ctx.orderBooks!.consumed('xmrusd'),
    );
    const full = sideShares(refilled.asks);
    expect(full).toBeGreaterThanOrEqual(sideShares(before.asks));
    // Missing: the take, less at most what refilled between the first read and the second.
    const missing = sideShares(before.asks) - sideShares(after.asks);
    const refill = (full * BigInt(Date.now() - start + 1)) / BigInt(BOOK_REFILL_MS);
    expect(missing).toBeLessThanOrEqual(taken);
    expect(missing).toBeGreaterThanOrEqual(taken - refill);
    expect(after.asks[0]!.price).toBeGreaterThan(before.asks[0]!.price);
    expect(sideShares(after.bids)).toBe(sideShares(before.bids));
  });

  it('parallel orders of two portfolios on one book each take their own levels, and their takes add up', async () => {
    // No other test takes LTC: its side is whole before the orders.
    const before = sideShares((await bookOf('ltcusd')).asks);
    const start = Date.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => buy(t.app, i % 2 ? bob : ann, 'LTC', 4_000, 'USD')),
    );
    let bought = 0n;
    for (const res of results) {
      expectStatus(res, 200);
      bought += sharesFromNumber(answer(res).assetsPurchasedSold)!;
    }
    const missing = before - sideShares((await bookOf('ltcusd')).asks);
    // Less at most what refilled since the first order: a whole side per BOOK_REFILL_MS.
    const refilled = (before * BigInt(Date.now() - start + 1)) / BigInt(BOOK_REFILL_MS);
    expect(missing).toBeLessThanOrEqual(bought);
    expect(missing).toBeGreaterThanOrEqual(bought - refilled);
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('the tick stores what orders took, in one row per asset side', async () => {
    expectStatus(await buy(t.app, ann, 'XMR', 3_000, 'USD'), 200);
    await t.ctx.market.tick();
    const row = await t.ctx.db
      .selectFrom('order_book_consumption')
      .select(['shares'])
      .where('asset_id', '=', 'xmrusd')
      .where('side', '=', 'ask')
      .executeTakeFirst();
    expect(BigInt(row?.shares ?? 0)).toBeGreaterThan(0n);
  });
});
