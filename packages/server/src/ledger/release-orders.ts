import { sql, type RawBuilder } from 'kysely';
import { batchIds } from '../db/batch-rows.ts';
import type { Trx } from '../db/transaction.ts';
import { chunks } from '../users/chunks.ts';
import { addSharesMany, creditCashMany } from './batched-moves.ts';
import { assertMoved, assertReleased, sumByPortfolio } from './ledger-assertions.ts';

/**
 * The ledger's step "release orders" (docs/decisions/021-ledger-steps.md): these orders stop
 * working (cancelled or expired) and each reservation goes back once, in a few statements
 * whatever their number. Every way an order ends without filling runs through it: a cancel, a
 * stuck order, an expiry, a fill refused by the bounds, a member's removal, a contest's end, the
 * fills' guard for closed portfolios. The caller holds the portfolios' row locks
 * (db/transaction.ts lockPortfolios), so no fill or other release of them runs in between.
 *
 * - An order of an ended epoch holds nothing (the reset that ended it dropped what it reserved):
 *   it only stops working.
 * - A pair's shares are reserved once (decision 015): they go back when the pair's last working
 *   leg ends, once; a leg whose other leg still works gives nothing back, and that leg leaves
 *   the group to hold the shares alone.
 */

export interface ReleasePortfolio {
  id: string;
  /** The epoch read under the lock: an order of another epoch holds nothing. */
  epoch: bigint;
  /**
   * The free cash read under the lock, when nothing moved it since in this transaction: the step
   * then asserts that it ends at exactly that plus what it gave back. Leave it out otherwise.
   */
  cashCents?: bigint;
}

export interface ReleaseInput {
  /** The portfolios concerned, under the caller's locks; only their orders are released. */
  portfolios: readonly ReleasePortfolio[];
  /** These orders of those portfolios; absent: every working order of the portfolios. */
  orderIds?: readonly string[];
  at: number;
  /** How the orders end: CANCELLED unless they expired. */
  status?: 'CANCELLED' | 'EXPIRED';
  /**
   * What the orders are now: WORKING, or FILLED for orders a fill batch claimed in this same
   * transaction and then refuses (their fill price and transaction id are cleared).
   */
  from?: 'WORKING' | 'FILLED';
  /** A further condition on the orders' rows (an expiry's: still due). */
  guard?: RawBuilder<unknown>;
}

/** An order the step ended, with what it gave back (0 when it held nothing). */
export interface ReleasedOrder {
  id: string;
  portfolioId: string;
  epoch: bigint;
  type: 'PURCHASE' | 'SELL';
  orderType: string;
  symbol: string;
  purchaseCents: bigint | null;
  sellShares: bigint | null;
  ocoGroupId: string | null;
  /** What went back to its owner: cash for a PURCHASE, shares for a SELL; 0 for none. */
  released: bigint;
}

interface EndedRow {
  id: string;
  portfolio_id: string;
  epoch: bigint | number;
  type: string;
  order_type: string;
  symbol: string;
  purchase_cents: bigint | number | null;
  sell_shares: bigint | number | null;
  oco_group_id: string | null;
}

const nullable = (v: bigint | number | null) => (v === null ? null : BigInt(v));

/** Releases a batch of orders; answers every order it ended, in no particular order. */
export async function releaseOrders(trx: Trx, input: ReleaseInput): Promise<ReleasedOrder[]> {
  if (!input.portfolios.length || input.orderIds?.length === 0) return [];
  const epochs = new Map(input.portfolios.map((p) => [p.id, p.epoch]));
  const owners = batchIds(trx, epochs.keys());
  const which = input.orderIds
    ? sql`id IN (SELECT id FROM ${batchIds(trx, input.orderIds)} AS o) AND portfolio_id IN (SELECT id FROM ${owners} AS p)`
    : sql`portfolio_id IN (SELECT id FROM ${owners} AS p)`;
  const { rows } = await sql<EndedRow>`UPDATE limit_orders
    SET status = ${input.status ?? 'CANCELLED'}, closed_at = ${input.at}, fill_price = NULL, transaction_id = NULL
    WHERE ${which} AND status = ${sql.lit(input.from ?? 'WORKING')} ${input.guard ? sql`AND ${input.guard}` : sql``}
    RETURNING id, portfolio_id, epoch, type, order_type, symbol, purchase_cents, sell_shares, oco_group_id`.execute(
    trx,
  );
  const ended: ReleasedOrder[] = rows.map((r) => ({
    id: r.id,
    portfolioId: r.portfolio_id,
    epoch: BigInt(r.epoch),
    type: r.type === 'PURCHASE' ? 'PURCHASE' : 'SELL',
    orderType: r.order_type,
    symbol: r.symbol,
    purchaseCents: nullable(r.purchase_cents),
    sellShares: nullable(r.sell_shares),
    ocoGroupId: r.oco_group_id,
    released: 0n,
  }));
  const live = ended.filter((o) => epochs.get(o.portfolioId) === o.epoch);
  const freed = await pairsFreed(trx, live, (o) => o.ocoGroupId);
  for (const o of freed)
    o.released = (o.type === 'PURCHASE' ? o.purchaseCents : o.sellShares) ?? 0n;
  await giveBack(trx, freed, input.portfolios);
  return ended;
}

