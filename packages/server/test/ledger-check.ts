import { checkMoneyInvariants, type SymbolLedger } from '@papertrade/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { lotTotalsViolations } from './lot-totals-check.ts';
import { rowHoldsReservation } from '../src/ledger/reserved-orders.ts';

/**
 * The ledger check of the race suite and the crash test: every money invariant of docs/architecture.md
 * ("Money") reconciled per epoch, read straight from the tables in one consistent snapshot, so it
 * can run while a server is still trading (the crash test checks a live restarted server).
 *
 * For each user, counting only the user's current epoch (a reset starts a new epoch with a new
 * starting balance; older rows are archived history):
 * - free cash + reserved cash (WORKING PURCHASE orders) + cost of buys + fees - proceeds of sells = starting balance
 *   (a fee is paid on top of a buy and out of a sale's proceeds: decision 013);
 * - per symbol: free shares + reserved shares (WORKING SELL orders) = bought - sold = open lots;
 * - per symbol: the running lot totals (shares, cost) = the open lots' sums (lot-totals-check.ts);
 * - nothing negative (cash, reservations, free shares, lots, transactions); free shares live in the
 *   lot totals row (migration 013), which goes only with its last open lot (lot-totals-check.ts);
 * - no WORKING order of another epoch than the user's;
 * - every FILLED order has exactly one transaction (by position_id, same epoch, and the order's
 *   transaction_id names it); every transaction with a position_id points at a FILLED order of its user.
 */

/** Where the ledger is read from: a test app's context or a Database both fit. */
export interface LedgerSource {
  db: Kysely<DB>;
}

const add = (map: Map<string, bigint>, key: string, value: bigint) =>
  map.set(key, (map.get(key) ?? 0n) + value);

