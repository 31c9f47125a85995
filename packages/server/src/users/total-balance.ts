import { totalBalanceCents as computeTotal, type Cents, type PriceUnits } from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function currentPrices(db: Db): Promise<Map<string, PriceUnits>> {
  const rows = await db.selectFrom('assets').select(['symbol', 'price']).execute();
  return new Map(rows.map((r) => [r.symbol, BigInt(r.price)]));
}

/** SPEC §9: cash + holdings at current prices + working orders (PURCHASE at purchaseAsk, SELL at sellAsk x price). */
export async function totalBalanceCents(db: Db, userId: string, prices?: ReadonlyMap<string, PriceUnits>): Promise<Cents> {
  const [user, holdings, orders, priceMap] = await Promise.all([
    db.selectFrom('users').select(['cash_cents']).where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('holdings').select(['symbol', 'shares']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('limit_orders')
      .select(['type', 'symbol', 'purchase_cents', 'sell_shares'])
      .where('user_id', '=', userId)
      .where('status', '=', 'WORKING')
      .execute(),
    prices ? Promise.resolve(prices) : currentPrices(db),
  ]);
  return computeTotal({
    cashCents: BigInt(user.cash_cents),
    holdings: holdings.map((h) => ({ symbol: h.symbol, shares: BigInt(h.shares) })),
    workingOrders: orders.map((o) => ({
      type: o.type as 'PURCHASE' | 'SELL',
      symbol: o.symbol,
      ...(o.purchase_cents !== null ? { purchaseCents: BigInt(o.purchase_cents) } : {}),
      ...(o.sell_shares !== null ? { sellShares: BigInt(o.sell_shares) } : {}),
    })),
    prices: priceMap,
  });
}

/** Snapshots closer together than this replace each other, so a burst of trades is one point. */
const SNAPSHOT_MERGE_MS = 60_000;

export async function recordBalanceSnapshot(db: Db, userId: string, now = Date.now()): Promise<void> {
  const user = await db.selectFrom('users').select(['epoch']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const balance = await totalBalanceCents(db, userId);
  const latest = await db
    .selectFrom('balance_snapshots')
    .select(['ts'])
    .where('user_id', '=', userId)
    .where('epoch', '=', user.epoch)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && BigInt(now) - BigInt(latest.ts) < SNAPSHOT_MERGE_MS) {
    await db
      .updateTable('balance_snapshots')
      .set({ balance_cents: balance, ts: now })
      .where('user_id', '=', userId)
      .where('epoch', '=', user.epoch)
      .where('ts', '=', latest.ts)
      .execute();
    return;
  }
  await db
    .insertInto('balance_snapshots')
    .values({ user_id: userId, epoch: user.epoch, ts: now, balance_cents: balance })
    .execute();
}
