import { MAX_CASH_CENTS, MAX_HOLDING_UNITS, type Cents, type PriceUnits, type ShareUnits } from '@papertrade/domain';
import { sql } from 'kysely';
import type { Trx } from '../db/transaction.ts';
import { chunks } from '../users/chunks.ts';
import { consumeLots } from './ledger.ts';
import { addDelta, adjustLotTotals, lotCost, type LotDelta } from './lot-totals.ts';
import { caseById } from './sql-case.ts';

/**
 * The ledger's moves for a batch of fills of one symbol: one statement per table per 500 users,
 * whatever the batch size. The caller holds every user's row lock (db/transaction.ts lockUsers).
 */

export interface BatchFill {
  orderId: string;
  userId: string;
  transactionId: string;
  shares: ShareUnits;
  totalCents: Cents;
}

export function sumByUser<F extends { userId: string }>(fills: readonly F[], value: (f: F) => bigint): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const f of fills) sums.set(f.userId, (sums.get(f.userId) ?? 0n) + value(f));
  return sums;
}

/**
 * Adds cash to many users. Used for proceeds that splitOverCaps has already kept under
 * MAX_CASH_CENTS, and for reservations given back, which were the users' cash already.
 */
export async function creditCashMany(trx: Trx, byUser: ReadonlyMap<string, Cents>): Promise<void> {
  const credits = [...byUser].filter(([, cents]) => cents > 0n);
  for (const part of chunks(credits)) {
    await trx
      .updateTable('users')
      .set({ cash_cents: sql<bigint>`cash_cents + ${caseById<bigint>(part, 'bigint')}` })
      .where('id', 'in', part.map(([id]) => id))
      .execute();
  }
}

/** Adds free shares of one symbol to many users (bought, or reserved shares given back). */
export async function addSharesMany(trx: Trx, symbol: string, byUser: ReadonlyMap<string, ShareUnits>): Promise<void> {
  const added = [...byUser].filter(([, shares]) => shares > 0n);
  for (const part of chunks(added)) {
    await trx
      .insertInto('holdings')
      .values(part.map(([user_id, shares]) => ({ user_id, symbol, shares })))
      .onConflict((oc) => oc.columns(['user_id', 'symbol']).doUpdateSet({ shares: sql<bigint>`holdings.shares + excluded.shares` }))
      .execute();
  }
}

/** A batch of buys: the shares to the users' holdings and one open lot per fill, at `price`, counted in their lot totals. */
export async function settleBuys(trx: Trx, symbol: string, price: PriceUnits, at: number, fills: readonly BatchFill[]): Promise<void> {
  await addSharesMany(trx, symbol, sumByUser(fills, (f) => f.shares));
  const lots = fills
    .filter((f) => f.shares > 0n)
    .map((f) => ({ id: f.transactionId, user_id: f.userId, symbol, shares: f.shares, price, created_at: at }));
  for (const part of chunks(lots, 200)) await trx.insertInto('lots').values(part).execute();
  const added = new Map<string, LotDelta>();
  for (const lot of lots) addDelta(added, lot.user_id, lot.shares, lotCost(lot.shares, price));
  await adjustLotTotals(trx, symbol, added);
}

/** A batch of sells whose shares were reserved: proceeds to cash, lots consumed oldest first. */
export async function settleSells(trx: Trx, symbol: string, fills: readonly BatchFill[]): Promise<ShareUnits> {
  await creditCashMany(trx, sumByUser(fills, (f) => f.totalCents));
  return consumeLots(trx, symbol, sumByUser(fills, (f) => f.shares));
}

/**
 * Splits fills into those that keep every user inside the caps (a buy's holding under
 * MAX_HOLDING_UNITS, a sale's cash under MAX_CASH_CENTS) and those that do not; a user's earlier
 * fills come first. `start` is each user's holding (buys) or cash (sells) before the batch.
 */
export function splitOverCaps<F extends BatchFill>(
  side: 'PURCHASE' | 'SELL',
  fills: readonly F[],
  start: ReadonlyMap<string, bigint>,
): { done: F[]; over: F[] } {
  const level = new Map(start);
  const cap = side === 'PURCHASE' ? MAX_HOLDING_UNITS : MAX_CASH_CENTS;
  const done: F[] = [];
  const over: F[] = [];
  for (const f of fills) {
    const after = (level.get(f.userId) ?? 0n) + (side === 'PURCHASE' ? f.shares : f.totalCents);
    if (after > cap) over.push(f);
    else {
      level.set(f.userId, after);
      done.push(f);
    }
  }
  return { done, over };
}
