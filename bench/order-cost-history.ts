/**
 * A user's past trading written straight into the database in bulk, for bench/order-cost.ts:
 * placing 100,000 orders through the API would take minutes, so the rows are made here, the way
 * the ledger would have made them, and must reconcile exactly as the ledger check demands (cash,
 * holdings, lots, running cost totals and transactions).
 *
 * The history: `openLots` $5 buys first, then sells and buys alternating, each sell selling the
 * oldest open lot whole (first-in first-out, as the ledger does), until `orders` orders are done.
 * Every tenth order went through a limit order (FILLED, with its transaction and a notification).
 * Every user's history spans the same 30 days, whatever its number of orders, with a balance point
 * every 90 minutes: balance points come with time, not with orders (the app records them on a
 * timer and after fills), so a user with 100 orders over a month has as full a balance chart as
 * one with 100,000.
 */
import { randomBytes } from 'node:crypto';
import {
  quoteMarketBuy,
  quoteMarketSell,
  STARTING_BALANCE_CENTS,
  type PriceUnits,
} from '@papertrade/domain';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../packages/server/src/db/schema.ts';
import { inTransaction } from '../packages/server/src/db/transaction.ts';

type Rows<T extends keyof DB> = Insertable<DB[T]>[];

const BUY_CENTS = 500n;
const HISTORY_SPAN_MS = 30 * 24 * 3_600_000;
const POINT_EVERY_MS = 90 * 60_000;

/** Same shape as db/new-id.ts (time, sequence, random), but for a time in the past. */
const pastId = (at: number, seq: number) =>
  at.toString(36).padStart(9, '0') +
  seq.toString(36).padStart(4, '0') +
  randomBytes(4).toString('hex');

async function insertAll<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  rows: Rows<T>,
  size = 1_000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

export async function writeHistory(
  db: Kysely<DB>,
  user: { id: string; symbol: string; price: PriceUnits },
  orders: number,
  openLots: number,
): Promise<void> {
  const start = Date.now() - HISTORY_SPAN_MS - 10_000;
  const step = Math.floor(HISTORY_SPAN_MS / orders);
  let nextPoint = start;
  const txs: Rows<'transactions'> = [];
  const limitOrders: Rows<'limit_orders'> = [];
  const notes: Rows<'notifications'> = [];
  const points: Rows<'balance_snapshots'> = [];
  const open: { id: string; shares: bigint; price: bigint; at: number }[] = [];
  let cash = STARTING_BALANCE_CENTS;
  let head = 0;

  for (let i = 0; i < orders; i += 1) {
    const at = start + i * step;
    const price = (user.price * BigInt(1_000 + Math.round(50 * Math.sin(i / 37)))) / 1_000n;
    const buying = i < openLots || (i - openLots) % 2 === 1;
    const id = pastId(at, 0);
    let shares: bigint;
    let total: bigint;
    if (buying) {
      ({ shares, totalCents: total } = quoteMarketBuy({ unit: 'USD', cents: BUY_CENTS }, price));
      cash -= total;
      open.push({ id, shares, price, at });
    } else {
      const lot = open[head++];
      if (!lot) throw new Error('history sells more lots than it bought');
      ({ shares, totalCents: total } = quoteMarketSell(
        { unit: 'SYMBOL', shares: lot.shares },
        price,
      ));
      cash += total;
    }
    const type = buying ? 'PURCHASE' : 'SELL';
    const viaLimit = i % 10 === 9;
    const orderId = viaLimit ? pastId(at - 500, 0) : null;
    txs.push({
      id,
      portfolio_id: user.id,
      epoch: 0,
      type,
      method: viaLimit ? 'LIMIT' : 'MARKET',
      symbol: user.symbol,
      shares,
      total_cents: total,
      price,
      position_id: orderId,
      created_at: at,
    });
    if (orderId) {
      limitOrders.push({
        id: orderId,
        portfolio_id: user.id,
        epoch: 0,
        symbol: user.symbol,
        type,
        limit_price: price,
        purchase_cents: buying ? total : null,
        sell_shares: buying ? null : shares,
        status: 'FILLED',
        created_at: at - 500,
        closed_at: at,
        fill_price: price,
        transaction_id: id,
      });
      notes.push({
        id: pastId(at, 1),
        user_id: user.id,
        type: 'TRANSACTION',
        text: 'Your limit order filled',
        url: '/home',
        read: 1,
        created_at: at,
      });
    }
    for (; nextPoint <= at; nextPoint += POINT_EVERY_MS) {
      points.push({
        portfolio_id: user.id,
        epoch: 0,
        ts: nextPoint,
        balance_cents: cash + BUY_CENTS * BigInt(open.length - head),
      });
    }
  }

  const lots = open.slice(head);
  const held = lots.reduce((sum, l) => sum + l.shares, 0n);
  const cost = lots.reduce((sum, l) => sum + l.shares * l.price, 0n);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('portfolios')
      .set({ cash_cents: cash, created_at: start - 1_000 })
      .where('id', '=', user.id)
      .execute();
    await insertAll(trx, 'transactions', txs);
    await insertAll(trx, 'limit_orders', limitOrders);
    await insertAll(trx, 'notifications', notes);
    await insertAll(trx, 'balance_snapshots', points);
    await insertAll(
      trx,
      'lots',
      lots.map((l) => ({
        id: l.id,
        portfolio_id: user.id,
        symbol: user.symbol,
        shares: l.shares,
        price: l.price,
        created_at: l.at,
      })),
    );
    if (held > 0n) {
      await trx
        .insertInto('lot_totals')
        .values({
          portfolio_id: user.id,
          symbol: user.symbol,
          shares: held,
          free_shares: held,
          cost: cost.toString(),
        })
        .execute();
    }
  });
}
