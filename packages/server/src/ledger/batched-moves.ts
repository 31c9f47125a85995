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
import { assertMoved, ledgerAssert, sumByPortfolio } from './ledger-assertions.ts';
import { addDelta, adjustLotTotals, lotCost, type LotDelta, type LotTotals } from './lot-totals.ts';

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

/** Balances read under the portfolios' locks with nothing moved since: the settle's exact starting points. */
export interface SettleBefore {
  /** Each portfolio's free cash. */
  cashCents?: ReadonlyMap<string, bigint>;
  /**
   * A purchase's: each portfolio's lot totals of the symbol, free shares included (absent: no
   * open lot), read for every portfolio that buys. The settle then writes them without reading.
   */
  totals?: ReadonlyMap<string, LotTotals>;
}

/**
 * Adds cash to many portfolios. Used for proceeds that splitOverCaps has already kept under
 * MAX_CASH_CENTS, and for change given back, which was the portfolios' cash already. Answers
 * the credits made and each balance after (the statement's RETURNING), for the assertions.
 */
export async function creditCashMany(
  trx: Trx,
  byPortfolio: ReadonlyMap<string, Cents>,
): Promise<Moved> {
  const credits = new Map([...byPortfolio].filter(([, cents]) => cents > 0n));
  if (!credits.size) return { moved: credits, after: new Map() };
  // One row per portfolio (a map's keys), so each portfolio row is matched once.
  const rows = batchRows(trx, { id: 'text', cents: 'bigint' }, [...credits]);
  const { rows: after } = await sql<{
    id: string;
    cash_cents: bigint | number;
  }>`UPDATE portfolios SET cash_cents = portfolios.cash_cents + c.cents FROM ${rows} AS c
    WHERE portfolios.id = c.id RETURNING portfolios.id, portfolios.cash_cents`.execute(trx);
  return { moved: credits, after: new Map(after.map((r) => [r.id, BigInt(r.cash_cents)])) };
}

/**
 * Adds free shares of one symbol to many portfolios whose open lots hold them already (reserved
 * shares given back): their lot totals rows exist, so a missing one comes back short and the
 * caller's assertion names it. Answers the additions and each portfolio's free shares after.
 */
export async function addSharesMany(
  trx: Trx,
  symbol: string,
  byPortfolio: ReadonlyMap<string, ShareUnits>,
): Promise<Moved> {
  const added = new Map([...byPortfolio].filter(([, shares]) => shares > 0n));
  if (!added.size) return { moved: added, after: new Map() };
  const rows = batchRows(trx, { portfolio_id: 'text', shares: 'bigint' }, [...added]);
  const { rows: after } = await sql<{
    portfolio_id: string;
    free_shares: bigint | number;
  }>`UPDATE lot_totals SET free_shares = lot_totals.free_shares + c.shares FROM ${rows} AS c
    WHERE lot_totals.portfolio_id = c.portfolio_id AND lot_totals.symbol = ${symbol}
    RETURNING lot_totals.portfolio_id, lot_totals.free_shares`.execute(trx);
  return {
    moved: added,
    after: new Map(after.map((r) => [r.portfolio_id, BigInt(r.free_shares)])),
  };
}

/** What a batched move meant to add per portfolio, and what its statement answered after. */
export interface Moved {
  moved: Map<string, bigint>;
  after: Map<string, bigint>;
}

/**
 * A batch of buys whose cash was reserved: one open lot per fill at its price, counted in the lot
 * totals, whose free shares grow by the shares bought less those a bracket's legs reserve at once
 * (which stay in the lots), all in the lot totals' one upsert; and what the reservation kept
 * beyond the total and the fee back to free cash. Before the caller commits, it asserts from the
 * sums it holds and what its statements answered (docs/decisions/021-ledger-steps.md): every
 * fill's figures sound, the cash credited is exactly the change (each balance at `before` plus
 * it), the free shares end at exactly `before` plus those added and under the cap, and the shares
 * in the new lots are the free ones added plus those reserved for legs, one lot per fill.
 */
