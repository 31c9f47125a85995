import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { withDatabaseMigratedTo } from '../../../test/migration-database.ts';

describe('migration 006: portfolios', () => {
  it("keeps every existing user's money, positions and history as their main portfolio", () =>
    withDatabaseMigratedTo('005-second-factors', async (database) => {
      const db = database.db;
      // A user as the schema before 006 held them: cash, epoch and reset on the users row.
      await sql`INSERT INTO users (id, email, email_verified, password_hash, username, username_lower, display_name,
          account_type, wallet_address, cash_cents, starting_balance_cents, settings, watchlist, epoch, reset_at, created_at)
        VALUES ('u1', 'ann@example.com', 1, 'x', 'ann', 'ann', 'Ann', 'STUDENT', '0xaaa', 4200, 50000, '{}', '[]', 2, 1700, 1000)`.execute(
        db,
      );
      await sql`INSERT INTO holdings (user_id, symbol, shares) VALUES ('u1', 'BTC', 7)`.execute(db);
      await sql`INSERT INTO lots (id, user_id, symbol, shares, price, created_at) VALUES ('l1', 'u1', 'BTC', 9, 100, 1800)`.execute(
        db,
      );
      await sql`INSERT INTO lot_totals (user_id, symbol, shares, cost) VALUES ('u1', 'BTC', 9, '900')`.execute(
        db,
      );
      await sql`INSERT INTO transactions (id, user_id, epoch, type, method, symbol, shares, total_cents, price, position_id, created_at)
        VALUES ('t1', 'u1', 2, 'PURCHASE', 'MARKET', 'BTC', 9, 900, 100, NULL, 1800)`.execute(db);
      await sql`INSERT INTO limit_orders (id, user_id, epoch, symbol, type, limit_price, purchase_cents, sell_shares, status, created_at)
        VALUES ('o1', 'u1', 2, 'BTC', 'SELL', 200, NULL, 2, 'WORKING', 1900)`.execute(db);
      await sql`INSERT INTO balance_snapshots (user_id, epoch, ts, balance_cents) VALUES ('u1', 2, 1950, 5100)`.execute(
        db,
      );

      await migrateToLatest(database);

      const portfolio = await db.selectFrom('portfolios').selectAll().executeTakeFirstOrThrow();
      expect(portfolio).toMatchObject({
        id: 'u1',
        user_id: 'u1',
        kind: 'MAIN',
        contest_id: null,
        wallet_address: '0xaaa',
        reset_at: 1700n,
        closed_at: null,
      });
      expect(
        [
          portfolio.cash_cents,
          portfolio.starting_balance_cents,
          portfolio.epoch,
          portfolio.created_at,
        ].map(BigInt),
      ).toEqual([4200n, 50000n, 2n, 1000n]);
      const count = async (
        table: 'lots' | 'lot_totals' | 'transactions' | 'limit_orders' | 'balance_snapshots',
      ) => (await db.selectFrom(table).select('portfolio_id').execute()).map((r) => r.portfolio_id);
      for (const table of [
        'lots',
        'lot_totals',
        'transactions',
        'limit_orders',
        'balance_snapshots',
      ] as const) {
        expect(await count(table), table).toEqual(['u1']);
      }
      // The holding's free shares live in its lot totals since migration 013.
      const totals = await db
        .selectFrom('lot_totals')
        .select(['shares', 'free_shares'])
        .executeTakeFirstOrThrow();
      expect([BigInt(totals.shares), BigInt(totals.free_shares)]).toEqual([9n, 7n]);
      const tx = await db
        .selectFrom('transactions')
        .select(['total_cents', 'fee_cents'])
        .executeTakeFirstOrThrow();
      expect([BigInt(tx.total_cents), BigInt(tx.fee_cents)]).toEqual([900n, 0n]);
      // Deleting the user still takes every money row with it, through the portfolio.
      await db.deleteFrom('users').where('id', '=', 'u1').execute();
      expect(await count('lots')).toEqual([]);
    }));
});
