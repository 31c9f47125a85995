import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { inTransaction, lockPortfolios } from '../db/transaction.ts';
import { buy, expectStatus, openLimit, setPrice } from '../../test/calls.ts';
import { createTestApp, createTestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { settleSells } from './batched-moves.ts';
import { LedgerBug } from './ledger-assertions.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const BTC = 100_000_000n;

describe("the fills' settle asserts its sums", () => {
  it('a fill batch whose cash does not end where its sums say is a ledger bug, and nothing of it is written', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    const res = await openLimit(t.app, ann, {
      type: 'SELL',
      symbol: 'BTC',
      limitAsk: 60_000,
      sellAsk: 0.5,
    });
    expectStatus(res, 201);
    const orderId = res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
    const before = await balances(t.ctx, ann.id, 'BTC');
    const failed = inTransaction(t.ctx.db, async (trx) => {
      const [locked] = await lockPortfolios(trx, [ann.id]);
      if (!locked) throw new Error('no portfolio');
      const fill = {
        orderId,
        portfolioId: ann.id,
        transactionId: 'settle-test',
        shares: BTC / 2n,
        totalCents: 3_000_000n,
        price: 60_000n * BTC,
        feeCents: 0n,
        changeCents: 0n,
      };
      // A deliberately wrong figure: the cash it claims to start from is a cent off.
      return settleSells(trx, 'BTC', [fill], {
        cashCents: new Map([[ann.id, locked.cashCents + 1n]]),
      });
    });
    await expect(failed).rejects.toThrow(LedgerBug);
    await expect(failed).rejects.toThrow(ann.id);
    expect(await balances(t.ctx, ann.id, 'BTC')).toEqual(before);
    await expectSound(t.ctx, [ann.id]);
  });
});

describe('a ledger bug in a tick', () => {
  it('a fill batch charging a negative fee rolls back, fills nothing and logs the bug at level error with the portfolio', async () => {
    const lines: string[] = [];
    const own = await createTestApp({ logTo: { write: (line) => lines.push(line) } });
    try {
      const owner = await createTestUser(own.ctx);
      const cy = await createTestUser(own.ctx);
      await own.ctx.db
        .updateTable('users')
        .set({ email_verified: 1 })
        .where('id', '=', owner.id)
        .execute();
      const call = (
        user: typeof cy,
        url: string,
        payload: Record<string, unknown>,
        wallet?: string,
      ) =>
        own.app.inject({
          method: 'POST',
          url,
          headers: { ...user.headers, wallet: wallet ?? user.walletAddress },
          payload,
        });
      await setPrice(own.app, 'BTC', 50_000);
      const now = Date.now();
      const created = await call(owner, '/contests', {
        name: 'Fee Cup',
        kind: 'CONTEST',
        visibility: 'PRIVATE',
        startingBalance: 100_000,
        startsAt: now - 1_000,
        endsAt: now + 86_400_000,
        orderTypes: ['MARKET', 'LIMIT'],
      });
      expectStatus(created, 201);
      const joined = await call(cy, '/contests/join', {
        code: created.json<{ joinCode: string }>().joinCode,
      });
      expectStatus(joined, 201);
      const wallet = joined.json<{ walletAddress: string }>().walletAddress;
      const portfolio = await own.ctx.db
        .selectFrom('portfolios')
        .select(['id', 'contest_id'])
        .where('wallet_address', '=', wallet)
        .executeTakeFirstOrThrow();
      const bought = await call(
        cy,
        '/purchase-asset',
        { walletAddress: wallet, symbol: 'BTC', assetAmount: 1, unit: 'SYMBOL' },
        wallet,
      );
      expectStatus(bought, 200);
      const opened = await call(
        cy,
        '/open-limit-position',
        { walletAddress: wallet, symbol: 'BTC', type: 'SELL', limitAsk: 60_000, sellAsk: 0.5 },
        wallet,
      );
      expectStatus(opened, 201);
      const orderId = opened.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
      // A row no code path writes: a fee that pays the seller. The plan computes it; the settle
      // must refuse to credit it.
      await own.ctx.db
        .updateTable('contests')
        .set({ fee_bps: -5_000, fee_min_cents: -1_000_000_000n })
        .where('id', '=', portfolio.contest_id ?? '')
        .execute();
      const cash = async () =>
        BigInt(
          (
            await own.ctx.db
              .selectFrom('portfolios')
              .select('cash_cents')
              .where('id', '=', portfolio.id)
              .executeTakeFirstOrThrow()
          ).cash_cents,
        );
      const before = await cash();

      await setPrice(own.app, 'BTC', 60_000);

      expect(await cash()).toBe(before);
      const fills = await own.ctx.db
        .selectFrom('transactions')
        .select('id')
        .where('position_id', '=', orderId)
        .execute();
      expect(fills).toEqual([]);
      const row = await own.ctx.db
        .selectFrom('limit_orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(row.status).not.toBe('FILLED');
      const logged = lines
        .map((line) => JSON.parse(line) as { level: number; err?: { message?: string } })
        .filter((l) => l.err?.message?.startsWith('ledger bug'));
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every((l) => l.level === 50)).toBe(true);
      expect(logged[0]?.err?.message).toContain(portfolio.id);
    } finally {
      await own.close();
    }
  });
});
