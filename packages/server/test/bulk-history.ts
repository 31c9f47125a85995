import { randomBytes } from 'node:crypto';
import { STARTING_BALANCE_CENTS } from '@papertrade/domain';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * A long past for one user, written in bulk for tests that need one fast: `lots` open lots of
 * `symbol` (the holding and its lot totals to match), a buy transaction per lot plus `extra`
 * older transactions, and closed limit orders, notifications and balance points. The cash is
 * left alone, so it does not reconcile with the transactions: only for tests that look at how
 * the database is read, not at money.
 */
export async function writeBulkHistory(
  db: Kysely<DB>,
  user: { id: string; symbol: string; price: bigint },
  size: {
    lots: number;
    extra: number;
    closedOrders: number;
    notifications: number;
    points: number;
  },
): Promise<void> {
  const start = Date.now() - 10 * 365 * 86_400_000;
  const id = (at: number) =>
    at.toString(36).padStart(9, '0') + '0000' + randomBytes(4).toString('hex');
  const shares = 1_000_000n;
  const put = async <T extends keyof DB>(
    table: T,
    count: number,
    row: (i: number, at: number) => Insertable<DB[T]>,
  ) => {
    for (let i = 0; i < count; i += 500) {
      const part = Array.from({ length: Math.min(500, count - i) }, (_, j) =>
        row(i + j, start + (i + j) * 60_000),
      );
      await db.insertInto(table).values(part).execute();
    }
  };
  const tx = (i: number, at: number): Insertable<DB['transactions']> => ({
    id: id(at),
    portfolio_id: user.id,
    epoch: 0,
    type: 'PURCHASE',
    method: 'MARKET',
    symbol: user.symbol,
    shares,
    total_cents: 1_000n,
    price: user.price,
    position_id: null,
    created_at: at,
  });
  await put('transactions', size.extra + size.lots, tx);
  const lotStart = start + size.extra * 60_000;
  await put('lots', size.lots, (i) => {
    const at = lotStart + i * 60_000;
    return {
      id: id(at),
      portfolio_id: user.id,
      symbol: user.symbol,
      shares,
      price: user.price,
      created_at: at,
    };
  });
  const held = shares * BigInt(size.lots);
  await db
    .insertInto('lot_totals')
    .values({
      portfolio_id: user.id,
      symbol: user.symbol,
      shares: held,
      free_shares: held,
      cost: (held * user.price).toString(),
    })
    .execute();
  await put('limit_orders', size.closedOrders, (_i, at) => ({
    id: id(at),
    portfolio_id: user.id,
    epoch: 0,
    symbol: user.symbol,
    type: 'PURCHASE',
    limit_price: user.price,
    purchase_cents: 1_000n,
    sell_shares: null,
    status: 'CANCELLED',
    created_at: at,
    closed_at: at,
    fill_price: null,
    transaction_id: null,
  }));
  await put('notifications', size.notifications, (_i, at) => ({
    id: id(at),
    user_id: user.id,
    type: 'INFORMATIVE',
    text: 'x',
    url: '/home',
    read: 1,
    created_at: at,
  }));
  await put('balance_snapshots', size.points, (_i, at) => ({
    portfolio_id: user.id,
    epoch: 0,
    ts: at,
    balance_cents: STARTING_BALANCE_CENTS,
  }));
}
