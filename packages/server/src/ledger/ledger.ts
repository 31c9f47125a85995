import { MAX_CASH_CENTS, type Cents, type ShareUnits } from '@papertrade/domain';
import type { Trx } from '../db/transaction.ts';
import { badRequest, notFound } from '../http/app-error.ts';
import { insufficientFundsText, insufficientSharesText } from './money-text.ts';
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

export async function freeShares(
  trx: Trx,
  portfolioId: string,
  symbol: string,
): Promise<ShareUnits> {
  const row = await trx
    .selectFrom('lot_totals')
    .select(['free_shares'])
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row ? BigInt(row.free_shares) : 0n;
}

/**
 * Takes free shares (never reserved ones), or answers INSUFFICIENT_SHARES. They stay in the lot
 * totals' shares (their open lots still hold them), now reserved by the caller's working sell.
 */
export async function takeFreeShares(
  trx: Trx,
  portfolioId: string,
  symbol: string,
  shares: ShareUnits,
  field = 'assetAmount',
): Promise<void> {
  const row = await trx
    .updateTable('lot_totals')
    .set((eb) => ({ free_shares: eb('free_shares', '-', shares) }))
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .where('free_shares', '>=', shares)
    .returning(['free_shares'])
    .executeTakeFirst();
  if (!row) {
    const held = await freeShares(trx, portfolioId, symbol);
    throw badRequest('INSUFFICIENT_SHARES', insufficientSharesText(symbol, held, shares), field);
  }
  ledgerAssert(BigInt(row.free_shares) >= 0n, `${symbol}: ${row.free_shares} free shares left`, [
    portfolioId,
  ]);
}

export { consumeLots } from './consume-lots.ts';

/**
 * An account reset's money move: the current epoch ends (working orders cancelled, their
 * reservations dropped with the lots and lot totals, free shares included, they came from) and a new one starts with
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
