import { BoundsError, quoteMarketBuy, quoteMarketSell, type PriceUnits, type ShareUnits } from '@papertrade/domain';
import { sql, type Insertable } from 'kysely';
import { newId } from '../../db/new-id.ts';
import type { DB } from '../../db/schema.ts';
import { lockUsers, type LockedUser, type Trx } from '../../db/transaction.ts';
import {
  addSharesMany,
  creditCashMany,
  settleBuys,
  settleSells,
  splitOverCaps,
  sumByUser,
  type BatchFill,
} from '../../ledger/batched-moves.ts';
import { priceText, sharesText, usdText } from '../../ledger/money-text.ts';
import { caseById } from '../../ledger/sql-case.ts';
import { chunks } from '../../users/chunks.ts';
import { notifyMany, type NewNotification } from '../../users/notify.ts';
import type { Side } from './crossing-orders.ts';

export type Fill = BatchFill;

export interface BatchInput {
  symbol: string;
  side: Side;
  price: PriceUnits;
  at: number;
  orderIds: readonly string[];
  /** Owners of the orders: their row locks are taken first, in ascending id. */
  userIds: readonly string[];
}

/** An order claimed but not filled: its reservation went back and its owner was told why. */
export interface Refusal {
  orderId: string;
  userId: string;
  reason: string;
}

export interface BatchResult {
  fills: Fill[];
  cancelled: Refusal[];
  /** Shares sold without a matching open lot (0 unless the ledger is inconsistent). */
  unmatchedShares: ShareUnits;
}

interface Claimed {
  id: string;
  user_id: string;
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
  transaction_id: string | null;
}

/**
 * Fills a batch of crossed orders of one symbol and side at the tick's price, inside the caller's
 * transaction, in a handful of statements whatever the batch size. The orders move WORKING ->
 * FILLED in one statement guarded by their status and by their owner's current epoch; only the
 * orders it claimed move money, so an order cancelled or reset away meanwhile is skipped and
 * none fills twice. A fill the bounds refuse is cancelled instead, its reservation given back.
 */
export async function fillBatch(trx: Trx, input: BatchInput): Promise<BatchResult> {
  const { symbol, side, price, at } = input;
  const users = new Map((await lockUsers(trx, input.userIds)).map((u) => [u.id, u]));
  if (users.size === 0) return { fills: [], cancelled: [], unmatchedShares: 0n };
  const txIds = input.orderIds.map((id) => [id, newId(at)] as const);
  const claimed: Claimed[] = await trx
    .updateTable('limit_orders')
    .set({ status: 'FILLED', fill_price: price, closed_at: at, transaction_id: caseById<string>(txIds) })
    .where('id', 'in', [...input.orderIds])
    .where('user_id', 'in', [...users.keys()])
    .where('status', '=', 'WORKING')
    .where('epoch', '=', sql<bigint>`(SELECT epoch FROM users WHERE users.id = limit_orders.user_id)`)
    .returning(['id', 'user_id', 'purchase_cents', 'sell_shares', 'transaction_id'])
    .execute();

  const quoted: Fill[] = [];
  const refused: (Refusal & { reserved: bigint })[] = [];
  for (const o of claimed) {
    const reserved = BigInt((side === 'PURCHASE' ? o.purchase_cents : o.sell_shares) ?? 0n);
    try {
      // The same quotes, with the same bounds, as a market order at this price.
      const fill =
        side === 'PURCHASE'
          ? quoteMarketBuy({ unit: 'USD', cents: reserved }, price)
          : quoteMarketSell({ unit: 'SYMBOL', shares: reserved }, price);
      if (fill.shares <= 0n || fill.totalCents <= 0n) throw new BoundsError('AMOUNT_TOO_LARGE', 'it trades nothing at this price');
      quoted.push({ orderId: o.id, userId: o.user_id, transactionId: o.transaction_id ?? newId(at), ...fill });
    } catch (error) {
      if (!(error instanceof BoundsError)) throw error;
      refused.push({ orderId: o.id, userId: o.user_id, reserved, reason: error.message });
    }
  }
  // Transaction ids were made in the order of the batch (best limit first): keep that order.
  quoted.sort((a, b) => (a.transactionId < b.transactionId ? -1 : 1));

  const start = side === 'PURCHASE' ? await holdingsOf(trx, symbol, quoted) : cashOf(users);
  const { done, over } = splitOverCaps(side, quoted, start);
  const capReason = side === 'PURCHASE' ? 'it would take your holding past 10,000,000,000 shares' : 'it would take your cash past $10,000,000,000,000';
  for (const f of over) refused.push({ orderId: f.orderId, userId: f.userId, reserved: side === 'PURCHASE' ? f.totalCents : f.shares, reason: capReason });

  let unmatchedShares = 0n;
  if (side === 'PURCHASE') await settleBuys(trx, symbol, price, at, done);
  else unmatchedShares = await settleSells(trx, symbol, done);
  await refuse(trx, input, refused);
  for (const part of chunks(done.map((f) => transactionRow(f, input, users.get(f.userId))), 200)) {
    await trx.insertInto('transactions').values(part).execute();
  }
  const verb = side === 'PURCHASE' ? 'bought' : 'sold';
  await notifyMany(trx, done.map((f) => ({
    userId: f.userId,
    type: 'TRANSACTION' as const,
    text: `Limit order filled: ${verb} ${sharesText(f.shares)} ${symbol} at ${priceText(price)}`,
    url: `/transaction?id=${f.transactionId}`,
  })), at);
  return { fills: done, cancelled: refused.map(({ orderId, userId, reason }) => ({ orderId, userId, reason })), unmatchedShares };
}

