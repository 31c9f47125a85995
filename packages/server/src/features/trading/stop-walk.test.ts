import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, setPrice, updateUser } from '../../../test/calls.ts';
import { fillsOf, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

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
