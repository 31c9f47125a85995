import {
  slippageBps,
  walkBook,
  withoutShares,
  type BookWalk,
  type Transaction,
} from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, setPrice, updateUser } from '../../../test/calls.ts';
import { fillsOf, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import type { ClaimedOrder } from './fill-plan.ts';
import { walkStops } from './stop-walk.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const ONE_SOL = 100_000_000n;

async function stopSell(): Promise<string> {
  await setPrice(t.app, 'SOL', 200);
  expectStatus(await buy(t.app, ann, 'SOL', 10), 200);
  const res = await openLimit(t.app, ann, {
    type: 'SELL',
    symbol: 'SOL',
    orderType: 'STOP',
    stopPrice: 190,
    sellAsk: 10,
  });
  expectStatus(res, 201);
  return res.json<OpenAnswer>().limitPosition.positionId;
}

describe('a triggered stop walks the order book', () => {
  it('a stop sell fills below the tick at the average of the bids it takes, and the book keeps what it took', async () => {
    // The test app fills IDEAL unless the owner chooses the book (test/test-app.ts).
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'BOOK' }), 200);
    const id = await stopSell();
    const books = t.ctx.orderBooks;
    if (!books) throw new Error('the app has no order books');
    expect(books.consumed('solusd').bid).toBeUndefined();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    expect(fill).toBeDefined();
    const price = BigInt(fill?.price ?? 0);
    // Bids sit below the mid: the average of 10 SOL of them is under the tick's price (the jump
    // from 200 thinned the book, decision 029, so it is well under, but not a level past 20 %).
    expect(price).toBeLessThan(18_900_000_000n);
    expect(price).toBeGreaterThan(15_120_000_000n);
    expect(books.consumed('solusd').bid?.shares).toBe(10n * ONE_SOL);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a stop sell of an IDEAL owner fills at the tick price and takes nothing from the book', async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
    const id = await stopSell();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    expect(BigInt(fill?.price ?? 0)).toBe(18_900_000_000n);
    expect(t.ctx.orderBooks?.consumed('solusd').bid).toBeUndefined();
  });
});

/** One transaction as GET /transactions/:id and GET /transactions answer it. */
async function transactionOf(id: string): Promise<{ one: Transaction; listed?: Transaction }> {
  const one = await t.app.inject({ url: `/transactions/${id}`, headers: ann.headers });
  expectStatus(one, 200);
  const list = await t.app.inject({ url: '/transactions', headers: ann.headers });
  expectStatus(list, 200);
  const listed = list.json<Transaction[]>().find((tx) => tx.id === id);
  return { one: one.json<Transaction>(), listed };
}

describe("a walked stop's transaction says how it walked the book, as a market order's does", () => {
  it('a stop sell that walks several levels records the mid, its levels and its slippage, in the transaction and the list', async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'BOOK' }), 200);
    const id = await stopSell();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    if (!fill) throw new Error('the stop did not fill');
    const { one, listed } = await transactionOf(fill.id);
    expect(one.trigger?.orderType).toBe('STOP');
    // The mid is the tick's price the stop walked from; the price is the average it got below it.
    expect(one.midPrice).toBe(189);
    expect(one.purchaseSellAsk).toBeLessThan(189);
    expect(one.levels).toBeGreaterThan(1);
    expect(one.slippageBps).toBe(slippageBps('SELL', BigInt(fill.price), 18_900_000_000n));
    expect(one.slippageBps).toBeGreaterThan(0);
    // A stop fills whole (decision 040): no requested shares beside what it got.
    expect(one.assetsPurchasedSold).toBe(10);
    expect(one.requestedShares).toBeUndefined();
    expect(listed).toEqual(one);
    await expectSound(t.ctx, [ann.id]);
  });

  it("a bracket's stop-loss leg that triggers records its mid and levels too", async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'BOOK' }), 200);
    await setPrice(t.app, 'SOL', 200);
    const res = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'SOL',
      limitAsk: 200,
      purchaseAsk: 20_000,
      attached: { stopLoss: { stopPrice: 190 } },
    });
    expectStatus(res, 201);
    const parent = res.json<OpenAnswer>().limitPosition.positionId;
    await setPrice(t.app, 'SOL', 199);
    expect(await fillsOf(t.ctx, parent)).toHaveLength(1);
    const leg = await t.ctx.db
      .selectFrom('limit_orders')
      .select('id')
      .where('parent_id', '=', parent)
      .executeTakeFirstOrThrow();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, leg.id);
    if (!fill) throw new Error('the stop-loss leg did not fill');
    const { one } = await transactionOf(fill.id);
    expect(one.midPrice).toBe(189);
    expect(one.levels).toBeGreaterThan(0);
    expect(one.slippageBps).toBe(slippageBps('SELL', BigInt(fill.price), 18_900_000_000n));
    await expectSound(t.ctx, [ann.id]);
  });

  it("an IDEAL owner's stop records no mid, levels or slippage: it took nothing from the book", async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
    const id = await stopSell();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    if (!fill) throw new Error('the stop did not fill');
    const { one } = await transactionOf(fill.id);
    expect(one.midPrice).toBeUndefined();
    expect(one.levels).toBeUndefined();
    expect(one.slippageBps).toBeUndefined();
  });

  it('stops of one batch record the mid and the levels of their own walks, each from what the ones before it left', async () => {
    const books = t.ctx.orderBooks;
    if (!books) throw new Error('the app has no order books');
    // The jump from the seeded price thins the book (decision 029): a few SOL take several levels.
    await setPrice(t.app, 'SOL', 200);
    // Nothing writes the asset's inputs between the two reads below, so both see one book.
    await books.refresh();
    const mid = 18_900_000_000n;
    const at = Date.now();
    const side = books.sideOf('SOL', mid, 'bid', at);
    if (!side) throw new Error('no SOL book');
    const order = (id: string, shares: bigint) =>
      ({ id, portfolio_id: 'p', sell_shares: shares, purchase_cents: null }) as ClaimedOrder;
    const claimed = [order('a', 4n * ONE_SOL), order('b', 4n * ONE_SOL)];
    const walk = walkStops(
      books,
      { symbol: 'SOL', side: 'SELL', price: mid, at },
      claimed,
      new Map(),
      new Set(),
    );
    const first = walkBook(side.levels, { shares: 4n * ONE_SOL }, { side: 'bid' });
    const second = walkBook(
      withoutShares(side.levels, first.shares),
      { shares: 4n * ONE_SOL },
      { side: 'bid' },
    );
    const average = (w: BookWalk) => (w.cents * 10n ** 14n) / w.shares;
    expect(first.levels).toBeGreaterThan(1);
    expect(walk?.records.get('a')).toEqual({ midPrice: mid, levels: BigInt(first.levels) });
    expect(walk?.records.get('b')).toEqual({ midPrice: mid, levels: BigInt(second.levels) });
    expect(walk?.prices.get('a')).toBe(average(first));
    expect(walk?.prices.get('b')).toBe(average(second));
    // The second took worse bids than the first.
    expect(average(second)).toBeLessThan(average(first));
  });
});
