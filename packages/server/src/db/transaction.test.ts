import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { inTransaction, inUserTransaction, TRANSACTION_ATTEMPTS } from './transaction.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('the transaction helper', () => {
  it('runs the work again after a deadlock abort and keeps only the attempt that committed', async () => {
    let attempts = 0;
    await inTransaction(t.ctx.db, async (trx) => {
      attempts += 1;
      await trx
        .updateTable('portfolios')
        .set((eb) => ({ cash_cents: eb('cash_cents', '+', 1n) }))
        .where('id', '=', ann.id)
        .execute();
      if (attempts < 3) throw deadlock();
    });
    const row = await t.ctx.db
      .selectFrom('portfolios')
      .select('cash_cents')
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(attempts).toBe(3);
    expect(BigInt(row.cash_cents)).toBe(10_000_001n);
  });

  it('answers 409 WRITE_CONFLICT when the conflict outlives every attempt, never a 500', async () => {
    let attempts = 0;
    const failing = inTransaction(t.ctx.db, async () => {
      attempts += 1;
      throw deadlock();
    });
    await expect(failing).rejects.toMatchObject({ statusCode: 409, code: 'WRITE_CONFLICT' });
    await expect(failing).rejects.toBeInstanceOf(AppError);
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not retry an error that is not a lock conflict', async () => {
    let attempts = 0;
    const failing = inTransaction(t.ctx.db, async () => {
      attempts += 1;
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(attempts).toBe(1);
  });

  it('joins the transaction it is called in, so an inner failure rolls back the outer work', async () => {
    const failing = inTransaction(t.ctx.db, async (outer) => {
      await outer
        .updateTable('users')
        .set({ display_name: 'Changed' })
        .where('id', '=', ann.id)
        .execute();
      await inUserTransaction(outer, ann.id, async () => {
        throw new Error('inner');
      });
    });
    await expect(failing).rejects.toThrow('inner');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(row.display_name).not.toBe('Changed');
  });

  it('a user transaction for a user that does not exist is 404 USER_NOT_FOUND', async () => {
    await expect(inUserTransaction(t.ctx.db, 'nobody', async () => 1)).rejects.toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
    });
  });
});
