import {
  MAX_CASH_CENTS,
  MAX_HOLDING_UNITS,
  type Cents,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { sql } from 'kysely';
import type { Trx } from '../db/transaction.ts';
import { badRequest, notFound } from '../http/app-error.ts';
import { insufficientFundsText, insufficientSharesText } from './money-text.ts';
import { adjustLotTotals, lotCost } from './lot-totals.ts';
import { ledgerAssert } from './ledger-assertions.ts';

/**
 * Every move of money and shares, and nothing else moves them (batched-moves.ts has the same
 * moves for many portfolios at once; release-orders.ts ends orders and gives their reservations
 * back; record-transactions.ts writes the transaction rows). Each runs inside the caller's
 * transaction, opened with db/transaction.ts in its lock order (portfolio rows first, then users),
 * and each check-and-move is one guarded statement, so two concurrent orders never spend the same
 * dollar or sell the same share.
 */

export const balanceLimit = (field: string) =>
  badRequest(
    'AMOUNT_TOO_LARGE',
    'This would take your cash past $10,000,000,000,000, the largest balance an account can hold',
    field,
  );

/** Takes `cents` of free cash, or answers INSUFFICIENT_FUNDS; returns the portfolio's epoch. */
export async function debitCash(
  trx: Trx,
  portfolioId: string,
  cents: Cents,
  field = 'assetAmount',
): Promise<bigint> {
  const row = await trx
    .updateTable('portfolios')
    .set((eb) => ({ cash_cents: eb('cash_cents', '-', cents) }))
    .where('id', '=', portfolioId)
    .where('cash_cents', '>=', cents)
    .returning(['epoch'])
    .executeTakeFirst();
  if (row) return BigInt(row.epoch);
  const portfolio = await trx
    .selectFrom('portfolios')
    .select(['cash_cents'])
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  // The wire code stays USER_NOT_FOUND (docs/api.md): a portfolio is a user's record there.
  if (!portfolio) throw notFound('USER_NOT_FOUND', 'No such user');
  throw badRequest(
    'INSUFFICIENT_FUNDS',
    insufficientFundsText(cents, BigInt(portfolio.cash_cents)),
    field,
  );
}

/**
 * Adds free cash. Proceeds (`capped`) may not take cash past MAX_CASH_CENTS; a reservation
 * given back always goes through: that cash was the portfolio's already.
 */
export async function creditCash(
  trx: Trx,
  portfolioId: string,
  cents: Cents,
  capped = true,
  field = 'assetAmount',
): Promise<void> {
  if (cents === 0n) return;
  const result = await trx
    .updateTable('portfolios')
    .set((eb) => ({ cash_cents: eb('cash_cents', '+', cents) }))
    .where('id', '=', portfolioId)
    .$if(capped, (q) => q.where('cash_cents', '<=', MAX_CASH_CENTS - cents))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n)
    throw capped ? balanceLimit(field) : notFound('USER_NOT_FOUND', 'No such user');
}

/**
 * Adds free shares; a buy past MAX_HOLDING_UNITS rolls the whole order back. A release of
 * reserved shares (`capped` false) always goes through: those shares were already held.
 */
export async function addFreeShares(
  trx: Trx,
  portfolioId: string,
  symbol: string,
  shares: ShareUnits,
  capped = true,
): Promise<void> {
  const row = await trx
    .insertInto('holdings')
    .values({ portfolio_id: portfolioId, symbol, shares })
    .onConflict((oc) =>
      oc
        .columns(['portfolio_id', 'symbol'])
        .doUpdateSet({ shares: sql<bigint>`holdings.shares + excluded.shares` }),
    )
    .returning(['shares'])
    .executeTakeFirstOrThrow();
  if (capped && BigInt(row.shares) > MAX_HOLDING_UNITS) {
    throw badRequest(
      'AMOUNT_TOO_LARGE',
      'You can hold at most 10,000,000,000 shares of one asset',
      'assetAmount',
    );
  }
}

export async function freeShares(
  trx: Trx,
  portfolioId: string,
  symbol: string,
): Promise<ShareUnits> {
  const row = await trx
    .selectFrom('holdings')
    .select(['shares'])
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row ? BigInt(row.shares) : 0n;
}

/** Takes free shares (never reserved ones), or answers INSUFFICIENT_SHARES. */
export async function takeFreeShares(
  trx: Trx,
  portfolioId: string,
  symbol: string,
  shares: ShareUnits,
  field = 'assetAmount',
): Promise<void> {
  const row = await trx
    .updateTable('holdings')
    .set((eb) => ({ shares: eb('shares', '-', shares) }))
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .where('shares', '>=', shares)
    .returning(['shares'])
    .executeTakeFirst();
  if (!row) {
    const held = await freeShares(trx, portfolioId, symbol);
    throw badRequest('INSUFFICIENT_SHARES', insufficientSharesText(symbol, held, shares), field);
  }
  if (BigInt(row.shares) === 0n) {
    await trx
      .deleteFrom('holdings')
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .where('shares', '=', 0n)
      .execute();
  }
}

