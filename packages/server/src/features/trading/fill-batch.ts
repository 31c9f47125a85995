import {
  proceedsOfShares,
  sharesForCents,
  type Cents,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { sql, type Insertable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { newId } from '../../db/new-id.ts';
import type { DB } from '../../db/schema.ts';
import { chunks } from '../../users/chunks.ts';
import { notifyMany } from '../../users/notify.ts';
import type { Side } from './crossing-orders.ts';
import type { Trx } from './db-retry.ts';
import { consumeLots, lockUsers, MAX_HOLDING_UNITS, type LockedUser } from './ledger.ts';
import { priceText, sharesText } from './money-text.ts';
import { caseById } from './sql-case.ts';

export interface Fill {
  orderId: string;
  userId: string;
  transactionId: string;
  shares: ShareUnits;
  totalCents: Cents;
}

export interface BatchInput {
  symbol: string;
  side: Side;
  price: PriceUnits;
  at: number;
  orderIds: readonly string[];
  /** Owners of the orders, sorted: the order their row locks are taken in. */
  userIds: readonly string[];
}

export interface BatchResult {
  fills: Fill[];
  /** Orders cancelled instead of filled: the fill would take a holding past MAX_HOLDING_UNITS. */
  cancelled: { orderId: string; userId: string }[];
  /** Shares sold without a matching open lot (0 unless the ledger is inconsistent). */
  unmatchedShares: ShareUnits;
}

function sumBy(fills: readonly Fill[], value: (f: Fill) => bigint): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const f of fills) sums.set(f.userId, (sums.get(f.userId) ?? 0n) + value(f));
  return sums;
}

/**
 * Fills a batch of crossed orders of one symbol and side at the tick's price, inside the caller's
 * transaction, in a handful of statements whatever the batch size. The orders move WORKING ->
 * FILLED in one statement guarded by their status; only the orders it claimed move money, so an
 * order cancelled meanwhile is skipped and none fills twice.
 */
export async function fillBatch(trx: Trx, dialect: Dialect, input: BatchInput): Promise<BatchResult> {
  const { symbol, side, price, at } = input;
  const users = new Map((await lockUsers(trx, dialect, input.userIds)).map((u) => [u.id, u]));
  if (users.size === 0) return { fills: [], cancelled: [], unmatchedShares: 0n };
  const txIds = input.orderIds.map((id) => [id, newId(at)] as const);
  const claimed = await trx
    .updateTable('limit_orders')
    .set({ status: 'FILLED', fill_price: price, closed_at: at, transaction_id: caseById<string>(txIds) })
    .where('id', 'in', [...input.orderIds])
    .where('user_id', 'in', [...users.keys()])
    .where('status', '=', 'WORKING')
    .returning(['id', 'user_id', 'purchase_cents', 'sell_shares', 'transaction_id'])
    .execute();

  const fills: Fill[] = claimed
    .map((o) => {
      const reserved = BigInt((side === 'PURCHASE' ? o.purchase_cents : o.sell_shares) ?? 0n);
      return {
        orderId: o.id,
        userId: o.user_id,
        transactionId: o.transaction_id ?? newId(at),
        ...(side === 'PURCHASE'
          ? { shares: sharesForCents(reserved, price), totalCents: reserved }
          : { shares: reserved, totalCents: proceedsOfShares(reserved, price) }),
      };
    })
    // Transaction ids were made in the order of the batch (best limit first): keep that order.
    .sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));

  let done = fills;
  let cancelled: BatchResult['cancelled'] = [];
  let unmatchedShares = 0n;
  if (side === 'PURCHASE') {
    ({ done, cancelled } = await splitOverCap(trx, symbol, fills));
    await cancelOverCap(trx, cancelled, fills);
    await creditHoldings(trx, symbol, done);
    await insertRows(trx, 'lots', done.filter((f) => f.shares > 0n).map((f) => ({
      id: f.transactionId, user_id: f.userId, symbol, shares: f.shares, price, created_at: at,
    })));
  } else {
    await creditCash(trx, sumBy(fills, (f) => f.totalCents));
    unmatchedShares = await consumeLots(trx, symbol, sumBy(fills, (f) => f.shares));
  }
  await insertRows(trx, 'transactions', done.map((f) => transactionRow(f, input, users.get(f.userId))));
  const verb = side === 'PURCHASE' ? 'bought' : 'sold';
  await notifyMany(trx, done.map((f) => ({
    userId: f.userId,
    type: 'TRANSACTION' as const,
    text: `Limit order filled: ${verb} ${sharesText(f.shares)} ${symbol} at ${priceText(price)}`,
    url: `/transaction?id=${f.transactionId}`,
  })), at);
  return { fills: done, cancelled, unmatchedShares };
}

