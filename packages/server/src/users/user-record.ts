import type { BalancePointCaches } from './balance-point-caches.ts';
import {
  averageOfTotals,
  centsToNumber,
  compareHistory,
  compareOrders,
  USER_CLOSED_ORDERS_LIMIT,
  USER_HISTORY_LIMIT,
  priceToNumber,
  sharesToNumber,
  type BalancePoint,
  type HistoryEntry,
  type User,
} from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import { spreadPoints } from './epoch-balance-points.ts';
import { parseJsonColumn, toLimitPosition, toNotification, toTransaction } from './row-mappers.ts';
import { loadUserRecordRows } from './user-record-rows.ts';

/**
 * docs/api.md, Shapes: lists that grow without bound carry only their most recent entries (the
 * history's and the closed orders' bounds are the domain's, which merges answers with them).
 */
export const USER_NOTIFICATIONS_LIMIT = 100;
export const USER_BALANCE_POINTS_LIMIT = 500;
/** openPositions lists the most recent open lots of each symbol, at most this many (decision 006). */
export const USER_LOTS_PER_SYMBOL_LIMIT = 50;

type Db = Kysely<DB> | Transaction<DB>;

export { spreadPoints } from './epoch-balance-points.ts';

/** Where a record is read from: the app's database and its balance point caches (app.ts). */
export interface RecordSource {
  db: Db;
  balancePointCaches: BalancePointCaches;
}

/**
 * The contract's User for its owner, built from the database: the one place rows become that shape.
 * One portfolio's record (decision 010): the profile, settings, watchlist and notifications of its
 * user, the money, positions, orders and history of the portfolio. A main portfolio's id is its user's.
 */
export async function loadUserRecord(source: RecordSource, portfolioId: string): Promise<User> {
  const {
    user,
    lotTotals,
    lots,
    working: workingOrders,
    closed: closedOrders,
    transactions,
    notifications,
    snapshots,
  } = await loadUserRecordRows(source, portfolioId, {
    history: USER_HISTORY_LIMIT,
    notifications: USER_NOTIFICATIONS_LIMIT,
    balancePoints: USER_BALANCE_POINTS_LIMIT,
    closedOrders: USER_CLOSED_ORDERS_LIMIT,
    lotsPerSymbol: USER_LOTS_PER_SYMBOL_LIMIT,
  });
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user');

  const assets: Record<string, number> = {};
  for (const t of lotTotals) {
    if (BigInt(t.free_shares) > 0n) assets[t.symbol] = sharesToNumber(BigInt(t.free_shares));
  }
  const openPositions: Record<string, number[]> = {};
  for (const lot of lots) (openPositions[lot.symbol] ??= []).push(priceToNumber(BigInt(lot.price)));
  // From the running totals of all open lots, not from the listed ones (decision 006).
  const averageCost: Record<string, number> = {};
  for (const t of lotTotals)
    averageCost[t.symbol] = priceToNumber(averageOfTotals(BigInt(t.shares), BigInt(t.cost)));

  const working = workingOrders.map(toLimitPosition);
  const history: HistoryEntry[] = [...transactions.map((t) => toTransaction(t)), ...working]
    .sort(compareHistory)
    .slice(0, USER_HISTORY_LIMIT);

  const startedAt = Number(user.reset_at ?? user.portfolio_created_at);
  const points: BalancePoint[] = snapshots.map((s) => ({
    timestamp: Number(s.ts),
    balance: centsToNumber(s.balanceCents),
  }));
  if (!points.length || (points[0]?.timestamp ?? 0) > startedAt) {
    points.unshift({
      timestamp: startedAt,
      balance: centsToNumber(BigInt(user.starting_balance_cents)),
    });
  }

  return {
    id: user.id,
    walletAddress: user.wallet_address,
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    emailVerified: BigInt(user.email_verified) !== 0n,
    twoFactorEnabled: BigInt(user.two_factor) !== 0n,
    avatar: user.avatar,
    accountType: user.account_type as User['accountType'],
    balance: centsToNumber(BigInt(user.cash_cents)),
    startingBalance: centsToNumber(BigInt(user.starting_balance_cents)),
    assets,
    openPositions,
    averageCost,
    // The domain's order, which a client's merge of an answer keeps (docs/api.md, "Lean order answers").
    limitPositions: [
      ...working.sort(compareOrders),
      ...closedOrders.map(toLimitPosition).sort(compareOrders),
    ],
    history,
    watchlist: parseJsonColumn<string[]>(user.watchlist, []),
    balanceHistory: spreadPoints(points, USER_BALANCE_POINTS_LIMIT),
    settings: parseJsonColumn<User['settings']>(user.settings, {}),
    notifications: notifications.map(toNotification),
    createdAt: Number(user.created_at),
    resetAccountData: user.reset_at === null ? null : Number(user.reset_at),
    portfolio:
      user.kind === 'CONTEST' && user.contest_id
        ? { kind: 'CONTEST', contestId: user.contest_id }
        : { kind: 'MAIN' },
    version: Number(user.version),
  };
}
