import { STARTING_BALANCE_USD, type TradeAnswer } from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buy, expectStatus, post, sell, setPrice } from '../../test/calls.ts';
import { setRealism } from '../../test/fee-test-kit.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import type { LotRow } from './consume-lots.ts';
import { lotsAfterBuy, lotsAfterSale, lotsForSale } from './order-inputs.ts';

const lot = (id: string, shares: bigint): LotRow => ({
  id,
  portfolio_id: 'p',
  shares,
  price: 100n,
});

describe('the oldest lots kept for the next sale', () => {
  it('a sale empties the oldest lots and shrinks the next, as consumeLots sells them', () => {
    const after = lotsAfterSale(
      { lots: [lot('a', 5n), lot('b', 5n), lot('c', 5n), lot('d', 5n)], complete: false },
      7n,
    );
    expect(after).toEqual({ lots: [lot('b', 3n), lot('c', 5n), lot('d', 5n)], complete: false });
  });

  it('a sale past the lots listed leaves them unknown', () => {
    expect(lotsAfterSale({ lots: [lot('a', 5n)], complete: false }, 6n)).toBeUndefined();
  });

  it('a bought lot joins a complete list, not an incomplete one it sorts after', () => {
    expect(lotsAfterBuy({ lots: [lot('a', 5n)], complete: true }, lot('b', 1n))).toEqual({
      lots: [lot('a', 5n), lot('b', 1n)],
      complete: true,
    });
    const partial = { lots: [lot('a', 5n)], complete: false };
    expect(lotsAfterBuy(partial, lot('b', 1n))).toBe(partial);
  });

  it('listed lots serve a sale only when they are all the lots or hold enough shares', () => {
    const partial = { lots: [lot('a', 5n)], complete: false };
    expect(lotsForSale(partial, 5n)).toEqual([lot('a', 5n)]);
    expect(lotsForSale(partial, 6n)).toBeUndefined();
    expect(lotsForSale({ ...partial, complete: true }, 6n)).toEqual([lot('a', 5n)]);
  });
});

/**
 * An order whose inputs were kept from its portfolio's last order here (docs/decisions/
 * 038-orders-without-a-lock-read.md) fills exactly as one that read them under its lock, whatever
 * changed in between: each change makes its guard miss, and the order takes the lock.
 */
const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });
beforeEach(() => setPrice(t.app, 'BTC', 50_000));

const boughtAt = async () => {
  const res = await buy(t.app, ann, 'BTC', 1000, 'USD');
  expectStatus(res, 200);
  return res.json<TradeAnswer>();
};

describe('orders from kept inputs', () => {
  it('a buy after a price tick fills at the new price', async () => {
    await boughtAt();
    await setPrice(t.app, 'BTC', 40_000);
    const { transaction } = await boughtAt();
    expect(transaction.purchaseSellAsk).toBe(40_000);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a buy after a change of the fee settings pays the new fee', async () => {
    await boughtAt();
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 100 }), 200);
    const { transaction } = await boughtAt();
    expect(transaction.fee).toBe(10);
    expectStatus(await setRealism(t.app, ann, { trading_fee_bps: 0 }), 200);
  });

  it('a sale after a reset is refused for the shares the reset took, and a buy spends the new cash', async () => {
    await boughtAt();
    expectStatus(
      await post(t.app, ann, '/reset-user', { startingBalance: STARTING_BALANCE_USD }),
      200,
    );
    expectStatus(await sell(t.app, ann, 'BTC', 100, 'USD'), 400, 'INSUFFICIENT_SHARES');
    const { balance } = await boughtAt();
    expect(balance).toBe(STARTING_BALANCE_USD - 1000);
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(
      BigInt((STARTING_BALANCE_USD - 1000) * 100),
    );
    await expectSound(t.ctx, [ann.id]);
  });

  it('alternating buys and sales across many lots keep the ledger sound', async () => {
    for (let i = 0; i < 12; i += 1) {
      expectStatus(await buy(t.app, ann, 'BTC', 100, 'USD'), 200);
      expectStatus(await sell(t.app, ann, 'BTC', 30 + i, 'USD'), 200);
    }
    await expectSound(t.ctx, [ann.id]);
  });
});

describe('orders inside a caller’s transaction', () => {
  it('an order in a transaction that rolls back leaves nothing kept, so the next order takes the lock', async () => {
    const { marketBuy } = await import('../features/trading/market-orders.ts');
    const { inTransaction } = await import('../db/transaction.ts');
    await boughtAt();
    const portfolio = { id: ann.id, contestId: null };
    const body = {
      symbol: 'BTC',
      walletAddress: ann.walletAddress,
      assetAmount: 500,
      unit: 'USD' as const,
    };
    await expect(
      inTransaction(t.ctx.db, async (trx) => {
        await marketBuy({ ...t.ctx, db: trx }, portfolio, body);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Another change takes the version the rolled-back order had named.
    await marketBuy({ ...t.ctx, orderInputs: undefined }, portfolio, body);
    const { balance } = await boughtAt();
    expect(BigInt(Math.round((balance ?? 0) * 100))).toBe(
      (await balances(t.ctx, ann.id, 'BTC')).cash,
    );
    await expectSound(t.ctx, [ann.id]);
  });
});