function transactionRow(f: Fill, input: BatchInput, user: LockedUser | undefined): Insertable<DB['transactions']> {
  return {
    id: f.transactionId,
    user_id: f.userId,
    epoch: user?.epoch ?? 0n,
    type: input.side,
    method: 'LIMIT',
    symbol: input.symbol,
    shares: f.shares,
    total_cents: f.totalCents,
    price: input.price,
    position_id: f.orderId,
    created_at: input.at,
  };
}

/** Multi-row inserts, 200 rows each (11 columns: far below every parameter limit). */
async function insertRows<T extends 'lots' | 'transactions'>(trx: Trx, table: T, rows: Insertable<DB[T]>[]) {
  for (const part of chunks(rows, 200)) await trx.insertInto(table).values(part).execute();
}

async function creditCash(trx: Trx, byUser: ReadonlyMap<string, Cents>) {
  const credits = [...byUser].filter(([, cents]) => cents > 0n);
  for (const part of chunks(credits)) {
    await trx
      .updateTable('users')
      .set({ cash_cents: sql<bigint>`cash_cents + ${caseById<bigint>(part, 'bigint')}` })
      .where('id', 'in', part.map(([id]) => id))
      .execute();
  }
}

async function creditHoldings(trx: Trx, symbol: string, fills: readonly Fill[]) {
  const added = [...sumBy(fills, (f) => f.shares)].filter(([, shares]) => shares > 0n);
  for (const part of chunks(added)) {
    await trx
      .insertInto('holdings')
      .values(part.map(([user_id, shares]) => ({ user_id, symbol, shares })))
      .onConflict((oc) => oc.columns(['user_id', 'symbol']).doUpdateSet({ shares: sql<bigint>`holdings.shares + excluded.shares` }))
      .execute();
  }
}

/** Fills that would take a holding past MAX_HOLDING_UNITS (the earlier orders of a user fill first). */
async function splitOverCap(trx: Trx, symbol: string, fills: Fill[]) {
  if (!fills.length) return { done: fills, cancelled: [] };
  const rows = await trx
    .selectFrom('holdings')
    .select(['user_id', 'shares'])
    .where('symbol', '=', symbol)
    .where('user_id', 'in', [...new Set(fills.map((f) => f.userId))])
    .execute();
  const held = new Map(rows.map((r) => [r.user_id, BigInt(r.shares)]));
  const done: Fill[] = [];
  const cancelled: BatchResult['cancelled'] = [];
  for (const f of fills) {
    const after = (held.get(f.userId) ?? 0n) + f.shares;
    if (after > MAX_HOLDING_UNITS) cancelled.push({ orderId: f.orderId, userId: f.userId });
    else {
      held.set(f.userId, after);
      done.push(f);
    }
  }
  return { done, cancelled };
}

/** Turns claimed but oversized fills into cancellations and gives their reserved cash back. */
async function cancelOverCap(trx: Trx, cancelled: BatchResult['cancelled'], fills: readonly Fill[]) {
  if (!cancelled.length) return;
  const ids = new Set(cancelled.map((c) => c.orderId));
  await trx
    .updateTable('limit_orders')
    .set({ status: 'CANCELLED', fill_price: null, transaction_id: null })
    .where('id', 'in', [...ids])
    .execute();
  await creditCash(trx, sumBy(fills.filter((f) => ids.has(f.orderId)), (f) => f.totalCents));
}
