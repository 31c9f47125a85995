import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { inTransaction, lockPortfolios } from '../db/transaction.ts';
import { buy, expectStatus, openLimit, setPrice } from '../../test/calls.ts';
import type { TestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { amendReservation } from './amend-reservation.ts';
import { LedgerBug } from './ledger-assertions.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const BTC = 100_000_000n;

async function openSell(user: TestUser, sellAsk: number): Promise<string> {
  const res = await openLimit(t.app, user, {
    type: 'SELL',
    symbol: 'BTC',
    limitAsk: 60_000,
    sellAsk,
  });
  expectStatus(res, 201);
  return res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
}

const modify = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/limit-position',
    headers: ann.headers,
    payload: { walletAddress: ann.walletAddress, ...body },
  });

const freeShareRows = async () =>
  t.ctx.db
    .selectFrom('lot_totals')
    .select('free_shares')
    .where('portfolio_id', '=', ann.id)
    .where('symbol', '=', 'BTC')
    .execute()
    .then((rows) => rows.map((r) => BigInt(r.free_shares)));

describe("the ledger amends a working order's reservation", () => {
  it('a sell amended down gives the difference back, and amended to every share takes the rest, its lot totals keeping no free share', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    const id = await openSell(ann, 0.6);
    expectStatus(await modify({ positionId: id, sellAsk: 0.25 }), 200);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: (BTC * 3n) / 4n,
      reservedShares: BTC / 4n,
    });
    expectStatus(await modify({ positionId: id, sellAsk: 1 }), 200);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 0n,
      reservedShares: BTC,
    });
    expect(await freeShareRows()).toEqual([0n]);
    await expectSound(t.ctx, [ann.id]);
  });

  it('a sell amended past the shares held with its own back is 400 INSUFFICIENT_SHARES, counting them, and changes nothing', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    const id = await openSell(ann, 0.6);
    const res = await modify({ positionId: id, sellAsk: 1.5 });
    expectStatus(res, 400, 'INSUFFICIENT_SHARES');
    expect(res.json()).toMatchObject({ field: 'sellAsk' });
    expect(res.json<{ error: string }>().error).toBe('You hold 1 BTC, the order sells 1.5 BTC');
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: (BTC * 2n) / 5n,
      reservedShares: (BTC * 3n) / 5n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('an amendment whose cash does not end where its figures say is a ledger bug, and its transaction rolls back', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const res = await openLimit(t.app, ann, {
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 3_000,
    });
    expectStatus(res, 201);
    const before = await balances(t.ctx, ann.id, 'BTC');
    const failed = inTransaction(t.ctx.db, async (trx) => {
      const [locked] = await lockPortfolios(trx, [ann.id]);
      if (!locked) throw new Error('no portfolio');
      // A deliberately wrong figure: the cash it claims to start from is a cent off.
      await amendReservation(trx, {
        portfolioId: ann.id,
        cashCents: locked.cashCents + 1n,
        type: 'PURCHASE',
        symbol: 'BTC',
        from: 300_000n,
        to: 200_000n,
        field: 'purchaseAsk',
      });
    });
    await expect(failed).rejects.toThrow(LedgerBug);
    await expect(failed).rejects.toThrow(ann.id);
    expect(await balances(t.ctx, ann.id, 'BTC')).toEqual(before);
  });
});