export { consumeLots } from './consume-lots.ts';

/** A buy's open lot, counted in the holding's lot totals (lot-totals.ts). */
export async function insertLot(
  trx: Trx,
  lot: {
    id: string;
    portfolioId: string;
    symbol: string;
    shares: ShareUnits;
    price: PriceUnits;
    at: number;
  },
): Promise<void> {
  await trx
    .insertInto('lots')
    .values({
      id: lot.id,
      portfolio_id: lot.portfolioId,
      symbol: lot.symbol,
      shares: lot.shares,
      price: lot.price,
      created_at: lot.at,
    })
    .execute();
  await adjustLotTotals(
    trx,
    lot.symbol,
    new Map([[lot.portfolioId, { shares: lot.shares, cost: lotCost(lot.shares, lot.price) }]]),
  );
}

/** What a working order holds back: cash for a PURCHASE, shares for a SELL. */
export interface Reservation {
  portfolioId: string;
  type: string;
  symbol: string;
  purchaseCents: Cents | null;
  sellShares: ShareUnits | null;
}

/** Gives a closed order's reservation back to its owner (its status is the caller's to set). */
export async function releaseReservation(trx: Trx, r: Reservation): Promise<void> {
  if (r.type === 'PURCHASE') await creditCash(trx, r.portfolioId, r.purchaseCents ?? 0n, false);
  else await addFreeShares(trx, r.portfolioId, r.symbol, r.sellShares ?? 0n, false);
}

/**
 * An account reset's money move: the current epoch ends (working orders cancelled, their
 * reservations dropped with the holdings, lots and lot totals they came from) and a new one starts with
 * `cents` of cash. The caller holds the portfolio's row lock (`locked`, as lockPortfolio read it),
 * so no order of the old epoch can be opened, filled or cancelled in between. Returns the new epoch.
 */
export async function startNewEpoch(
  trx: Trx,
  locked: { id: string; epoch: bigint },
  cents: Cents,
  resetAt: number,
  now: number,
): Promise<bigint> {
  const portfolioId = locked.id;
  ledgerAssert(cents >= 0n && cents <= MAX_CASH_CENTS, `a reset to ${cents} cents`, [portfolioId]);
  await trx
    .updateTable('limit_orders')
    .set({ status: 'CANCELLED', closed_at: now })
    .where('portfolio_id', '=', portfolioId)
    .where('status', '=', 'WORKING')
    .execute();
  await trx.deleteFrom('holdings').where('portfolio_id', '=', portfolioId).execute();
  await trx.deleteFrom('lots').where('portfolio_id', '=', portfolioId).execute();
  await trx.deleteFrom('lot_totals').where('portfolio_id', '=', portfolioId).execute();
  const row = await trx
    .updateTable('portfolios')
    .set((eb) => ({
      cash_cents: cents,
      starting_balance_cents: cents,
      epoch: eb('epoch', '+', 1n),
      reset_at: resetAt,
    }))
    .where('id', '=', portfolioId)
    .returning(['epoch', 'cash_cents'])
    .executeTakeFirstOrThrow();
  const epoch = BigInt(row.epoch);
  ledgerAssert(
    epoch === locked.epoch + 1n && BigInt(row.cash_cents) === cents,
    `a reset from epoch ${locked.epoch} ended at epoch ${epoch} with ${row.cash_cents} cents, not ${cents}`,
    [portfolioId],
  );
  return epoch;
}

/**
 * Sets the cash and starting balance of portfolios that have not traded (a contest's members
 * before its start, when its host changes the starting balance). The caller holds their row
 * locks. Every portfolio named must be set, to exactly `cents`.
 */
export async function setStartingCash(
  trx: Trx,
  portfolioIds: readonly string[],
  cents: Cents,
): Promise<void> {
  if (!portfolioIds.length) return;
  ledgerAssert(
    cents >= 0n && cents <= MAX_CASH_CENTS,
    `a starting balance of ${cents} cents`,
    portfolioIds,
  );
  const rows = await trx
    .updateTable('portfolios')
    .set({ cash_cents: cents, starting_balance_cents: cents })
    .where('id', 'in', [...new Set(portfolioIds)])
    .returning(['id', 'cash_cents'])
    .execute();
  ledgerAssert(
    rows.length === new Set(portfolioIds).size && rows.every((r) => BigInt(r.cash_cents) === cents),
    `${new Set(portfolioIds).size} starting balances to set, ${rows.length} set to ${cents}`,
    portfolioIds,
  );
}
