import type { Cents, ShareUnits } from '@papertrade/domain';
import type { Trx } from '../db/transaction.ts';
import { badRequest } from '../http/app-error.ts';
import { assertMoved, ledgerAssert } from './ledger-assertions.ts';
import { insufficientFundsText, insufficientSharesText } from './money-text.ts';

/**
 * The ledger's step for a working order whose amount changes (docs/decisions/021-ledger-steps.md):
 * the old reservation goes back and the new one is taken, as one guarded move of the difference,
 * so the order never holds both nor neither. An amount that does not fit what the portfolio
 * holds with the old reservation back is 400 and moves nothing. The caller holds the portfolio's
 * row lock (db/transaction.ts) and has set the order's new amount in the same transaction.
 */

export interface Amendment {
  portfolioId: string;
  /**
   * The free cash read under the lock, when nothing moved it since in this transaction: the step
   * then asserts that it ends at exactly that plus the old reservation less the new.
   */
  cashCents?: Cents;
  /** PURCHASE reserves cash, SELL shares of `symbol`. */
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  /** What the order held, and what it holds now. */
  from: bigint;
  to: bigint;
  /** The request's field the amount came from, named by a refusal. */
  field: string;
}

export async function amendReservation(trx: Trx, a: Amendment): Promise<void> {
  ledgerAssert(a.from > 0n && a.to > 0n, `a reservation amended from ${a.from} to ${a.to}`, [
    a.portfolioId,
  ]);
  const delta = a.from - a.to;
  if (delta === 0n) return;
  if (a.type === 'PURCHASE') await amendCash(trx, a, delta);
  else await amendShares(trx, a, delta);
}

async function amendCash(trx: Trx, a: Amendment, delta: bigint): Promise<void> {
  const row = await trx
    .updateTable('portfolios')
    .set((eb) => ({ cash_cents: eb('cash_cents', '+', delta) }))
    .where('id', '=', a.portfolioId)
    .where((eb) => eb(eb('cash_cents', '+', a.from), '>=', a.to))
    .returning(['cash_cents'])
    .executeTakeFirst();
  if (!row) {
    // Explained from the cash with the old reservation back, as the order's owner sees it.
    const held = await trx
      .selectFrom('portfolios')
      .select('cash_cents')
      .where('id', '=', a.portfolioId)
      .executeTakeFirstOrThrow();
    throw badRequest(
      'INSUFFICIENT_FUNDS',
      insufficientFundsText(a.to, BigInt(held.cash_cents) + a.from),
      a.field,
    );
  }
  const moved = new Map([[a.portfolioId, delta]]);
  assertMoved(
    'a working order amended',
    moved,
    new Map([[a.portfolioId, BigInt(row.cash_cents)]]),
    a.cashCents === undefined ? undefined : new Map([[a.portfolioId, a.cashCents]]),
  );
}

/**
 * One guarded statement on the symbol's lot totals row, either way: the open lots hold the
 * order's shares, so the row is there, and its free shares take the difference.
 */
async function amendShares(trx: Trx, a: Amendment, delta: ShareUnits): Promise<void> {
  const { portfolioId, symbol } = a;
  const row = await trx
    .updateTable('lot_totals')
    .set((eb) => ({ free_shares: eb('free_shares', '+', delta) }))
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .where((eb) => eb(eb('free_shares', '+', a.from), '>=', a.to))
    .returning(['free_shares'])
    .executeTakeFirst();
  if (!row) {
    // A smaller reservation always fits (the order's own shares come back): no row is a bug.
    ledgerAssert(delta < 0n, `a working ${symbol} sell amended down found no lot totals`, [
      portfolioId,
    ]);
    const held = await trx
      .selectFrom('lot_totals')
      .select('free_shares')
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    throw badRequest(
      'INSUFFICIENT_SHARES',
      insufficientSharesText(symbol, BigInt(held?.free_shares ?? 0n) + a.from, a.to),
      a.field,
    );
  }
  assertMoved(
    `a working ${symbol} sell amended`,
    new Map([[portfolioId, delta]]),
    new Map([[portfolioId, BigInt(row.free_shares)]]),
  );
}
