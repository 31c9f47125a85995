/** Rows written straight into the database for the read-side tests (portfolio, market): the trade routes have their own tests. */
import type { Kysely } from 'kysely';
import { newId } from '../src/db/new-id.ts';
import type { DB } from '../src/db/schema.ts';

export const USD = (dollars: number): bigint => BigInt(Math.round(dollars * 100));
/** Shares or a price in 1e-8 units from a decimal text, exactly. */
export const units = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
};

export interface TxRow {
  type?: 'PURCHASE' | 'SELL';
  method?: 'MARKET' | 'LIMIT';
  symbol?: string;
  shares?: bigint;
  price?: bigint;
  totalCents?: bigint;
  feeCents?: bigint;
  createdAt: number;
  epoch?: number;
  id?: string;
}

export async function insertTransaction(
  db: Kysely<DB>,
  userId: string,
  row: TxRow,
): Promise<string> {
  const id = row.id ?? newId(row.createdAt);
  await db
    .insertInto('transactions')
    .values({
      id,
      portfolio_id: userId,
      epoch: row.epoch ?? 0,
      type: row.type ?? 'PURCHASE',
      method: row.method ?? 'MARKET',
      symbol: row.symbol ?? 'BTC',
      shares: row.shares ?? units('0.1'),
      total_cents: row.totalCents ?? USD(3000),
      price: row.price ?? units('30000'),
      fee_cents: row.feeCents ?? 0n,
      position_id: null,
      created_at: row.createdAt,
    })
    .execute();
  return id;
}

export interface OrderRow {
  type?: 'PURCHASE' | 'SELL';
  symbol?: string;
  limitPrice?: bigint;
  purchaseCents?: bigint | null;
  sellShares?: bigint | null;
  status?: 'WORKING' | 'FILLED' | 'CANCELLED';
  createdAt: number;
  epoch?: number;
}

export async function insertOrder(db: Kysely<DB>, userId: string, row: OrderRow): Promise<string> {
  const id = newId(row.createdAt);
  const type = row.type ?? 'PURCHASE';
  await db
    .insertInto('limit_orders')
    .values({
      id,
      portfolio_id: userId,
      epoch: row.epoch ?? 0,
      symbol: row.symbol ?? 'BTC',
      type,
      limit_price: row.limitPrice ?? units('20000'),
      purchase_cents:
        row.purchaseCents !== undefined
          ? row.purchaseCents
          : type === 'PURCHASE'
            ? USD(1000)
            : null,
      sell_shares:
        row.sellShares !== undefined ? row.sellShares : type === 'SELL' ? units('0.1') : null,
      status: row.status ?? 'WORKING',
      created_at: row.createdAt,
      closed_at: null,
      fill_price: null,
      transaction_id: null,
    })
    .execute();
  return id;
}

/**
 * Free shares of a symbol, as a buy leaves them: one open lot at `price` (1e-8 dollars; $1 unless
 * given) and its lot totals, all of its shares free.
 */
export async function setHolding(
  db: Kysely<DB>,
  userId: string,
  symbol: string,
  shares: bigint,
  price = units('1'),
): Promise<void> {
  await db
    .insertInto('lots')
    .values({ id: newId(), portfolio_id: userId, symbol, shares, price, created_at: Date.now() })
    .execute();
  await db
    .insertInto('lot_totals')
    .values({
      portfolio_id: userId,
      symbol,
      shares,
      free_shares: shares,
      cost: (shares * price).toString(),
    })
    .execute();
}

export async function setCash(db: Kysely<DB>, userId: string, cents: bigint): Promise<void> {
  await db.updateTable('portfolios').set({ cash_cents: cents }).where('id', '=', userId).execute();
}

/** The asset's price as stored, without a tick (test/calls.ts' setPrice runs one). */
export async function setStoredPrice(db: Kysely<DB>, symbol: string, price: bigint): Promise<void> {
  await db.updateTable('assets').set({ price }).where('symbol', '=', symbol).execute();
}
