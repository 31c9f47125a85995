import { totalBalanceCents, type Cents, type WorkingOrderInput, type HoldingInput } from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { currentPrices, WORKING } from './total-balance.ts';

export interface UserTotalBalance {
  id: string;
  walletAddress: string;
  username: string;
  avatar: string | null;
  createdAt: number;
  /** When the current epoch began by a reset; null if never reset. */
  resetAt: number | null;
  epoch: bigint;
  startingCents: Cents;
  totalCents: Cents;
  /** Holds at least one share or has a working order (its total moves with prices). */
  invested: boolean;
}

interface Positions {
  holdings: HoldingInput[];
  orders: WorkingOrderInput[];
}

/**
 * Every user's total balance (SPEC §9) in four queries, whatever the number of users: users,
 * non-empty holdings, working orders and prices, summed in JS with bigint. Not in SQL because
 * shares (up to 1e18 units) x price (up to 1e15 units) overflows a 64-bit integer: PostgreSQL
 * would fail and SQLite would silently fall back to a float. The reads share one transaction
 * (REPEATABLE READ on PostgreSQL) so a trade in between is never counted twice or not at all.
 */
export async function loadAllTotalBalances(db: Kysely<DB>): Promise<UserTotalBalance[]> {
  return inTransaction(db, (trx) => readAll(trx), { isolation: 'repeatable read' });
}

async function readAll(trx: Transaction<DB>): Promise<UserTotalBalance[]> {
  // Sequential: a transaction is one connection, and SQLite runs one statement at a time anyway.
  const users = await trx
    .selectFrom('users')
    .select(['id', 'wallet_address', 'username', 'avatar', 'created_at', 'reset_at', 'epoch', 'cash_cents', 'starting_balance_cents'])
    .execute();
  const holdings = await trx.selectFrom('holdings').select(['user_id', 'symbol', 'shares']).where('shares', '>', 0n).execute();
  const orders = await trx
    .selectFrom('limit_orders')
    .select(['user_id', 'type', 'symbol', 'purchase_cents', 'sell_shares'])
    .where('status', '=', WORKING)
    .execute();
  const prices = await currentPrices(trx);

  const positions = new Map<string, Positions>();
  const of = (userId: string): Positions => {
    let p = positions.get(userId);
    if (!p) positions.set(userId, (p = { holdings: [], orders: [] }));
    return p;
  };
  for (const h of holdings) of(h.user_id).holdings.push({ symbol: h.symbol, shares: BigInt(h.shares) });
  for (const o of orders) {
    of(o.user_id).orders.push({
      type: o.type as WorkingOrderInput['type'],
      symbol: o.symbol,
      ...(o.purchase_cents !== null ? { purchaseCents: BigInt(o.purchase_cents) } : {}),
      ...(o.sell_shares !== null ? { sellShares: BigInt(o.sell_shares) } : {}),
    });
  }

  return users.map((u) => {
    const p = positions.get(u.id);
    const cashCents = BigInt(u.cash_cents);
    return {
      id: u.id,
      walletAddress: u.wallet_address,
      username: u.username,
      avatar: u.avatar,
      createdAt: Number(u.created_at),
      resetAt: u.reset_at === null ? null : Number(u.reset_at),
      epoch: BigInt(u.epoch),
      startingCents: BigInt(u.starting_balance_cents),
      totalCents: p ? totalBalanceCents({ cashCents, holdings: p.holdings, workingOrders: p.orders, prices }) : cashCents,
      invested: p !== undefined,
    };
  });
}
