import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, LimitOrdersTable, NotificationsTable, UsersTable } from '../db/schema.ts';
import { loadEpochBalancePoints } from './epoch-balance-points.ts';
import type { TransactionFields } from './row-mappers.ts';
import { WORKING } from './total-balance.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface RecordLimits {
  history: number;
  notifications: number;
  balancePoints: number;
  /** Filled or cancelled orders carried beside every working one. */
  closedOrders: number;
}

type UserRow = Omit<Selectable<UsersTable>, 'password_hash' | 'username_lower'>;
type OrderRow = Selectable<LimitOrdersTable>;

/** A holding (shares, no lot) or an open lot (its id and price), from one statement. */
interface PositionRow {
  symbol: string;
  shares: bigint | null;
  price: bigint | null;
  lot_id: string | null;
}

const byNewest = (a: OrderRow, b: OrderRow) => Number(BigInt(b.created_at) - BigInt(a.created_at)) || (a.id < b.id ? 1 : -1);

/**
 * Every row a user record is made of, in six statements sent together: the current epoch is a
 * subquery instead of a first round trip, holdings and lots share one statement, and so do the
 * working orders and the latest closed ones. Each goes through an index on user_id.
 *
 * SQL text rather than the query builder: every trade answer and every live push runs these,
 * and building them costs more than running them (the text compiles once).
 */
export async function loadUserRecordRows(db: Db, userId: string, limits: RecordLimits) {
  const epoch = sql`(SELECT epoch FROM users WHERE id = ${userId})`;
  const [users, positions, orders, transactions, notifications, snapshots] = await Promise.all([
    sql<UserRow>`
      SELECT id, email, email_verified, username, display_name, avatar, account_type, wallet_address,
        cash_cents, starting_balance_cents, settings, watchlist, epoch, reset_at, created_at
      FROM users WHERE id = ${userId}`.execute(db),
    sql<PositionRow>`
      SELECT symbol, shares, NULL AS price, NULL AS lot_id FROM holdings WHERE user_id = ${userId}
      UNION ALL
      SELECT symbol, shares, price, id FROM lots WHERE user_id = ${userId}`.execute(db),
    sql<OrderRow>`
      SELECT * FROM limit_orders WHERE user_id = ${userId} AND status = ${WORKING}
      UNION ALL
      SELECT * FROM (
        SELECT * FROM limit_orders WHERE user_id = ${userId} AND epoch = ${epoch} AND status <> ${WORKING}
        ORDER BY created_at DESC LIMIT ${limits.closedOrders}
      ) AS closed`.execute(db),
    sql<TransactionFields>`
      SELECT id, type, method, symbol, shares, total_cents, price, position_id, created_at
      FROM transactions WHERE user_id = ${userId} AND epoch = ${epoch}
      ORDER BY created_at DESC, id DESC LIMIT ${limits.history}`.execute(db),
    sql<Selectable<NotificationsTable>>`
      SELECT * FROM notifications WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT ${limits.notifications}`.execute(db),
    loadEpochBalancePoints(db, userId, limits.balancePoints),
  ]);

  const holdings = positions.rows.filter((p) => p.lot_id === null);
  // Lot ids sort by creation time: oldest first, the order the lots are sold in.
  const lots = positions.rows.filter((p) => p.lot_id !== null).sort((a, b) => ((a.lot_id ?? '') < (b.lot_id ?? '') ? -1 : 1));
  return {
    user: users.rows[0],
    holdings,
    lots,
    working: orders.rows.filter((o) => o.status === 'WORKING').sort(byNewest),
    closed: orders.rows.filter((o) => o.status !== 'WORKING').sort(byNewest),
    transactions: transactions.rows,
    notifications: notifications.rows,
    snapshots,
  };
}
