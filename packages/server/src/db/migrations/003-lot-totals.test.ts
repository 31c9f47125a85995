import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lotTotalsViolations } from '../../test-support/lot-totals-check.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { backFill } from './003-lot-totals.ts';

const { t, users: [ann, bob] } = useTestApp({ users: 2 });

describe('migration 003 back-fill', () => {
  it('gives every holding with open lots its exact totals, past 64 bits included', async () => {
    const db = t.ctx.db;
    // Lots as a database from before the migration holds them: no totals row yet.
    const big = 10_000_000_000n * 100_000_000n; // 10^10 shares at $10^9: a cost far past 64 bits
    await db
      .insertInto('lots')
      .values([
        { id: '00000000a0000aaaa0001', user_id: ann.id, symbol: 'BTC', shares: 100_000_000n, price: 2_000_000_000_000n, created_at: 1 },
        { id: '00000000a0000aaaa0002', user_id: ann.id, symbol: 'BTC', shares: 5_000_000_000n, price: 1_900_000_000_000n, created_at: 2 },
        { id: '00000000a0000aaaa0003', user_id: ann.id, symbol: 'ETH', shares: 1n, price: 7n, created_at: 3 },
        { id: '00000000a0000aaaa0004', user_id: bob.id, symbol: 'BTC', shares: big, price: 100_000_000_000_000_000n, created_at: 4 },
      ])
      .execute();
    await backFill(db as unknown as Kysely<unknown>);

    expect(await lotTotalsViolations(db, ann.id)).toEqual([]);
    expect(await lotTotalsViolations(db, bob.id)).toEqual([]);
    const bobs = await db.selectFrom('lot_totals').select(['shares', 'cost']).where('user_id', '=', bob.id).executeTakeFirstOrThrow();
    expect(bobs.cost).toBe((big * 100_000_000_000_000_000n).toString());
  });
});
