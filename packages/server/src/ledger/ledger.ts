import { MAX_CASH_CENTS, MAX_HOLDING_UNITS, type Cents, type PriceUnits, type ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import type { Trx } from '../db/transaction.ts';
import { badRequest, notFound } from '../http/app-error.ts';
import { insufficientFundsText, insufficientSharesText } from './money-text.ts';
import { adjustLotTotals, lotCost } from './lot-totals.ts';

/**
 * Every move of money and shares, and nothing else moves them (batched-moves.ts has the same
 * moves for many users at once). Each runs inside the caller's transaction, opened with
 * db/transaction.ts in its lock order (user row first), and each check-and-move is one guarded
 * statement, so two concurrent orders never spend the same dollar or sell the same share.
 */

const balanceLimit = (field: string) =>
  badRequest('AMOUNT_TOO_LARGE', 'This would take your cash past $10,000,000,000,000, the largest balance an account can hold', field);

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

/**
 * Adds free cash. Proceeds (`capped`) may not take cash past MAX_CASH_CENTS; a reservation
 * given back always goes through: that cash was the user's already.
 */
export async function creditCash(trx: Trx, userId: string, cents: Cents, capped = true, field = 'assetAmount'): Promise<void> {
  if (cents === 0n) return;
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ cash_cents: eb('cash_cents', '+', cents) }))
    .where('id', '=', userId)
    .$if(capped, (q) => q.where('cash_cents', '<=', MAX_CASH_CENTS - cents))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw capped ? balanceLimit(field) : notFound('USER_NOT_FOUND', 'No such user');
}

/**
 * Adds free shares; a buy past MAX_HOLDING_UNITS rolls the whole order back. A release of
 * reserved shares (`capped` false) always goes through: those shares were already held.
 */
export async function addFreeShares(trx: Trx, userId: string, symbol: string, shares: ShareUnits, capped = true): Promise<void> {
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
export async function takeFreeShares(trx: Trx, userId: string, symbol: string, shares: ShareUnits, field = 'assetAmount'): Promise<void> {
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
    await trx.deleteFrom('holdings').where('user_id', '=', userId).where('symbol', '=', symbol).where('shares', '=', 0n).execute();
  }
}

export { consumeLots } from './consume-lots.ts';

/** A buy's open lot, counted in the holding's lot totals (lot-totals.ts). */
export async function insertLot(
  trx: Trx,
  lot: { id: string; userId: string; symbol: string; shares: ShareUnits; price: PriceUnits; at: number },
): Promise<void> {
  await trx
    .insertInto('lots')
    .values({ id: lot.id, user_id: lot.userId, symbol: lot.symbol, shares: lot.shares, price: lot.price, created_at: lot.at })
    .execute();
  await adjustLotTotals(trx, lot.symbol, new Map([[lot.userId, { shares: lot.shares, cost: lotCost(lot.shares, lot.price) }]]));
}

/** What a working order holds back: cash for a PURCHASE, shares for a SELL. */
export interface Reservation {
  userId: string;
  type: string;
  symbol: string;
  purchaseCents: Cents | null;
  sellShares: ShareUnits | null;
}

/** Gives a closed order's reservation back to its owner (its status is the caller's to set). */
export async function releaseReservation(trx: Trx, r: Reservation): Promise<void> {
  if (r.type === 'PURCHASE') await creditCash(trx, r.userId, r.purchaseCents ?? 0n, false);
  else await addFreeShares(trx, r.userId, r.symbol, r.sellShares ?? 0n, false);
}

/**
 * An account reset's money move: the current epoch ends (working orders cancelled, their
 * reservations dropped with the holdings, lots and lot totals they came from) and a new one starts with
 * `cents` of cash. The caller holds the user's row lock, so no order of the old epoch can be
 * opened, filled or cancelled in between. Returns the new epoch.
 */
export async function startNewEpoch(trx: Trx, userId: string, cents: Cents, resetAt: number, now: number): Promise<bigint> {
  await trx
    .updateTable('limit_orders')
    .set({ status: 'CANCELLED', closed_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'WORKING')
    .execute();
  await trx.deleteFrom('holdings').where('user_id', '=', userId).execute();
  await trx.deleteFrom('lots').where('user_id', '=', userId).execute();
  await trx.deleteFrom('lot_totals').where('user_id', '=', userId).execute();
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ cash_cents: cents, starting_balance_cents: cents, epoch: eb('epoch', '+', 1n), reset_at: resetAt }))
    .where('id', '=', userId)
    .returning(['epoch'])
    .executeTakeFirstOrThrow();
  return BigInt(row.epoch);
}
