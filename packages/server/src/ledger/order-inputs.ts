import type { PriceUnits, ShareUnits } from '@papertrade/domain';
import { portfolioCache, CACHE_LIMITS, type CacheLimits } from '../users/final-points-cache.ts';
import { FIRST_LOT_PAGE, type LotRow } from './consume-lots.ts';
import type { LotDelta } from './lot-totals.ts';
import type { OrderGuard, OrderLock } from './market-moves.ts';

/**
 * What a market order needs of its portfolio, as the last order of it on this instance left it,
 * at that order's version (docs/decisions/038-orders-without-a-lock-read.md). An order whose
 * portfolio is kept here decides its fill from these values instead of reading them under a lock,
 * and its first write checks, in its WHERE, that the portfolio is still at that version with the
 * same epoch, price and settings: every change of a portfolio's cash, lots or free shares
 * increases its version under its lock (db/transaction.ts), so a write that finds the version
 * unchanged finds every kept value true. A write that finds anything else changes nothing, and
 * the order takes the lock and reads them as before. A wrong value can thus cost a wasted
 * statement, never a wrong fill.
 */
export interface OrderInputsCache {
  /**
   * The order's inputs when this instance kept its portfolio's, as a lock would have returned
   * them (its `version` the one the order's write will give), with the guard its write must check;
   * null when nothing is kept or the symbol's price is unknown here.
   */
  take(portfolioId: string, symbol: string): KeptOrder | null;
  /** After a committed order: what it left, at the version its lock or guard gave. */
  keep(portfolioId: string, left: OrderLeft): void;
  /** The price a lock read: the price kept orders of every portfolio are guarded by. */
  notePrice(symbol: string, price: PriceUnits): void;
}

export interface KeptOrder {
  lock: OrderLock;
  /** The symbol's oldest lots, when known. */
  firstLots?: OldestLots;
  guard: OrderGuard;
}

/** A committed market order's portfolio, as the order's own statements left it. */
export interface OrderLeft {
  lock: OrderLock;
  symbol: string;
  cashCents: bigint;
  freeShares: ShareUnits;
  lotTotals: LotDelta;
  /** The symbol's oldest open lots after the order, when known (lotsAfterSale, lotsAfterBuy). */
  firstLots?: OldestLots;
}

/**
 * The oldest open lots of a symbol in id order: all of them when `complete`, otherwise only the
 * first ones (a sale that needs more than these reads the rest, ledger/consume-lots.ts).
 */
export interface OldestLots {
  lots: LotRow[];
  complete: boolean;
}

interface KeptSymbol {
  freeShares: ShareUnits;
  lotTotals: LotDelta;
  firstLots?: OldestLots;
}

interface Kept {
  version: bigint;
  userId: string;
  epoch: bigint;
  cashCents: bigint;
  settings: string | null;
  symbols: Map<string, KeptSymbol>;
}

export function createOrderInputsCache(limits: CacheLimits = CACHE_LIMITS): OrderInputsCache {
  const portfolios = portfolioCache<Kept>(limits);
  const prices = new Map<string, PriceUnits>();
  return {
    take(portfolioId, symbol) {
      const kept = portfolios.get(portfolioId);
      // Only a symbol an order of this portfolio left here is known: of any other, the
      // portfolio may hold shares this instance never saw.
      const held = kept?.symbols.get(symbol);
      const price = prices.get(symbol);
      if (!kept || !held || price === undefined) return null;
      return {
        lock: {
          id: portfolioId,
          userId: kept.userId,
          epoch: kept.epoch,
          cashCents: kept.cashCents,
          contestId: null,
          closedAt: null,
          version: kept.version + 1n,
          price,
          settings: kept.settings,
          freeShares: held.freeShares,
          lotTotals: held.lotTotals,
        },
        firstLots: held.firstLots,
        guard: { version: kept.version, epoch: kept.epoch, price, settings: kept.settings },
      };
    },
    keep(portfolioId, left) {
      const { lock } = left;
      if (lock.contestId !== null) return;
      if (lock.price !== null) prices.set(left.symbol, lock.price);
      const before = portfolios.get(portfolioId);
      if (before && before.version >= lock.version) return;
      // Other symbols' holdings are still right only when this order came right after the kept one.
      const symbols =
        before && before.version + 1n === lock.version
          ? new Map(before.symbols)
          : new Map<string, KeptSymbol>();
      symbols.set(left.symbol, {
        freeShares: left.freeShares,
        lotTotals: left.lotTotals,
        firstLots: left.firstLots,
      });
      portfolios.set(portfolioId, {
        version: lock.version,
        userId: lock.userId,
        epoch: lock.epoch,
        cashCents: left.cashCents,
        settings: lock.settings,
        symbols,
      });
    },
    notePrice(symbol, price) {
      prices.set(symbol, price);
    },
  };
}

const byId = (a: LotRow, b: LotRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** A complete list kept longer than this keeps only its oldest page (a sale rarely needs more). */
const MAX_KEPT_LOTS = 4 * FIRST_LOT_PAGE;

/** The oldest lots a sale's lock read: a page, all of them when it is not full. */
export const lotsFromLock = (lots: readonly LotRow[] | undefined): OldestLots | undefined =>
  lots && { lots: [...lots], complete: lots.length < FIRST_LOT_PAGE };

/**
 * After a buy: its lot is among the newest, so it joins a complete list, and an incomplete one
 * only when its id sorts inside it (an id made in the same millisecond as the last listed).
 */
export function lotsAfterBuy(before: OldestLots | undefined, lot: LotRow): OldestLots | undefined {
  if (!before) return undefined;
  const last = before.lots.at(-1);
  if (!before.complete && (!last || lot.id > last.id)) return before;
  const lots = [...before.lots, lot].sort(byId);
  return lots.length > MAX_KEPT_LOTS
    ? { lots: lots.slice(0, FIRST_LOT_PAGE), complete: false }
    : { lots, complete: before.complete };
}

/**
 * After a sale of `sold` shares, oldest lots first, as consumeLots sells them: emptied lots gone,
 * the last one shrunk. Unknown when the sale went past the lots listed.
 */
export function lotsAfterSale(
  before: OldestLots | undefined,
  sold: ShareUnits,
): OldestLots | undefined {
  if (!before) return undefined;
  let left = sold;
  const lots: LotRow[] = [];
  for (const lot of before.lots) {
    if (left >= lot.shares) left -= lot.shares;
    else {
      lots.push(left > 0n ? { ...lot, shares: lot.shares - left } : lot);
      left = 0n;
    }
  }
  if (left > 0n && !before.complete) return undefined;
  return { lots, complete: before.complete };
}

/** The listed lots, when they are enough for a sale of `shares` (consumeLots' first page). */
export function lotsForSale(
  first: OldestLots | undefined,
  shares: ShareUnits,
): LotRow[] | undefined {
  if (!first) return undefined;
  const listed = first.lots.reduce((sum, l) => sum + l.shares, 0n);
  return first.complete || listed >= shares ? first.lots.map((l) => ({ ...l })) : undefined;
}
