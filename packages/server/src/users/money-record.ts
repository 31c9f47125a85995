import {
  averageOfTotals,
  centsToNumber,
  priceToNumber,
  sharesToNumber,
  type UserFields,
} from '@papertrade/domain';
import type { LotDelta } from '../ledger/lot-totals.ts';
import { USER_LOTS_PER_SYMBOL_LIMIT } from './user-record.ts';

/**
 * A portfolio's money as its record shows it (docs/api.md, "Lean order answers"): cash, free
 * shares, lot totals and the newest open lots of each symbol, at one `version`. The order answer's
 * `money` fields are made from it (moneyFields).
 */
export interface MoneyRecord {
  walletAddress: string;
  version: number;
  cashCents: bigint;
  /** Free shares per symbol (not reserved by a working order); a symbol sold out has none. */
  free: Map<string, bigint>;
  /** Open-lot totals per symbol. */
  totals: Map<string, LotDelta>;
  /**
   * Per symbol with lot totals, its newest open lots (at most the record's limit), oldest first:
   * the record's openPositions. Lot ids sort by creation time, the order lots are sold in
   * (ledger/consume-lots.ts).
   */
  lots: Map<string, OpenLot[]>;
}

export interface OpenLot {
  id: string;
  price: bigint;
}

/** What one market order did to its portfolio's money, as its own statements decided it. */
export interface MoneyChange {
  /** The version the order's lock gave the portfolio (db/transaction.ts). */
  version: number;
  cashCents: bigint;
  symbol: string;
  /** The symbol's free shares after the order. */
  freeShares: bigint;
  /** The symbol's lot totals after the order. */
  totals: LotDelta;
  /** A buy's open lot. */
  bought?: { id: string; price: bigint };
  /** The ids of the lots a sale emptied (ledger/consume-lots.ts). */
  emptied?: readonly string[];
}

/** The record's money fields, as loadUserRecord makes them. */
export function moneyFields(record: MoneyRecord): UserFields {
  const assets: Record<string, number> = {};
  const openPositions: Record<string, number[]> = {};
  const averageCost: Record<string, number> = {};
  for (const [symbol, shares] of record.free)
    if (shares > 0n) assets[symbol] = sharesToNumber(shares);
  for (const [symbol, t] of record.totals)
    averageCost[symbol] = priceToNumber(averageOfTotals(t.shares, t.cost));
  for (const [symbol, newest] of record.lots)
    if (newest.length) openPositions[symbol] = newest.map((l) => priceToNumber(l.price));
  return { balance: centsToNumber(record.cashCents), assets, openPositions, averageCost };
}

const byId = (a: OpenLot, b: OpenLot) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The symbol's newest lots after a buy added one: in id order (an id made on another instance's
 * clock may sort before the newest), trimmed to the record's limit from the oldest end.
 */
const withBought = (newest: readonly OpenLot[], lot: OpenLot): OpenLot[] =>
  [...newest, lot].sort(byId).slice(-USER_LOTS_PER_SYMBOL_LIMIT);

/**
 * The symbol's newest lots after a sale emptied `emptied`. Lots are sold oldest first, so when a
 * listed lot was emptied, every older one, listed or not, was emptied too, and what is left of the
 * list is all the symbol's lots; when none was, every listed lot is still open and still among the
 * newest. Either way the list less the emptied ones is the record's.
 */
const withEmptied = (newest: readonly OpenLot[], emptied: readonly string[]): OpenLot[] => {
  const gone = new Set(emptied);
  return newest.filter((l) => !gone.has(l.id));
};

/**
 * The record after `change`, when the record is the version just before it; otherwise null (some
 * other change came between, so only a read can tell). Returns a new record; `record` is untouched.
 */
export function applyMoneyChange(record: MoneyRecord, change: MoneyChange): MoneyRecord | null {
  if (change.version !== record.version + 1) return null;
  const { symbol } = change;
  const free = new Map(record.free);
  const totals = new Map(record.totals);
  const lots = new Map(record.lots);
  if (change.freeShares > 0n) free.set(symbol, change.freeShares);
  else free.delete(symbol);
  if (change.totals.shares > 0n) {
    totals.set(symbol, change.totals);
    let newest = lots.get(symbol) ?? [];
    if (change.emptied?.length) newest = withEmptied(newest, change.emptied);
    if (change.bought) newest = withBought(newest, change.bought);
    lots.set(symbol, newest);
  } else {
    totals.delete(symbol);
    lots.delete(symbol);
  }
  return {
    walletAddress: record.walletAddress,
    version: change.version,
    cashCents: change.cashCents,
    free,
    totals,
    lots,
  };
}
