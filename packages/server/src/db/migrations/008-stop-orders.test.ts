import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { withDatabaseMigratedTo } from '../../../test/migration-database.ts';

describe('migration 008: stop orders', () => {
  it('turns existing orders into LIMIT / GTC orders working as limits, and fills into fills without a trigger', () =>
    withDatabaseMigratedTo('007-price-alerts', async (database) => {
      const db = database.db;
      await sql`INSERT INTO users (id, email, email_verified, password_hash, username, username_lower, display_name,
          account_type, wallet_address, settings, watchlist, created_at)
        VALUES ('u1', 'ann@example.com', 1, 'x', 'ann', 'ann', 'Ann', 'STUDENT', '0xaaa', '{}', '[]', 1000)`.execute(
        db,
      );
      await sql`INSERT INTO portfolios (id, user_id, kind, wallet_address, cash_cents, starting_balance_cents, epoch, created_at)
        VALUES ('u1', 'u1', 'MAIN', '0xaaa', 100, 100, 0, 1000)`.execute(db);
      await sql`INSERT INTO limit_orders (id, portfolio_id, epoch, symbol, type, limit_price, purchase_cents, sell_shares, status, created_at)
        VALUES ('o1', 'u1', 0, 'BTC', 'PURCHASE', 200, 50, NULL, 'WORKING', 1900)`.execute(db);
      await sql`INSERT INTO transactions (id, portfolio_id, epoch, type, method, symbol, shares, total_cents, price, position_id, created_at)
        VALUES ('t1', 'u1', 0, 'PURCHASE', 'MARKET', 'BTC', 9, 900, 100, NULL, 1800)`.execute(db);

      await migrateToLatest(database);

      const order = await db.selectFrom('limit_orders').selectAll().executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        order_type: 'LIMIT',
        time_in_force: 'GTC',
        stop_price: null,
        water_mark: null,
        expires_at: null,
        triggered_at: null,
      });
      expect(Number(order.armed)).toBe(0);
      const tx = await db
        .selectFrom('transactions')
        .select(['trigger_type', 'trigger_price', 'trigger_reason'])
        .executeTakeFirstOrThrow();
      expect(tx).toEqual({ trigger_type: null, trigger_price: null, trigger_reason: null });
      // The old order is in the limit index's range, as the trigger reads it.
      const { rows } = await sql<{ id: string }>`SELECT id FROM limit_orders
        WHERE status = 'WORKING' AND armed = 0 AND symbol = 'BTC' AND type = 'PURCHASE' AND limit_price >= 150`.execute(
        db,
      );
      expect(rows).toEqual([{ id: 'o1' }]);
    }));
});