async function holdingsOf(trx: Trx, symbol: string, fills: readonly Fill[]): Promise<Map<string, bigint>> {
  if (!fills.length) return new Map();
  const rows = await trx
    .selectFrom('holdings')
    .select(['user_id', 'shares'])
    .where('symbol', '=', symbol)
    .where('user_id', 'in', [...new Set(fills.map((f) => f.userId))])
    .execute();
  return new Map(rows.map((r) => [r.user_id, BigInt(r.shares)]));
}

const cashOf = (users: ReadonlyMap<string, LockedUser>) => new Map([...users].map(([id, u]) => [id, u.cashCents]));

/** Claimed orders that cannot fill: cancelled, reservation back, and a notification saying why. */
async function refuse(trx: Trx, input: BatchInput, refused: readonly (Refusal & { reserved: bigint })[]): Promise<void> {
  if (!refused.length) return;
  for (const part of chunks(refused.map((r) => r.orderId))) {
    await trx
      .updateTable('limit_orders')
      .set({ status: 'CANCELLED', fill_price: null, transaction_id: null, closed_at: input.at })
      .where('id', 'in', part)
      .execute();
  }
  if (input.side === 'PURCHASE') await creditCashMany(trx, sumByUser(refused, (r) => r.reserved));
  else await addSharesMany(trx, input.symbol, sumByUser(refused, (r) => r.reserved));
  await notifyMany(trx, refused.map((r) => refusalNotice(input, r)), input.at);
}

export function refusalNotice(input: Pick<BatchInput, 'symbol' | 'side' | 'price'>, r: Refusal & { reserved: bigint }): NewNotification {
  const what = input.side === 'PURCHASE' ? `buy ${input.symbol} for ${usdText(r.reserved)}` : `sell ${sharesText(r.reserved)} ${input.symbol}`;
  const back = input.side === 'PURCHASE' ? 'the cash it reserved is' : 'the shares it reserved are';
  return {
    userId: r.userId,
    type: 'INFORMATIVE',
    text: `Your limit order to ${what} was cancelled at ${priceText(input.price)}: ${r.reason}; ${back} free again`,
    url: '/order',
  };
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