export async function settleBuys(
  trx: Trx,
  symbol: string,
  at: number,
  fills: readonly BatchFill[],
  before: SettleBefore = {},
): Promise<void> {
  for (const f of fills) {
    const reserved = f.reservedShares ?? 0n;
    ledgerAssert(
      f.shares > 0n &&
        f.totalCents > 0n &&
        f.feeCents >= 0n &&
        f.changeCents >= 0n &&
        reserved >= 0n &&
        reserved <= f.shares,
      `buy ${f.orderId}: ${f.shares} shares (${reserved} reserved) for ${f.totalCents} cents, fee ${f.feeCents}, change ${f.changeCents}`,
      [f.portfolioId],
    );
  }
  const cash = await creditCashMany(
    trx,
    sumByPortfolio(fills, (f) => f.changeCents),
  );
  assertMoved('change of buys back to cash', cash.moved, cash.after, before.cashCents);
  const rows = batchRows(
    trx,
    { id: 'text', portfolio_id: 'text', shares: 'bigint', price: 'bigint' },
    fills.map((f) => [f.transactionId, f.portfolioId, f.shares, f.price]),
  );
  const inserted = await sql`INSERT INTO lots (id, portfolio_id, symbol, shares, price, created_at)
    SELECT c.id, c.portfolio_id, ${symbol}, c.shares, c.price, CAST(${at} AS bigint) FROM ${rows} AS c`.execute(
    trx,
  );
  ledgerAssert(
    inserted.numAffectedRows === undefined || inserted.numAffectedRows === BigInt(fills.length),
    `${fills.length} ${symbol} buys wrote ${inserted.numAffectedRows} lots`,
    fills.map((f) => f.portfolioId),
  );
  const free = sumByPortfolio(fills, (f) => f.shares - (f.reservedShares ?? 0n));
  const added = new Map<string, LotDelta>();
  for (const f of fills)
    addDelta(
      added,
      f.portfolioId,
      f.shares,
      lotCost(f.shares, f.price),
      f.shares - (f.reservedShares ?? 0n),
    );
  // Every share bought is in the lot totals, and either free or reserved for a bracket's legs.
  const legsHold = sumByPortfolio(fills, (f) => f.reservedShares ?? 0n);
  for (const [id, delta] of added) {
    const reserved = legsHold.get(id) ?? 0n;
    ledgerAssert(
      delta.shares === (free.get(id) ?? 0n) + reserved && delta.free === free.get(id),
      `${symbol} buys: ${delta.shares} shares in lots, ${free.get(id) ?? 0n} free and ${reserved} reserved`,
      [id],
    );
  }
  const freeAfter = await adjustLotTotals(trx, symbol, added, before.totals);
  assertMoved(
    `${symbol} shares bought`,
    new Map([...added.keys()].map((id) => [id, free.get(id) ?? 0n])),
    freeAfter,
    before.totals &&
      new Map([...added.keys()].map((id) => [id, before.totals?.get(id)?.free ?? 0n])),
  );
  assertUnder(`${symbol} shares bought`, freeAfter, MAX_HOLDING_UNITS);
}

/**
 * A batch of sells whose shares were reserved: proceeds less fees to cash, lots consumed oldest
 * first. Asserts every fill's figures sound and each cash balance at exactly `before` plus its
 * proceeds less fees, under the cap. Answers the shares sold that no open lot matched.
 */
export async function settleSells(
  trx: Trx,
  symbol: string,
  fills: readonly BatchFill[],
  before: SettleBefore = {},
): Promise<ShareUnits> {
  for (const f of fills)
    ledgerAssert(
      f.shares > 0n &&
        f.totalCents > 0n &&
        f.feeCents >= 0n &&
        f.feeCents <= f.totalCents &&
        f.changeCents === 0n,
      `sale ${f.orderId}: ${f.shares} shares for ${f.totalCents} cents, fee ${f.feeCents}, change ${f.changeCents}`,
      [f.portfolioId],
    );
  const cash = await creditCashMany(
    trx,
    sumByPortfolio(fills, (f) => f.totalCents - f.feeCents),
  );
  assertMoved(`${symbol} sales' proceeds less fees`, cash.moved, cash.after, before.cashCents);
  assertUnder(`${symbol} sales' proceeds`, cash.after, MAX_CASH_CENTS);
  return consumeLots(
    trx,
    symbol,
    sumByPortfolio(fills, (f) => f.shares),
  );
}

/** splitOverCaps kept every fill inside the caps: a balance past one is a bug. */
function assertUnder(what: string, after: ReadonlyMap<string, bigint>, cap: bigint): void {
  for (const [id, now] of after) ledgerAssert(now <= cap, `${what}: ${now} past ${cap}`, [id]);
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
