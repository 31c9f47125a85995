import { STARTING_BALANCE_CENTS, type LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { inTransaction, lockPortfolios } from '../db/transaction.ts';
import { buy, expectStatus, openLimit, setPrice } from '../../test/calls.ts';
import { createTestApp, createTestUser, type TestUser } from '../../test/test-app.ts';
import { captureStatements } from '../../test/statement-capture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { balances, expectSound } from '../../test/trading-test-kit.ts';
import { LedgerBug } from './ledger-assertions.ts';
import { releaseOrder, releaseOrders } from './release-orders.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const BTC = 100_000_000n;

async function open(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await openLimit(t.app, user, { symbol: 'BTC', ...body });
  expectStatus(res, 201);
  return res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
}
const openPurchase = (user: TestUser, purchaseAsk: number) =>
  open(user, { type: 'PURCHASE', limitAsk: 40_000, purchaseAsk });
const openSell = (user: TestUser, sellAsk: number) =>
  open(user, { type: 'SELL', limitAsk: 60_000, sellAsk });
const openOco = (user: TestUser, sellAsk: number) =>
  open(user, {
    type: 'SELL',
    orderType: 'OCO',
    sellAsk,
    takeProfit: { limitAsk: 60_000 },
    stopLoss: { stopPrice: 40_000 },
  });

const statusOf = async (id: string) =>
  (
    await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'oco_group_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** The release as its callers run it: under the portfolios' locks, with the cash read there. */
const release = (portfolioIds: string[], orderIds?: string[]) =>
  inTransaction(t.ctx.db, async (trx) =>
    releaseOrders(trx, {
      portfolios: await lockPortfolios(trx, portfolioIds),
      ...(orderIds ? { orderIds } : {}),
      at: Date.now(),
    }),
  );

describe('the ledger releases orders', () => {
  it('one cancel gives its reservation back once', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const id = await openPurchase(ann, 3_000);
    const first = await inTransaction(t.ctx.db, async (trx) => {
      const [locked] = await lockPortfolios(trx, [ann.id]);
      if (!locked) throw new Error('no portfolio');
      return releaseOrder(trx, locked, id, Date.now());
    });
    expect(first).toMatchObject({ id, released: 300_000n, type: 'PURCHASE' });
    expect(await statusOf(id)).toBe('CANCELLED');
    const again = await release([ann.id], [id]);
    expect(again).toEqual([]);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      cash: STARTING_BALANCE_CENTS,
      reservedCash: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('one cancel runs three statements: the lock, the release, the cash back', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const id = await openPurchase(ann, 3_000);
    const statements = await captureStatements(() =>
      inTransaction(t.ctx.db, async (trx) => {
        const [locked] = await lockPortfolios(trx, [ann.id]);
        if (!locked) throw new Error('no portfolio');
        return releaseOrder(trx, locked, id, Date.now());
      }),
    );
    const writes = statements
      .map((s) => s.sql.trim().split(/\s+/)[0]?.toUpperCase())
      .filter((verb) => verb !== 'BEGIN' && verb !== 'COMMIT');
    expect(writes).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
  });

  it('a batch of portfolios: every working order of each ends, its cash and shares back to its owner', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    const annCash = (await balances(t.ctx, ann.id, 'BTC')).cash;
    const ids = [
      await openPurchase(ann, 1_000),
      await openPurchase(ann, 2_000),
      await openSell(ann, 0.25),
      await openPurchase(bob, 500),
    ];
    const ended = await release([bob.id, ann.id]);
    expect(ended.map((o) => o.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await statusOf(id)).toBe('CANCELLED');
    expect(await balances(t.ctx, ann.id, 'BTC')).toEqual({
      cash: annCash,
      shares: BTC,
      reservedCash: 0n,
      reservedShares: 0n,
    });
    expect((await balances(t.ctx, bob.id, 'BTC')).cash).toBe(STARTING_BALANCE_CENTS);
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('an OCO pair gives its shares back once: one leg alone leaves them with the other leg, the last leg frees them', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    const takeProfit = await openOco(ann, 1);
    const stopLoss = (
      await t.ctx.db
        .selectFrom('limit_orders')
        .select('id')
        .where('oco_group_id', '=', takeProfit)
        .where('id', '!=', takeProfit)
        .executeTakeFirstOrThrow()
    ).id;
    const [alone] = await release([ann.id], [takeProfit]);
    expect(alone).toMatchObject({ id: takeProfit, released: 0n });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: 0n,
      reservedShares: BTC,
    });
    await expectSound(t.ctx, [ann.id]);
    const [last] = await release([ann.id], [stopLoss]);
    expect(last).toMatchObject({ id: stopLoss, released: BTC });
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: BTC,
      reservedShares: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('both legs of an OCO pair ending in one batch give the shares back once', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    expectStatus(await buy(t.app, ann, 'BTC', 1, 'SYMBOL'), 200);
    await openOco(ann, 1);
    const ended = await release([ann.id]);
    expect(ended).toHaveLength(2);
    expect(ended.map((o) => o.released).sort()).toEqual([0n, BTC]);
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({
      shares: BTC,
      reservedShares: 0n,
    });
    await expectSound(t.ctx, [ann.id]);
  });

  it('an order of an ended epoch only stops working: it gives nothing back', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const id = await openPurchase(ann, 3_000);
    // An epoch ended without cancelling its orders: what a reset never leaves, the step still guards.
    await t.ctx.db
      .updateTable('portfolios')
      .set((eb) => ({ epoch: eb('epoch', '+', 1n) }))
      .where('id', '=', ann.id)
      .execute();
    const cash = (await balances(t.ctx, ann.id, 'BTC')).cash;
    const [ended] = await release([ann.id]);
    expect(ended).toMatchObject({ id, released: 0n });
    expect(await statusOf(id)).toBe('CANCELLED');
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(cash);
  });

  it('orders a fill batch claimed and then refuses end cancelled, their fill cleared and their reservation back', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const ids = [await openPurchase(ann, 3_000), await openPurchase(bob, 2_000)];
    const ended = await inTransaction(t.ctx.db, async (trx) => {
      const locked = await lockPortfolios(trx, [ann.id, bob.id]);
      // The claim as the fill batch writes it, in the same transaction.
      await trx
        .updateTable('limit_orders')
        .set({ status: 'FILLED', fill_price: 4_000_000_000_000n, transaction_id: 'tx' })
        .where('id', 'in', ids)
        .execute();
      return releaseOrders(trx, {
        portfolios: locked.map(({ id, epoch }) => ({ id, epoch })),
        orderIds: ids,
        at: Date.now(),
        from: 'FILLED',
      });
    });
    expect(ended.map((o) => o.released).sort()).toEqual([200_000n, 300_000n]);
    const rows = await t.ctx.db
      .selectFrom('limit_orders')
      .select(['status', 'fill_price', 'transaction_id'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toEqual([
      { status: 'CANCELLED', fill_price: null, transaction_id: null },
      { status: 'CANCELLED', fill_price: null, transaction_id: null },
    ]);
    expect((await balances(t.ctx, ann.id, 'BTC')).cash).toBe(STARTING_BALANCE_CENTS);
    expect((await balances(t.ctx, bob.id, 'BTC')).cash).toBe(STARTING_BALANCE_CENTS);
    await expectSound(t.ctx, [ann.id, bob.id]);
  });

  it('a release whose cash does not end where its sums say is a ledger bug, and its transaction rolls back', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const id = await openPurchase(ann, 3_000);
    const failed = inTransaction(t.ctx.db, async (trx) => {
      const [locked] = await lockPortfolios(trx, [ann.id]);
      if (!locked) throw new Error('no portfolio');
      // A deliberately wrong figure: the cash it claims to start from is a cent off.
      return releaseOrder(trx, { ...locked, cashCents: locked.cashCents + 1n }, id, Date.now());
    });
    await expect(failed).rejects.toThrow(LedgerBug);
    await expect(failed).rejects.toThrow(ann.id);
    expect(await statusOf(id)).toBe('WORKING');
    expect(await balances(t.ctx, ann.id, 'BTC')).toMatchObject({ reservedCash: 300_000n });
    await expectSound(t.ctx, [ann.id]);
  });
});

describe('a ledger bug in a request', () => {
  it('a cancel of an order holding a negative reservation answers 500, changes nothing and logs the bug at level error with the portfolio', async () => {
    const lines: string[] = [];
    const own = await createTestApp({ logTo: { write: (line) => lines.push(line) } });
    try {
      const cy = await createTestUser(own.ctx);
      await setPrice(own.app, 'BTC', 50_000);
      const res = await openLimit(own.app, cy, {
        type: 'PURCHASE',
        symbol: 'BTC',
        limitAsk: 40_000,
        purchaseAsk: 1_000,
      });
      const id = res.json<{ limitPosition: LimitPosition }>().limitPosition.positionId;
      // A row no code path writes: the release must refuse to give a negative amount back.
      await own.ctx.db
        .updateTable('limit_orders')
        .set({ purchase_cents: -100_000n })
        .where('id', '=', id)
        .execute();
      const cash = async () =>
        (
          await own.ctx.db
            .selectFrom('portfolios')
            .select('cash_cents')
            .where('id', '=', cy.id)
            .executeTakeFirstOrThrow()
        ).cash_cents;
      const before = BigInt(await cash());
      const cancel = await own.app.inject({
        method: 'POST',
        url: '/cancel-limit-position',
        headers: cy.headers,
        payload: { walletAddress: cy.walletAddress, positionId: id },
      });
      expect(cancel.statusCode).toBe(500);
      expect(BigInt(await cash())).toBe(before);
      const row = await own.ctx.db
        .selectFrom('limit_orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('WORKING');
      const logged = lines
        .map((line) => JSON.parse(line) as { level: number; err?: { message?: string } })
        .filter((l) => l.err?.message?.startsWith('ledger bug'));
      expect(logged).toHaveLength(1);
      expect(logged[0]?.level).toBe(50);
      expect(logged[0]?.err?.message).toContain(cy.id);
    } finally {
      await own.close();
    }
  });
});
