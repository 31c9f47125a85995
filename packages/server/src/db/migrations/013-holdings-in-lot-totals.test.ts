import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { withDatabaseMigratedTo } from '../../../test/migration-database.ts';

async function portfolio(db: Kysely<DB>, id: string, wallet: string): Promise<void> {
  await sql`INSERT INTO users (id, email, email_verified, password_hash, username, username_lower, display_name,
      account_type, wallet_address, settings, watchlist, created_at)
    VALUES (${id}, ${`${id}@example.com`}, 1, 'x', ${id}, ${id}, ${id}, 'STUDENT', ${wallet}, '{}', '[]', 1000)`.execute(
    db,
  );
  await sql`INSERT INTO portfolios (id, user_id, kind, wallet_address, cash_cents, starting_balance_cents, epoch, created_at)
    VALUES (${id}, ${id}, 'MAIN', ${wallet}, 0, 0, 0, 1000)`.execute(db);
}

async function lot(
  db: Kysely<DB>,
  id: string,
  portfolioId: string,
  symbol: string,
  shares: bigint,
  price: bigint,
): Promise<void> {
  await sql`INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
    VALUES (${id}, ${portfolioId}, ${symbol}, ${shares}, ${price}, 1000)`.execute(db);
}

describe('migration 013: holdings in lot totals', () => {
  it('moves each holding into its lot totals as free shares, covers a holding without lots with a lot, and drops holdings', () =>
    withDatabaseMigratedTo('012-reserved-sells', async (database) => {
      const db = database.db;
      await portfolio(db, 'p1', '0xaaa');
      await portfolio(db, 'p2', '0xbbb');
      await sql`INSERT INTO assets (id, symbol, name, position, price, volatility, updated_at)
        VALUES ('a1', 'BTC', 'Bitcoin', 1, 5000000000000, 0.5, 1000)`.execute(db);
      // p1 BTC: 7 free of 10 in lots (3 reserved by a working sell); p1 ETH: all reserved, no holding row;
      // p2 BTC: free shares with no lot at all (a broken ledger), p2 ETH: 2 free beside 1 in lots.
      await lot(db, 'l1', 'p1', 'BTC', 4n, 100n);
      await lot(db, 'l2', 'p1', 'BTC', 6n, 200n);
      await lot(db, 'l3', 'p1', 'ETH', 5n, 10n);
      await lot(db, 'l4', 'p2', 'ETH', 1n, 30n);
      await sql`INSERT INTO lot_totals (portfolio_id, symbol, shares, cost)
        VALUES ('p1', 'BTC', 10, '1600'), ('p1', 'ETH', 5, '50'), ('p2', 'ETH', 1, '30')`.execute(
        db,
      );
      await sql`INSERT INTO holdings (portfolio_id, symbol, shares)
        VALUES ('p1', 'BTC', 7), ('p2', 'BTC', 9), ('p2', 'ETH', 2)`.execute(db);

      await migrateToLatest(database);

      const totals = await sql<{
        portfolio_id: string;
        symbol: string;
        shares: bigint | number;
        free_shares: bigint | number;
        cost: string;
      }>`SELECT portfolio_id, symbol, shares, free_shares, cost FROM lot_totals ORDER BY portfolio_id, symbol`.execute(
        db,
      );
      expect(
        totals.rows.map((r) => [
          r.portfolio_id,
          r.symbol,
          Number(r.shares),
          Number(r.free_shares),
          r.cost,
        ]),
      ).toEqual([
        ['p1', 'BTC', 10, 7, '1600'],
        ['p1', 'ETH', 5, 0, '50'],
        ['p2', 'BTC', 9, 9, String(9n * 5000000000000n)],
        ['p2', 'ETH', 2, 2, '31'],
      ]);
      const added = await sql<{ portfolio_id: string; symbol: string; shares: bigint | number }>`
        SELECT portfolio_id, symbol, shares FROM lots WHERE id LIKE '0-m013-%' ORDER BY portfolio_id, symbol`.execute(
        db,
      );
      expect(added.rows.map((r) => [r.portfolio_id, r.symbol, Number(r.shares)])).toEqual([
        ['p2', 'BTC', 9],
        ['p2', 'ETH', 1],
      ]);
      await expect(sql`SELECT * FROM holdings`.execute(db)).rejects.toThrow();
      // Free shares never pass the open lots' shares, nor go below 0.
      await expect(
        sql`UPDATE lot_totals SET free_shares = 11 WHERE portfolio_id = 'p1' AND symbol = 'BTC'`.execute(
          db,
        ),
      ).rejects.toThrow(/check/i);
      await expect(
        sql`UPDATE lot_totals SET free_shares = -1 WHERE portfolio_id = 'p1' AND symbol = 'BTC'`.execute(
          db,
        ),
      ).rejects.toThrow(/check/i);
    }));
});
