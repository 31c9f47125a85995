import {
  MAX_CASH_CENTS,
  MAX_HOLDING_UNITS,
  type Cents,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';
import { sql } from 'kysely';
import { batchRows } from '../db/batch-rows.ts';
import type { Trx } from '../db/transaction.ts';
import { consumeLots } from './ledger.ts';
import { sumByPortfolio } from './ledger-assertions.ts';
import { addDelta, adjustLotTotals, lotCost, type LotDelta } from './lot-totals.ts';

/**
 * The ledger's moves for a batch of fills of one symbol: one statement per table, whatever the
 * batch size, its rows bound as a fixed number of parameters (db/batch-rows.ts). The caller
 * holds every portfolio's row lock (db/transaction.ts lockPortfolios).
 */

export interface BatchFill {
  orderId: string;
  portfolioId: string;
  transactionId: string;
  shares: ShareUnits;
  totalCents: Cents;
  /** The fill's price: the tick's, moved by the portfolio's spread (decision 013). */
  price: PriceUnits;
  /** The fee charged on it: paid on top of a buy's total, taken out of a sell's proceeds. */
  feeCents: Cents;
  /** A buy's reservation left over after its total and fee, back to free cash (0 for sells). */
  changeCents: Cents;
  /** Of a buy's shares, those reserved at once by the sell orders its fill opens (a bracket's legs). */
  reservedShares?: ShareUnits;
}

export { sumByPortfolio };
/** The old name, until features/trading/fill-batch.ts moves to sumByPortfolio. */
export const sumByUser = sumByPortfolio;

/**
 * Adds cash to many portfolios. Used for proceeds that splitOverCaps has already kept under
 * MAX_CASH_CENTS, and for reservations given back, which were the portfolios' cash already.
 */
export async function creditCashMany(
  trx: Trx,
  byPortfolio: ReadonlyMap<string, Cents>,
): Promise<void> {
  const credits = [...byPortfolio].filter(([, cents]) => cents > 0n);
  if (!credits.length) return;
  // One row per portfolio (a map's keys), so each portfolio row is matched once.
  const rows = batchRows(trx, { id: 'text', cents: 'bigint' }, credits);
  await sql`UPDATE portfolios SET cash_cents = portfolios.cash_cents + c.cents FROM ${rows} AS c WHERE portfolios.id = c.id`.execute(
    trx,
  );
}

/** Adds free shares of one symbol to many portfolios (bought, or reserved shares given back). */
export async function addSharesMany(
  trx: Trx,
  symbol: string,
  byPortfolio: ReadonlyMap<string, ShareUnits>,
): Promise<void> {
  const added = [...byPortfolio].filter(([, shares]) => shares > 0n);
  if (!added.length) return;
  const rows = batchRows(trx, { portfolio_id: 'text', shares: 'bigint' }, added);
  // WHERE true: SQLite's parser needs it to tell an upsert's ON CONFLICT from a join's ON.
  await sql`INSERT INTO holdings (portfolio_id, symbol, shares) SELECT c.portfolio_id, ${symbol}, c.shares FROM ${rows} AS c WHERE true
    ON CONFLICT (portfolio_id, symbol) DO UPDATE SET shares = holdings.shares + excluded.shares`.execute(
    trx,
  );
}

/**
 * A batch of buys whose cash was reserved: the shares to the portfolios' free holdings (less those a
 * bracket's legs reserve at once, which stay in the lots), one open lot per
 * fill at its price, counted in their lot totals, and what the reservation kept beyond the
 * total and the fee back to free cash.
 */
export async function settleBuys(
  trx: Trx,
  symbol: string,
  at: number,
  fills: readonly BatchFill[],
): Promise<void> {
  await addSharesMany(
    trx,
    symbol,
    sumByPortfolio(fills, (f) => f.shares - (f.reservedShares ?? 0n)),
  );
  await creditCashMany(
    trx,
    sumByPortfolio(fills, (f) => f.changeCents),
  );
  const lots = fills.filter((f) => f.shares > 0n);
  if (lots.length) {
    const rows = batchRows(
      trx,
      { id: 'text', portfolio_id: 'text', shares: 'bigint', price: 'bigint' },
      lots.map((f) => [f.transactionId, f.portfolioId, f.shares, f.price]),
    );
    await sql`INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
      SELECT c.id, c.portfolio_id, ${symbol}, c.shares, c.price, CAST(${at} AS bigint) FROM ${rows} AS c`.execute(
      trx,
    );
  }
  const added = new Map<string, LotDelta>();
  for (const f of lots) addDelta(added, f.portfolioId, f.shares, lotCost(f.shares, f.price));
  await adjustLotTotals(trx, symbol, added);
}

/** A batch of sells whose shares were reserved: proceeds less fees to cash, lots consumed oldest first. */
export async function settleSells(
  trx: Trx,
  symbol: string,
  fills: readonly BatchFill[],
): Promise<ShareUnits> {
  await creditCashMany(
    trx,
    sumByPortfolio(fills, (f) => f.totalCents - f.feeCents),
  );
  return consumeLots(
    trx,
    symbol,
    sumByPortfolio(fills, (f) => f.shares),
  );
}

/**
 * Splits fills into those that keep every portfolio inside the caps (a buy's holding under
 * MAX_HOLDING_UNITS, a sale's cash under MAX_CASH_CENTS) and those that do not; a portfolio's
 * earlier fills come first. `start` is each one's holding (buys) or cash (sells) before the batch.
 */
export function splitOverCaps<F extends BatchFill>(
  side: 'PURCHASE' | 'SELL',
  fills: readonly F[],
  start: ReadonlyMap<string, bigint>,
): { done: F[]; over: F[] } {
  const level = new Map(start);
  const cap = side === 'PURCHASE' ? MAX_HOLDING_UNITS : MAX_CASH_CENTS;
  const done: F[] = [];
  const over: F[] = [];
  for (const f of fills) {
    const after =
      (level.get(f.portfolioId) ?? 0n) + (side === 'PURCHASE' ? f.shares : f.totalCents);
    if (after > cap) over.push(f);
    else {
      level.set(f.portfolioId, after);
      done.push(f);
    }
  }
  return { done, over };
}
