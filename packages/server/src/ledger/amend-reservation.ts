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

async function amendShares(trx: Trx, a: Amendment, delta: ShareUnits): Promise<void> {
  const { portfolioId, symbol } = a;
  if (delta > 0n) {
    // Fewer shares reserved: the rest back to free shares (the row may be gone at 0).
    const row = await trx
      .insertInto('holdings')
      .values({ portfolio_id: portfolioId, symbol, shares: delta })
      .onConflict((oc) =>
        oc
          .columns(['portfolio_id', 'symbol'])
          .doUpdateSet((eb) => ({ shares: eb('holdings.shares', '+', eb.ref('excluded.shares')) })),
      )
      .returning(['shares'])
      .executeTakeFirstOrThrow();
    assertMoved(
      `a working ${symbol} sell amended`,
      new Map([[portfolioId, delta]]),
      new Map([[portfolioId, BigInt(row.shares)]]),
    );
    return;
  }
  const row = await trx
    .updateTable('holdings')
    .set((eb) => ({ shares: eb('shares', '+', delta) }))
    .where('portfolio_id', '=', portfolioId)
    .where('symbol', '=', symbol)
    .where('shares', '>=', -delta)
    .returning(['shares'])
    .executeTakeFirst();
  if (!row) {
    const held = await trx
      .selectFrom('holdings')
      .select('shares')
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    throw badRequest(
      'INSUFFICIENT_SHARES',
      insufficientSharesText(symbol, BigInt(held?.shares ?? 0n) + a.from, a.to),
      a.field,
    );
  }
  const after = BigInt(row.shares);
  ledgerAssert(after >= 0n, `a working ${symbol} sell amended: ${after} free shares`, [
    portfolioId,
  ]);
  // No free shares left: the row goes, as every other taking of shares leaves it.
  if (after === 0n)
    await trx
      .deleteFrom('holdings')
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', '=', symbol)
      .where('shares', '=', 0n)
      .execute();
}
