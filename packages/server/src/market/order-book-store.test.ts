import { describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { testDialect } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { loadBookState, recordTake } from './order-book-store.ts';

const { t } = useTestApp();
const isPostgres = testDialect === 'postgres';

async function stored(assetId: string) {
  const rows = await t.ctx.db
    .selectFrom('order_book_consumption')
    .select(['side', 'shares', 'at'])
    .where('asset_id', '=', assetId)
    .orderBy('side')
    .execute();
  return rows.map((r) => ({ side: r.side, shares: BigInt(r.shares), at: Number(r.at) }));
}

describe('order book consumption', () => {
  it('takers racing for the first take of a side all count', async () => {
    const { input } = (await loadBookState(t.ctx.db, 'ethusd', t.ctx.config.marketSeed))!;
    const now = input.tickAt;
    const takes = [100n, 200n, 300n, 400n, 500n, 600n, 700n, 800n];
    await Promise.all(
      takes.map((taken) =>
        inTransaction(t.ctx.db, (trx) =>
          recordTake(trx, input, { side: 'bid', taken, now }, isPostgres),
        ),
      ),
    );
    expect(await stored('ethusd')).toEqual([{ side: 'bid', shares: 3600n, at: now }]);
  });

  it('a later take adds to what has not refilled yet and restarts the refill from its time', async () => {
    const { input } = (await loadBookState(t.ctx.db, 'solusd', t.ctx.config.marketSeed))!;
    const now = input.tickAt;
    const take = (taken: bigint, at: number) =>
      inTransaction(t.ctx.db, (trx) =>
        recordTake(trx, input, { side: 'ask', taken, now: at }, isPostgres),
      );
    await take(10n ** 12n, now);
    const second = await take(5n, now + 1);
    expect(second.at).toBe(now + 1);
    expect(second.shares).toBeLessThan(10n ** 12n + 5n);
    expect(second.shares).toBeGreaterThan(5n);
    expect(await stored('solusd')).toEqual([{ side: 'ask', ...second }]);
  });

  it('the table refuses a side other than bid or ask', async () => {
    await expect(
      t.ctx.db
        .insertInto('order_book_consumption')
        .values({ asset_id: 'btcusd', side: 'mid' as 'bid', shares: 1n, at: 0 })
        .execute(),
    ).rejects.toThrow();
    expect(await stored('btcusd')).toEqual([]);
  });
});
