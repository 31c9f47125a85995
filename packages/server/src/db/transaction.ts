import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { conflict, forbidden, notFound } from '../http/app-error.ts';
import type { DB } from './schema.ts';

export type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;

/**
 * The one way to write more than one statement (docs/decisions/005-transactions-and-bounds.md).
 *
 * Lock order, on PostgreSQL, for every writer: a contest's row first when the write changes a
 * contest or its membership (its rules, a join, a leave, a removal, its end), then the rows of the
 * portfolios concerned (ascending id when there are several), then their users' rows, then their
 * orders, lot totals, lots and the rest (docs/decisions/019-contest-row-lock.md). Writers then queue
 * behind each other on the portfolio row instead of deadlocking, and a reset, a contest's end or a
 * deletion, which takes the same rows first, is atomic against every order of that portfolio. An
 * order only reads its contest's row (after its portfolio's lock), so it never waits on it.
 *
 * PostgreSQL still aborts one side of a deadlock (40P01) or a serialization conflict (40001)
 * that a batch touching many users can run into; the work is then run again from the start.
 * SQLite runs one transaction at a time on one connection, so it only retries a busy file.
 */
const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY']);
export const TRANSACTION_ATTEMPTS = 5;

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface TransactionOptions {
  /** A read of several tables that must see one moment (PostgreSQL; SQLite always does). */
  isolation?: 'repeatable read' | 'serializable';
}

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL aborted it for a lock
 * conflict. Inside a transaction already, it joins it. A conflict that outlives the attempts is
 * a 409 WRITE_CONFLICT: the client may simply send the request again.
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Trx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (db.isTransaction) return work(db as Trx);
  for (let attempt = 1; ; attempt += 1) {
    try {
      let builder = db.transaction();
      if (options.isolation && isPostgres(db))
        builder = builder.setIsolationLevel(options.isolation);
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        throw conflict(
          'WRITE_CONFLICT',
          'Too many changes to your account at once. Please try again.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}

export interface LockedUser {
  id: string;
}

/**
 * Takes the users' row locks, ascending id: what a write of profile fields (settings, watchlist,
 * follows, credentials) queues on. Money is locked by portfolio (lockPortfolios), not here.
 * FOR NO KEY UPDATE rather than FOR UPDATE: it queues writers of the same user just the same,
 * but does not block another user's insert that merely references this row (a notification,
 * a follow), which would turn a cross-user write into a deadlock.
 */
export async function lockUsers(trx: Trx, userIds: readonly string[]): Promise<LockedUser[]> {
  if (userIds.length === 0) return [];
  return trx
    .selectFrom('users')
    .select(['id'])
    .where('id', 'in', [...new Set(userIds)])
    .orderBy('id')
    .$if(isPostgres(trx), (q) => q.forNoKeyUpdate())
    .execute();
}

export async function lockUser(trx: Trx, userId: string): Promise<LockedUser> {
  const [user] = await lockUsers(trx, [userId]);
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user');
  return user;
}

/** A transaction that starts by taking one user's row lock: what every profile write uses. */
export function inUserTransaction<T>(
  db: Db,
  userId: string,
  work: (trx: Trx, user: LockedUser) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => work(trx, await lockUser(trx, userId)));
}

export interface LockedPortfolio {
  id: string;
  /** Its owner, whom notifications and live pushes go to. */
  userId: string;
  epoch: bigint;
  cashCents: bigint;
  contestId: string | null;
  /** Set once the portfolio was closed (its member removed from the contest): it takes no more orders. */
  closedAt: number | null;
  /** The record's version after this transaction's increase (migration 011). */
  version: bigint;
}

/**
 * Takes the portfolios' row locks, ascending id, increases their versions, and reads what every
 * money writer needs of them. Every move of money takes these first (the lock order above), so two orders of one
 * portfolio queue, and a reset or a contest's end is atomic against every order of it. On
 * PostgreSQL a lock that waited reads the row as its holder committed it, so a writer queued behind
 * a member's removal sees closed_at: the fills skip such portfolios (fill-batch.ts).
 */
export async function lockPortfolios(
  trx: Trx,
  portfolioIds: readonly string[],
): Promise<LockedPortfolio[]> {
  if (portfolioIds.length === 0) return [];
  const ids = [...new Set(portfolioIds)];
  // The lock is the version's increase (migration 011). PostgreSQL locks the rows an UPDATE
  // finds in whatever order it finds them, so the ascending order comes from a locking subquery.
  const { rows } = await (
    isPostgres(trx)
      ? sql<PortfolioLockRow>`UPDATE portfolios SET version = version + 1
        WHERE id IN (SELECT id FROM portfolios WHERE id IN (${sql.join(ids)}) ORDER BY id FOR NO KEY UPDATE)
        RETURNING id, user_id, epoch, cash_cents, contest_id, closed_at, version`
      : sql<PortfolioLockRow>`UPDATE portfolios SET version = version + 1 WHERE id IN (${sql.join(ids)})
        RETURNING id, user_id, epoch, cash_cents, contest_id, closed_at, version`
  ).execute(trx);
  return rows
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => ({
      id: r.id,
      userId: r.user_id,
      epoch: BigInt(r.epoch),
      cashCents: BigInt(r.cash_cents),
      contestId: r.contest_id,
      closedAt: r.closed_at === null ? null : Number(r.closed_at),
      version: BigInt(r.version),
    }));
}

interface PortfolioLockRow {
  id: string;
  user_id: string;
  epoch: bigint | number;
  cash_cents: bigint | number;
  contest_id: string | null;
  closed_at: bigint | number | null;
  version: bigint | number;
}

export const portfolioClosed = () =>
  forbidden(
    'PORTFOLIO_CLOSED',
    'The host removed you from this contest: its portfolio takes no more orders',
  );

/**
 * One portfolio's lock, for an order of it (open, modify, cancel, market): a closed portfolio
 * refuses here, under its lock, so an order queued behind the member's removal saves nothing.
 */
export async function lockPortfolio(trx: Trx, portfolioId: string): Promise<LockedPortfolio> {
  const [portfolio] = await lockPortfolios(trx, [portfolioId]);
  if (!portfolio) throw notFound('USER_NOT_FOUND', 'No such user');
  if (portfolio.closedAt !== null) throw portfolioClosed();
  return portfolio;
}

/** A transaction that starts by taking one portfolio's row lock: what every money write of one portfolio uses. */
export function inPortfolioTransaction<T>(
  db: Db,
  portfolioId: string,
  work: (trx: Trx, portfolio: LockedPortfolio) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => work(trx, await lockPortfolio(trx, portfolioId)));
}
