import {
  centsToNumber,
  priceToNumber,
  sharesToNumber,
  type BalancePoint,
  type HistoryEntry,
  type User,
} from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/app-error.ts';
import { parseJsonColumn, toLimitPosition, toNotification, toTransaction } from './row-mappers.ts';

/** CONTRACT.md: lists that grow without bound carry only their most recent entries. */
export const USER_HISTORY_LIMIT = 100;
export const USER_NOTIFICATIONS_LIMIT = 100;
export const USER_BALANCE_POINTS_LIMIT = 500;
/** Filled or cancelled orders carried beside every working one. */
const USER_CLOSED_ORDERS_LIMIT = 20;

type Db = Kysely<DB> | Transaction<DB>;

/** Keeps at most `limit` points spread evenly over the whole range, always the first and last. */
export function spreadPoints<T>(points: T[], limit: number): T[] {
  if (points.length <= limit) return points;
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)] as T);
}

/** The contract's User for its owner, built from the database: the one place rows become that shape. */
export async function loadUserRecord(db: Db, userId: string): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user');
  const epoch = BigInt(user.epoch);

  const [holdings, lots, workingOrders, closedOrders, transactions, notifications, snapshots] = await Promise.all([
    db.selectFrom('holdings').select(['symbol', 'shares']).where('user_id', '=', userId).execute(),
    db.selectFrom('lots').select(['symbol', 'price']).where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('limit_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'WORKING')
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('limit_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('epoch', '=', epoch)
      .where('status', '!=', 'WORKING')
      .orderBy('created_at', 'desc')
      .limit(USER_CLOSED_ORDERS_LIMIT)
      .execute(),
    db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('epoch', '=', epoch)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(USER_HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(USER_NOTIFICATIONS_LIMIT)
      .execute(),
    db
      .selectFrom('balance_snapshots')
      .select(['ts', 'balance_cents'])
      .where('user_id', '=', userId)
      .where('epoch', '=', epoch)
      .orderBy('ts')
      .execute(),
  ]);

  const assets: Record<string, number> = {};
  for (const h of holdings) {
    if (BigInt(h.shares) > 0n) assets[h.symbol] = sharesToNumber(BigInt(h.shares));
  }
  const openPositions: Record<string, number[]> = {};
  for (const lot of lots) (openPositions[lot.symbol] ??= []).push(priceToNumber(BigInt(lot.price)));

  const working = workingOrders.map(toLimitPosition);
  const history: HistoryEntry[] = [...transactions.map((t) => toTransaction(t)), ...working]
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, USER_HISTORY_LIMIT);

  const startedAt = Number(user.reset_at ?? user.created_at);
  const points: BalancePoint[] = snapshots.map((s) => ({
    timestamp: Number(s.ts),
    balance: centsToNumber(BigInt(s.balance_cents)),
  }));
  if (!points.length || (points[0]?.timestamp ?? 0) > startedAt) {
    points.unshift({ timestamp: startedAt, balance: centsToNumber(BigInt(user.starting_balance_cents)) });
  }

  return {
    id: user.id,
    walletAddress: user.wallet_address,
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    emailVerified: BigInt(user.email_verified) !== 0n,
    avatar: user.avatar,
    accountType: user.account_type as User['accountType'],
    balance: centsToNumber(BigInt(user.cash_cents)),
    startingBalance: centsToNumber(BigInt(user.starting_balance_cents)),
    assets,
    openPositions,
    limitPositions: [...working, ...closedOrders.map(toLimitPosition)],
    history,
    watchlist: parseJsonColumn<string[]>(user.watchlist, []),
    balanceHistory: spreadPoints(points, USER_BALANCE_POINTS_LIMIT),
    settings: parseJsonColumn<User['settings']>(user.settings, {}),
    notifications: notifications.map(toNotification),
    createdAt: Number(user.created_at),
    resetAccountData: user.reset_at === null ? null : Number(user.reset_at),
  };
}