/** One order's release: the batch step with one id. Answers it, or null when it was not there to end. */
export async function releaseOrder(
  trx: Trx,
  portfolio: ReleasePortfolio,
  orderId: string,
  at: number,
): Promise<ReleasedOrder | null> {
  const [order] = await releaseOrders(trx, { portfolios: [portfolio], orderIds: [orderId], at });
  return order ?? null;
}

/**
 * Of orders that just ended, those whose reservation goes back: every order outside a pair, and
 * one leg per pair whose legs have all ended. The legs still working in those pairs leave them,
 * each to hold the shares alone. `groupOf` reads an order's pair (its oco_group_id).
 */
export async function pairsFreed<T>(
  trx: Trx,
  ended: readonly T[],
  groupOf: (o: T) => string | null,
): Promise<T[]> {
  const freed = ended.filter((o) => groupOf(o) === null);
  const groups = [...new Set(ended.flatMap((o) => groupOf(o) ?? []))];
  if (!groups.length) return freed;
  const standing = new Set<string>();
  for (const part of chunks(groups)) {
    // Read first: an UPDATE's RETURNING would answer the group id it has just cleared.
    const working = await trx
      .selectFrom('limit_orders')
      .select(['id', 'oco_group_id'])
      .where(sql<boolean>`status = 'WORKING' AND oco_group_id IS NOT NULL`)
      .where('oco_group_id', 'in', part)
      .execute();
    if (!working.length) continue;
    for (const r of working) if (r.oco_group_id !== null) standing.add(r.oco_group_id);
    await trx
      .updateTable('limit_orders')
      .set({ oco_group_id: null })
      .where(
        'id',
        'in',
        working.map((r) => r.id),
      )
      .execute();
  }
  const seen = new Set<string>();
  for (const o of ended) {
    const group = groupOf(o);
    if (group === null || standing.has(group) || seen.has(group)) continue;
    seen.add(group);
    freed.push(o);
  }
  return freed;
}

/**
 * Cash back in one statement, free shares in one per symbol (batched-moves.ts, the moves the fills
 * use); each answers the balances after, which the assertions compare with what the orders held
 * (ledger-assertions.ts).
 */
async function giveBack(
  trx: Trx,
  freed: readonly ReleasedOrder[],
  portfolios: readonly ReleasePortfolio[],
): Promise<void> {
  const held = freed.map((o) => ({ portfolioId: o.portfolioId, amount: o.released, o }));
  const buys = held.filter((h) => h.o.type === 'PURCHASE');
  const sells = held.filter((h) => h.o.type === 'SELL');
  const cash = sumByPortfolio(buys, (h) => h.amount);
  const shares = new Map(
    [...new Set(sells.map((h) => h.o.symbol))].map((symbol) => [
      symbol,
      sumByPortfolio(
        sells.filter((h) => h.o.symbol === symbol),
        (h) => h.amount,
      ),
    ]),
  );
  // Checked before the first write: a bad reservation never reaches a balance.
  assertReleased(buys, [cash]);
  assertReleased(sells, [...shares.values()]);
  const before = new Map(
    portfolios.flatMap((p): [string, bigint][] =>
      p.cashCents === undefined ? [] : [[p.id, p.cashCents]],
    ),
  );
  const credited = await creditCashMany(trx, cash);
  assertMoved('reservations released to cash', credited.moved, credited.after, before);
  for (const [symbol, bySymbol] of shares) {
    const added = await addSharesMany(trx, symbol, bySymbol);
    assertMoved(`reserved ${symbol} shares released`, added.moved, added.after);
  }
}