async function userViolations(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const user = await trx
    .selectFrom('portfolios')
    .select(['cash_cents', 'starting_balance_cents', 'epoch'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return ['user row is missing'];
  const epoch = BigInt(user.epoch);
  const violations: string[] = [];

  const holdings = await trx
    .selectFrom('lot_totals')
    .select(['symbol', 'free_shares as shares'])
    .where('portfolio_id', '=', userId)
    .execute();
  const lotRows = await trx
    .selectFrom('lots')
    .select(['id', 'symbol', 'shares'])
    .where('portfolio_id', '=', userId)
    .execute();
  const orders = await trx
    .selectFrom('limit_orders')
    .selectAll()
    .where('portfolio_id', '=', userId)
    .execute();
  const txs = await trx
    .selectFrom('transactions')
    .selectAll()
    .where('portfolio_id', '=', userId)
    .execute();

  const free = new Map<string, bigint>();
  const reserved = new Map<string, bigint>();
  const bought = new Map<string, bigint>();
  const sold = new Map<string, bigint>();
  const lots = new Map<string, bigint>();
  let reservedCash = 0n;
  let buysCost = 0n;
  let sellsProceeds = 0n;

  for (const h of holdings) add(free, h.symbol, BigInt(h.shares));
  for (const l of lotRows) {
    const shares = BigInt(l.shares);
    if (shares <= 0n) violations.push(`${l.symbol}: lot ${l.id} has ${shares} shares`);
    add(lots, l.symbol, shares);
  }

  // A working pair is whole: its first leg works, and both legs sell the same shares.
  const working = new Map(orders.filter((o) => o.status === 'WORKING').map((o) => [o.id, o]));
  for (const o of working.values()) {
    if (o.oco_group_id === null || o.oco_group_id === o.id) continue;
    const first = working.get(o.oco_group_id);
    if (!first)
      violations.push(`order ${o.id} is in pair ${o.oco_group_id}, whose first leg is not working`);
    else if (BigInt(first.sell_shares ?? 0n) !== BigInt(o.sell_shares ?? 0n))
      violations.push(`the legs of pair ${o.oco_group_id} sell different amounts`);
  }
  for (const o of orders) {
    // An OCO pair reserves its shares once, on its first leg (decision 015).
    if (o.status !== 'WORKING' || !rowHoldsReservation(o)) continue;
    if (BigInt(o.epoch) !== epoch) {
      violations.push(
        `WORKING ${o.type} order ${o.id} (${o.symbol}) is of epoch ${o.epoch}, the user is at epoch ${epoch}`,
      );
      continue;
    }
    if (o.type === 'PURCHASE') reservedCash += BigInt(o.purchase_cents ?? 0n);
    else add(reserved, o.symbol, BigInt(o.sell_shares ?? 0n));
  }

  for (const t of txs) {
    const shares = BigInt(t.shares);
    const total = BigInt(t.total_cents);
    const fee = BigInt(t.fee_cents ?? 0n);
    if (shares <= 0n || total < 0n)
      violations.push(`transaction ${t.id} has ${shares} shares for ${total} cents`);
    if (fee < 0n || fee > total)
      violations.push(`transaction ${t.id} has a fee of ${fee} cents on ${total} cents`);
    if (BigInt(t.epoch) !== epoch) continue;
    if (t.type === 'PURCHASE') {
      buysCost += total + fee;
      add(bought, t.symbol, shares);
    } else {
      sellsProceeds += total - fee;
      add(sold, t.symbol, shares);
    }
  }

  const symbols = new Set([
    ...free.keys(),
    ...reserved.keys(),
    ...bought.keys(),
    ...sold.keys(),
    ...lots.keys(),
  ]);
  const perSymbol: SymbolLedger[] = [...symbols].sort().map((symbol) => ({
    symbol,
    freeShares: free.get(symbol) ?? 0n,
    reservedShares: reserved.get(symbol) ?? 0n,
    boughtShares: bought.get(symbol) ?? 0n,
    soldShares: sold.get(symbol) ?? 0n,
  }));
  violations.push(
    ...checkMoneyInvariants({
      startingCents: BigInt(user.starting_balance_cents),
      freeCashCents: BigInt(user.cash_cents),
      reservedCashCents: reservedCash,
      buysCostCents: buysCost,
      sellsProceedsCents: sellsProceeds,
      perSymbol,
    }),
  );
  for (const s of perSymbol) {
    const open = lots.get(s.symbol) ?? 0n;
    if (open !== s.freeShares + s.reservedShares) {
      violations.push(
        `${s.symbol}: open lots ${open} != free + reserved ${s.freeShares + s.reservedShares}`,
      );
    }
  }

  violations.push(...(await lotTotalsViolations(trx, userId)));

  // Fills: one transaction per FILLED order, and no transaction of an order that did not fill.
  // An order that filled in parts (docs/decisions/040-partial-fills.md) has one per slice, their
  // shares summing to its filled_shares, whether it then filled, is working or was cancelled.
  const txsByPosition = new Map<string, typeof txs>();
  for (const t of txs) {
    if (t.position_id === null) continue;
    txsByPosition.set(t.position_id, [...(txsByPosition.get(t.position_id) ?? []), t]);
  }
  const orderById = new Map(orders.map((o) => [o.id, o]));
  for (const o of orders) {
    const parts = BigInt(o.filled_shares ?? 0);
    if (o.status !== 'FILLED' && parts === 0n) continue;
    const fills = txsByPosition.get(o.id) ?? [];
    if (parts === 0n ? fills.length !== 1 : fills.length === 0) {
      violations.push(`${o.status} order ${o.id} has ${fills.length} transactions`);
      continue;
    }
    const total = fills.reduce((sum, f) => sum + BigInt(f.shares), 0n);
    if (parts > 0n && total !== parts)
      violations.push(`order ${o.id} filled ${parts} shares in parts, its transactions ${total}`);
    if (o.transaction_id !== null && !fills.some((f) => f.id === o.transaction_id)) {
      violations.push(
        `FILLED order ${o.id} names transaction ${o.transaction_id}, its fills are ${fills.map((f) => f.id).join(', ')}`,
      );
    }
    for (const fill of fills) {
      if (BigInt(fill.epoch) !== BigInt(o.epoch)) {
        violations.push(
          `order ${o.id} of epoch ${o.epoch} was filled by transaction ${fill.id} of epoch ${fill.epoch}`,
        );
      }
      if (fill.type !== o.type || fill.symbol !== o.symbol) {
        violations.push(
          `${o.type} ${o.symbol} order ${o.id} was filled by a ${fill.type} ${fill.symbol} transaction`,
        );
      }
    }
  }
  for (const [positionId, fills] of txsByPosition) {
    const order = orderById.get(positionId);
    if (!order || (order.status !== 'FILLED' && BigInt(order.filled_shares ?? 0) === 0n)) {
      violations.push(
        `transaction(s) ${fills.map((f) => f.id).join(', ')} point at order ${positionId}, which is ${order ? order.status : 'not an order of this user'}`,
      );
    }
  }
  return violations;
}

/**
 * Every violation of every listed user, each prefixed with the user's id; empty when all is sound.
 * All users are read in one transaction (REPEATABLE READ on PostgreSQL; a SQLite read transaction
 * is a snapshot already), so fills landing meanwhile cannot make a sound ledger look broken.
 */
export async function ledgerViolations(
  source: LedgerSource,
  userIds: readonly string[],
): Promise<string[]> {
  return inTransaction(
    source.db,
    async (trx) => {
      const all: string[] = [];
      for (const id of userIds)
        for (const v of await userViolations(trx, id)) all.push(`user ${id}: ${v}`);
      return all;
    },
    { isolation: 'repeatable read' },
  );
}

/** Throws with every violation listed when any user's ledger is not sound. */
export async function expectLedgersSound(
  source: LedgerSource,
  userIds: readonly string[],
): Promise<void> {
  const all = await ledgerViolations(source, userIds);
  if (all.length)
    throw new Error(`ledger check failed (${all.length}):\n${all.slice(0, 60).join('\n')}`);
}
