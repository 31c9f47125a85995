import { totalBalanceCents, type Cents, type HoldingInput } from '@papertrade/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { currentPrices, WORKING } from './total-balance.ts';

/** One open portfolio's total, with what boards show of its owner. */
export interface PortfolioTotalBalance {
  /** The portfolio's id (the user's id for a main portfolio). */
  id: string;
  userId: string;
  kind: string;
  contestId: string | null;
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
  /** Cash reserved by working PURCHASE orders. */
  reservedCents: Cents;
}

/**
 * Every open portfolio's total balance (docs/product.md, Total balance) in four queries, whatever their number: portfolios,
 * non-empty holdings, the cash working buys reserve and prices, summed in JS with bigint. Not in SQL because
 * shares (up to 1e18 units) x price (up to 1e15 units) overflows a 64-bit integer: PostgreSQL
 * would fail and SQLite would silently fall back to a float. The reads share one transaction
 * (REPEATABLE READ on PostgreSQL) so a trade in between is never counted twice or not at all.
 */
export async function loadAllTotalBalances(db: Kysely<DB>): Promise<PortfolioTotalBalance[]> {
  return inTransaction(db, (trx) => readAll(trx), { isolation: 'repeatable read' });
}

async function readAll(trx: Transaction<DB>): Promise<PortfolioTotalBalance[]> {
  // Sequential: a transaction is one connection, and SQLite runs one statement at a time anyway.
  const portfolios = await trx
    .selectFrom('portfolios')
    .innerJoin('users', 'users.id', 'portfolios.user_id')
    .select([
      'portfolios.id',
      'portfolios.user_id',
      'portfolios.kind',
      'portfolios.contest_id',
      'portfolios.wallet_address',
      'users.username',
      'users.avatar',
      'portfolios.created_at',
      'portfolios.reset_at',
      'portfolios.epoch',
      'portfolios.cash_cents',
      'portfolios.starting_balance_cents',
    ])
    .where('portfolios.closed_at', 'is', null)
    .execute();
  // Free and reserved shares are valued together (decision 041): the working sells are in the
  // open lots' totals, and only the cash the working buys reserve is read, summed per portfolio.
  const holdings = await trx
    .selectFrom('lot_totals')
    .select(['portfolio_id', 'symbol', 'shares'])
    .where('shares', '>', 0n)
    .execute();
  const reserved = await trx
    .selectFrom('limit_orders')
    .select((eb) => [
      'portfolio_id',
      eb.fn.sum<bigint | number | string>('purchase_cents').as('cents'),
    ])
    .where('status', '=', WORKING)
    .where('type', '=', sql.lit('PURCHASE'))
    .groupBy('portfolio_id')
    .execute();
  const prices = await currentPrices(trx);

  const positions = new Map<string, Positions>();
  const of = (portfolioId: string): Positions => {
    let p = positions.get(portfolioId);
    if (!p) positions.set(portfolioId, (p = { holdings: [], reservedCents: 0n }));
    return p;
  };
  for (const h of holdings)
    of(h.portfolio_id).holdings.push({ symbol: h.symbol, shares: BigInt(h.shares) });
  for (const r of reserved) of(r.portfolio_id).reservedCents += BigInt(r.cents);

  return portfolios.map((u) => {
    const p = positions.get(u.id);
    const cashCents = BigInt(u.cash_cents);
    return {
      id: u.id,
      userId: u.user_id,
      kind: u.kind,
      contestId: u.contest_id,
      walletAddress: u.wallet_address,
      username: u.username,
      avatar: u.avatar,
      createdAt: Number(u.created_at),
      resetAt: u.reset_at === null ? null : Number(u.reset_at),
      epoch: BigInt(u.epoch),
      startingCents: BigInt(u.starting_balance_cents),
      totalCents: p
        ? totalBalanceCents({
            cashCents: cashCents + p.reservedCents,
            holdings: p.holdings,
            workingOrders: [],
            prices,
          })
        : cashCents,
      invested: p !== undefined,
    };
  });
}
