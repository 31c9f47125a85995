import { describe, expect, it } from 'vitest';
import { newId } from '../db/new-id.ts';
import { inTransaction, lockPortfolios } from '../db/transaction.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { LedgerBug } from './ledger-assertions.ts';
import { recordTransactions, type TransactionRecord } from './record-transactions.ts';

const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const AT = 1_800_000_000_000;

const record = (portfolioId: string, over: Partial<TransactionRecord> = {}): TransactionRecord => ({
  id: newId(AT),
  portfolioId,
  epoch: 0n,
  type: 'PURCHASE',
  method: 'MARKET',
  symbol: 'BTC',
  shares: 12_345_678n,
  totalCents: 617_283n,
  price: 5_000_000_000_000n,
  feeCents: 0n,
  positionId: null,
  note: null,
  at: AT,
  ...over,
});

const rowsOf = (portfolioIds: string[]) =>
  t.ctx.db
    .selectFrom('transactions')
    .selectAll()
    .where('portfolio_id', 'in', portfolioIds)
    .orderBy('id')
    .execute();

describe('the ledger records transactions', () => {
  it("a market order's row and a fill batch's rows are written as given, in one step each", async () => {
    const market = record(ann.id);
    const fills = [
      record(ann.id, {
        type: 'SELL',
        method: 'LIMIT',
        positionId: 'order-1',
        feeCents: 150n,
        trigger: {
          type: 'LIMIT',
          price: 5_100_000_000_000n,
          reason: 'the price reached the limit',
        },
      }),
      record(bob.id, { method: 'LIMIT', positionId: 'order-2', shares: 1n, totalCents: 1n }),
    ];
    await inTransaction(t.ctx.db, async (trx) => {
      await lockPortfolios(trx, [ann.id, bob.id]);
      await recordTransactions(trx, [market]);
      await recordTransactions(trx, fills);
    });
    const rows = await rowsOf([ann.id, bob.id]);
    expect(rows).toHaveLength(3);
    const [first, second, third] = [market, ...fills].map((r) => rows.find((x) => x.id === r.id));
    expect(first).toMatchObject({
      portfolio_id: ann.id,
      type: 'PURCHASE',
      method: 'MARKET',
      symbol: 'BTC',
      position_id: null,
      trigger_type: null,
      trigger_price: null,
      trigger_reason: null,
    });
    expect(BigInt(first?.shares ?? 0)).toBe(12_345_678n);
    expect(BigInt(first?.total_cents ?? 0)).toBe(617_283n);
    expect(BigInt(first?.price ?? 0)).toBe(5_000_000_000_000n);
    expect(BigInt(first?.created_at ?? 0)).toBe(BigInt(AT));
    expect(second).toMatchObject({
      type: 'SELL',
      method: 'LIMIT',
      position_id: 'order-1',
      trigger_type: 'LIMIT',
      trigger_reason: 'the price reached the limit',
    });
    expect(BigInt(second?.fee_cents ?? 0)).toBe(150n);
    expect(BigInt(second?.trigger_price ?? 0)).toBe(5_100_000_000_000n);
    expect(third).toMatchObject({ portfolio_id: bob.id, position_id: 'order-2' });
  });

  it('a row with a negative total is a ledger bug: nothing of the batch is written', async () => {
    const batch = [record(ann.id), record(bob.id, { totalCents: -1n })];
    const failed = inTransaction(t.ctx.db, async (trx) => {
      await lockPortfolios(trx, [ann.id, bob.id]);
      await recordTransactions(trx, batch);
    });
    await expect(failed).rejects.toThrow(LedgerBug);
    await expect(failed).rejects.toThrow(bob.id);
    expect(await rowsOf([ann.id, bob.id])).toEqual([]);
  });
});
