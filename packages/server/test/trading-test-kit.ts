import type { AppContext } from '../src/app-context.ts';
import { expectLedgersSound } from './ledger-check.ts';
import { rowHoldsReservation } from '../src/ledger/reserved-orders.ts';

/** What only the trading tests need: the ledger read back exactly (their calls: test/calls.ts). */

/** Every money invariant of docs/architecture.md for these users (test/ledger-check.ts), or a throw listing what broke. */
export function expectSound(ctx: AppContext, userIds: readonly string[]): Promise<void> {
  return expectLedgersSound(ctx, userIds);
}

/** Free cash, free shares of one symbol, and what working orders reserve, exactly. */
export async function balances(ctx: AppContext, userId: string, symbol: string) {
  const { db } = ctx;
  const user = await db
    .selectFrom('portfolios')
    .select('cash_cents')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const holding = await db
    .selectFrom('lot_totals')
    .select('free_shares as shares')
    .where('portfolio_id', '=', userId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  const orders = await db
    .selectFrom('limit_orders')
    .selectAll()
    .where('portfolio_id', '=', userId)
    .where('status', '=', 'WORKING')
    .execute();
  let reservedShares = 0n;
  let reservedCash = 0n;
  for (const o of orders.filter(rowHoldsReservation)) {
    if (o.type === 'PURCHASE') reservedCash += BigInt(o.purchase_cents ?? 0n);
    else if (o.symbol === symbol) reservedShares += BigInt(o.sell_shares ?? 0n);
  }
  return {
    cash: BigInt(user.cash_cents),
    shares: BigInt(holding?.shares ?? 0n),
    reservedShares,
    reservedCash,
  };
}

/**
 * The users' money as it stands: cash, holdings (all and free) per symbol, and how many
 * transactions and working orders they have, as text so that both databases compare alike. A
 * refused order (a `409 NO_LIQUIDITY` from an empty book among them) must leave it as it was.
 */
export async function moneySnapshot(ctx: AppContext, userIds: readonly string[]) {
  const { db } = ctx;
  if (!userIds.length) return [];
  const [portfolios, lots, transactions, working] = await Promise.all([
    db.selectFrom('portfolios').select(['id', 'cash_cents']).where('id', 'in', userIds).execute(),
    db
      .selectFrom('lot_totals')
      .select(['portfolio_id', 'symbol', 'shares', 'free_shares'])
      .where('portfolio_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('transactions')
      .select(['portfolio_id', 'id'])
      .where('portfolio_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('limit_orders')
      .select(['portfolio_id', 'id'])
      .where('portfolio_id', 'in', userIds)
      .where('status', '=', 'WORKING')
      .execute(),
  ]);
  return [...userIds].sort().map((id) => ({
    id,
    cash: String(portfolios.find((p) => p.id === id)?.cash_cents),
    lots: lots
      .filter((l) => l.portfolio_id === id)
      .map((l) => `${l.symbol} ${String(l.shares)} free ${String(l.free_shares)}`)
      .sort(),
    transactions: transactions.filter((t) => t.portfolio_id === id).length,
    working: working.filter((o) => o.portfolio_id === id).length,
  }));
}
