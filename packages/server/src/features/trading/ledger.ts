import type { Cents, PriceUnits, ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { chunks } from '../../users/chunks.ts';
import { insufficientFundsText, insufficientSharesText } from './money-text.ts';
import type { Trx } from './db-retry.ts';
import { caseById } from './sql-case.ts';

/**
 * The moves of money and shares that every order is made of. Each runs inside the caller's
 * transaction, and each check-and-move is one guarded statement, so two concurrent orders can
 * never spend the same dollar or sell the same share, on SQLite or PostgreSQL.
 *
 * Lock order on PostgreSQL: a transaction takes its users' rows first (ascending id when it
 * takes several), then orders, holdings and lots. Every writer follows it, so they queue
 * behind each other instead of deadlocking.
 */

/** 1e10 shares of one asset (the largest amount an order accepts): far inside a 64-bit column. */
export const MAX_HOLDING_UNITS: ShareUnits = 10n ** 18n;

export interface LockedUser {
  id: string;
  epoch: bigint;
  cashCents: Cents;
}

/** Takes the users' row locks on PostgreSQL (SQLite runs one transaction at a time anyway). */
export async function lockUsers(trx: Trx, dialect: Dialect, userIds: readonly string[]): Promise<LockedUser[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'epoch', 'cash_cents'])
    .where('id', 'in', [...userIds])
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  return rows.map((r) => ({ id: r.id, epoch: BigInt(r.epoch), cashCents: BigInt(r.cash_cents) }));
}

export async function lockUser(trx: Trx, dialect: Dialect, userId: string): Promise<LockedUser> {
  const [user] = await lockUsers(trx, dialect, [userId]);
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user');
  return user;
}

/** Takes `cents` of free cash, or answers INSUFFICIENT_FUNDS; returns the user's epoch. */
export async function debitCash(trx: Trx, userId: string, cents: Cents, field = 'assetAmount'): Promise<bigint> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ cash_cents: eb('cash_cents', '-', cents) }))
    .where('id', '=', userId)
    .where('cash_cents', '>=', cents)
    .returning(['epoch'])
    .executeTakeFirst();
  if (row) return BigInt(row.epoch);
  const user = await trx.selectFrom('users').select(['cash_cents']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('USER_NOT_FOUND', 'No such user');
  throw badRequest('INSUFFICIENT_FUNDS', insufficientFundsText(cents, BigInt(user.cash_cents)), field);
}

export async function creditCash(trx: Trx, userId: string, cents: Cents): Promise<void> {
  if (cents === 0n) return;
  await trx
    .updateTable('users')
    .set((eb) => ({ cash_cents: eb('cash_cents', '+', cents) }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Adds free shares; a buy past MAX_HOLDING_UNITS rolls the whole order back. A release of
 * reserved shares (`capped` false) always goes through: those shares were already held.
 */
export async function addFreeShares(
  trx: Trx,
  userId: string,
  symbol: string,
  shares: ShareUnits,
  capped = true,
): Promise<void> {
  const row = await trx
    .insertInto('holdings')
    .values({ user_id: userId, symbol, shares })
    .onConflict((oc) =>
      oc.columns(['user_id', 'symbol']).doUpdateSet({ shares: sql<bigint>`holdings.shares + excluded.shares` }),
    )
    .returning(['shares'])
    .executeTakeFirstOrThrow();
  if (capped && BigInt(row.shares) > MAX_HOLDING_UNITS) {
    throw badRequest('AMOUNT_TOO_LARGE', 'You can hold at most 10,000,000,000 shares of one asset', 'assetAmount');
  }
}

export async function freeShares(trx: Trx, userId: string, symbol: string): Promise<ShareUnits> {
  const row = await trx
    .selectFrom('holdings')
    .select(['shares'])
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row ? BigInt(row.shares) : 0n;
}

/** Takes free shares (never reserved ones), or answers INSUFFICIENT_SHARES. */
export async function takeFreeShares(
  trx: Trx,
  userId: string,
  symbol: string,
  shares: ShareUnits,
  field = 'assetAmount',
): Promise<void> {
  const row = await trx
    .updateTable('holdings')
    .set((eb) => ({ shares: eb('shares', '-', shares) }))
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .where('shares', '>=', shares)
    .returning(['shares'])
    .executeTakeFirst();
  if (!row) {
    const held = await freeShares(trx, userId, symbol);
    throw badRequest('INSUFFICIENT_SHARES', insufficientSharesText(symbol, held, shares), field);
  }
  if (BigInt(row.shares) === 0n) {
    await trx
      .deleteFrom('holdings')
      .where('user_id', '=', userId)
      .where('symbol', '=', symbol)
      .where('shares', '=', 0n)
      .execute();
  }
}

export async function insertLot(
  trx: Trx,
  lot: { id: string; userId: string; symbol: string; shares: ShareUnits; price: PriceUnits; at: number },
): Promise<void> {
  await trx
    .insertInto('lots')
    .values({ id: lot.id, user_id: lot.userId, symbol: lot.symbol, shares: lot.shares, price: lot.price, created_at: lot.at })
    .execute();
}

/**
 * Sells shares out of open lots, oldest first, for one or many users of one symbol: whole lots
 * are deleted, each user's last lot shrinks. A few statements whatever the number of users.
 * Returns the shares that found no lot (0 unless the ledger is inconsistent).
 */
export async function consumeLots(trx: Trx, symbol: string, wanted: ReadonlyMap<string, ShareUnits>): Promise<ShareUnits> {
  const need = new Map([...wanted].filter(([, shares]) => shares > 0n));
  if (need.size === 0) return 0n;
  const lots = await trx
    .selectFrom('lots')
    .select(['id', 'user_id', 'shares'])
    .where('symbol', '=', symbol)
    .where('user_id', 'in', [...need.keys()])
    .orderBy('user_id')
    .orderBy('id')
    .execute();
  const emptied: string[] = [];
  const shrunk: [string, bigint][] = [];
  for (const lot of lots) {
    const left = need.get(lot.user_id) ?? 0n;
    if (left === 0n) continue;
    const size = BigInt(lot.shares);
    if (size <= left) emptied.push(lot.id);
    else shrunk.push([lot.id, size - left]);
    need.set(lot.user_id, left > size ? left - size : 0n);
  }
  for (const ids of chunks(emptied)) await trx.deleteFrom('lots').where('id', 'in', ids).execute();
  for (const part of chunks(shrunk)) {
    await trx
      .updateTable('lots')
      .set({ shares: caseById<bigint>(part, 'bigint') })
      .where('id', 'in', part.map(([id]) => id))
      .execute();
  }
  return [...need.values()].reduce((a, b) => a + b, 0n);
}
