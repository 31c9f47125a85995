import { walkBook } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { buy, expectStatus, openLimit, setPrice, updateUser } from '../../../test/calls.ts';
import { fillsOf, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { fullBookOf, loadBookState } from '../../market/order-book-store.ts';

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
  it('a stop sell fills at the average of the bids it takes, and the book records what it took', async () => {
    const id = await stopSell();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    expect(fill).toBeDefined();
    // The book of the tick that filled it, before the take: its bids walked for 10 SOL.
    const state = await loadBookState(t.ctx.db, 'solusd', t.ctx.config.marketSeed);
    if (!state) throw new Error('no SOL book');
    const walk = walkBook(fullBookOf(state.input).bids, { shares: 10n * ONE_SOL }, { side: 'bid' });
    expect(BigInt(fill?.price ?? 0)).toBe((walk.cents * 10n ** 14n) / walk.shares);
    expect(BigInt(fill?.price ?? 0)).toBeLessThan(18_900_000_000n);
    expect(state.consumed.bid?.shares).toBe(10n * ONE_SOL);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a stop sell of an IDEAL owner fills at the tick price and takes nothing from the book', async () => {
    expectStatus(await updateUser(t.app, ann, 'settings', { fill_model: 'IDEAL' }), 200);
    const id = await stopSell();
    await setPrice(t.app, 'SOL', 189);
    const [fill] = await fillsOf(t.ctx, id);
    expect(BigInt(fill?.price ?? 0)).toBe(18_900_000_000n);
    const state = await loadBookState(t.ctx.db, 'solusd', t.ctx.config.marketSeed);
    expect(state?.consumed.bid).toBeUndefined();
  });
});
