import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { inTransaction, lockPortfolios } from '../db/transaction.ts';
import { openLimit, expectStatus, setPrice } from '../../test/calls.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { LedgerBug } from './ledger-assertions.ts';
import { setStartingCash, startNewEpoch } from './ledger.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const portfolioRow = (id: string) =>
  t.ctx.db
    .selectFrom('portfolios')
    .select(['cash_cents', 'starting_balance_cents', 'epoch'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the ledger resets and sets starting cash', () => {
  it('a reset starts the next epoch with the cash asked, its working orders cancelled and their reservation dropped', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(
      await openLimit(t.app, ann, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 40_000,
        purchaseAsk: 3_000,
      }),
      201,
    );
    const epoch = await inTransaction(t.ctx.db, async (trx) => {
      const [locked] = await lockPortfolios(trx, [ann.id]);
      if (!locked) throw new Error('no portfolio');
      return startNewEpoch(trx, locked, 2_500_000n, Date.now(), Date.now());
    });
    expect(epoch).toBe(1n);
    expect(await portfolioRow(ann.id)).toMatchObject({
      cash_cents: 2_500_000n,
      starting_balance_cents: 2_500_000n,
    });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({ reservedCash: 0n });
    await expectSound(t.ctx, [ann.id]);
  });

  it('starting cash reaches every portfolio named, or none: a portfolio that is gone is a ledger bug', async () => {
    const failed = inTransaction(t.ctx.db, async (trx) => {
      await lockPortfolios(trx, [ann.id, bob.id]);
      await setStartingCash(trx, [ann.id, bob.id, 'gone'], 500_000n);
    });
    await expect(failed).rejects.toThrow(LedgerBug);
    await expect(failed).rejects.toThrow('gone');
    for (const id of [ann.id, bob.id])
      expect(await portfolioRow(id)).toMatchObject({ cash_cents: STARTING_BALANCE_CENTS });
    await inTransaction(t.ctx.db, async (trx) => {
      await lockPortfolios(trx, [ann.id, bob.id]);
      await setStartingCash(trx, [ann.id, bob.id], 500_000n);
    });
    for (const id of [ann.id, bob.id])
      expect(await portfolioRow(id)).toMatchObject({
        cash_cents: 500_000n,
        starting_balance_cents: 500_000n,
      });
    await expectSound(t.ctx, [ann.id, bob.id]);
  });
});
