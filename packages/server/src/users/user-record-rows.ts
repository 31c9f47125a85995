import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  DB,
  LimitOrdersTable,
  NotificationsTable,
  PortfoliosTable,
  UsersTable,
} from '../db/schema.ts';
import type { BalancePointCaches } from './balance-point-caches.ts';
import { literalLimit } from '../db/literal-limit.ts';
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
  /** Open lots listed per symbol (the most recent ones). */
  lotsPerSymbol: number;
}

type UserRow = Omit<Selectable<UsersTable>, 'password_hash' | 'username_lower' | 'wallet_address'> &
  Pick<
    Selectable<PortfoliosTable>,
    | 'wallet_address'
    | 'cash_cents'
    | 'starting_balance_cents'
    | 'epoch'
    | 'reset_at'
    | 'kind'
    | 'contest_id'
    | 'version'
  > & {
    portfolio_created_at: bigint | number;
    two_factor: bigint | number;
  };
type OrderRow = Selectable<LimitOrdersTable>;

/** A holding's free shares (lot_id null), or its lot totals (decision 006). */
/** A symbol's lot totals: its open lots' shares and cost, and of those shares the free ones. */
interface PositionRow {
  symbol: string;
  shares: bigint;
  free_shares: bigint;
  cost: string;
}

interface LotRow {
  symbol: string;
  id: string;
  price: bigint;
}

/**
 * The most recent `limit` open lots of each symbol: one index seek per symbol in
 * lots_portfolio_symbol (portfolio_id, symbol, id), read backwards, however many lots the
 * portfolio has open.
 */
async function recentLots(
  db: Db,
  portfolioId: string,
  symbols: string[],
  limit: number,
): Promise<LotRow[]> {
  if (!symbols.length) return [];
  const arms = symbols.map(
    (symbol) => sql`SELECT * FROM (
      SELECT symbol, id, price FROM lots WHERE portfolio_id = ${portfolioId} AND symbol = ${symbol} ORDER BY id DESC LIMIT ${literalLimit(limit)}) AS l`,
  );
  const { rows } = await sql<LotRow>`${sql.join(arms, sql` UNION ALL `)}`.execute(db);
  // Lot ids sort by creation time: oldest first, the order the lots are sold in.
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

const byNewest = (a: OrderRow, b: OrderRow) =>
  Number(BigInt(b.created_at) - BigInt(a.created_at)) || (a.id < b.id ? 1 : -1);

const currentEpoch = (portfolioId: string) =>
  sql`(SELECT epoch FROM portfolios WHERE id = ${portfolioId})`;

/** The record's orders: every working one, and the latest `closedLimit` others of the epoch. */
export async function recordOrderRows(db: Db, portfolioId: string, closedLimit: number) {
  const { rows } = await sql<OrderRow>`
      SELECT * FROM limit_orders WHERE portfolio_id = ${portfolioId} AND status = ${WORKING} AND type IN ('PURCHASE', 'SELL')
      UNION ALL
      SELECT * FROM (
        SELECT * FROM limit_orders WHERE portfolio_id = ${portfolioId} AND epoch = ${currentEpoch(portfolioId)} AND status <> ${WORKING}
        ORDER BY created_at DESC LIMIT ${literalLimit(closedLimit)}
      ) AS closed`.execute(db);
  return {
    working: rows.filter((o) => o.status === 'WORKING').sort(byNewest),
    closed: rows.filter((o) => o.status !== 'WORKING').sort(byNewest),
  };
}

/** The record's latest `limit` transactions of the epoch, newest first. */
export async function recordTransactionRows(
  db: Db,
  portfolioId: string,
  limit: number,
): Promise<TransactionFields[]> {
  const { rows } = await sql<TransactionFields>`
      SELECT id, type, method, symbol, shares, total_cents, price, fee_cents, position_id, created_at, trigger_type, trigger_price, trigger_reason, note, mid_price, levels, requested_shares
      FROM transactions WHERE portfolio_id = ${portfolioId} AND epoch = ${currentEpoch(portfolioId)}
      ORDER BY created_at DESC, id DESC LIMIT ${literalLimit(limit)}`.execute(db);
  return rows;
}

/**
 * Every row a user record is made of, in six statements sent together and one after the second
 * (the recent lots of the symbols the lot totals name): the current epoch is a subquery instead of a
 * first round trip, the lot totals (free shares included) are one statement, and so do the working orders and
 * the latest closed ones. Each reads a bounded number of rows through an index on portfolio_id, in the
 * index's order with a LIMIT, so the cost does not grow with the user's history (the
 * plans are checked by order-plans.test.ts; docs/performance.md).
 *
 * The working orders name both sides (`type IN (...)`, which every order is): with two columns of
 * limit_orders_portfolio_working bound, SQLite always picks that partial index over the
 * (portfolio_id, created_at) one, which would walk every closed order of a long history.
 *
 * SQL text rather than the query builder: every trade answer and every live push runs these,
 * and building them costs more than running them (the text compiles once).
 */
export async function loadUserRecordRows(
  { db, balancePointCaches }: { db: Db; balancePointCaches: BalancePointCaches },
  portfolioId: string,
  limits: RecordLimits,
) {
  const owner = sql`(SELECT user_id FROM portfolios WHERE id = ${portfolioId})`;
  const [users, { positions, lots }, working, transactions, notifications, snapshots] =
    await Promise.all([
      sql<UserRow>`
      SELECT u.id, u.email, u.email_verified, u.username, u.display_name, u.avatar, u.account_type, p.wallet_address,
        p.kind, p.contest_id, p.cash_cents, p.starting_balance_cents, u.settings, u.watchlist, p.epoch, p.reset_at, p.version,
        u.created_at, p.created_at AS portfolio_created_at,
        (SELECT COUNT(*) FROM second_factors WHERE user_id = u.id AND enabled_at IS NOT NULL) AS two_factor
      FROM portfolios p JOIN users u ON u.id = p.user_id WHERE p.id = ${portfolioId} AND p.closed_at IS NULL`.execute(
        db,
      ),
      sql<PositionRow>`
      SELECT symbol, shares, free_shares, cost FROM lot_totals WHERE portfolio_id = ${portfolioId}`
        .execute(db)
        .then(async ({ rows }) => ({
          positions: rows,
          lots: await recentLots(
            db,
            portfolioId,
            rows.map((p) => p.symbol),
            limits.lotsPerSymbol,
          ),
        })),
      recordOrderRows(db, portfolioId, limits.closedOrders),
      recordTransactionRows(db, portfolioId, limits.history),
      sql<Selectable<NotificationsTable>>`
      SELECT * FROM notifications WHERE user_id = ${owner}
      ORDER BY created_at DESC, id DESC LIMIT ${literalLimit(limits.notifications)}`.execute(db),
      loadEpochBalancePoints(db, balancePointCaches, portfolioId, limits.balancePoints),
    ]);

  return {
    user: users.rows[0],
    lotTotals: positions,
    lots,
    ...working,
    transactions,
    notifications: notifications.rows,
    snapshots,
  };
}
