import type { Cents, PriceUnits, ShareUnits } from '@papertrade/domain';

/**
 * Realised P&L by replaying one epoch's fills first in first out, exactly as the ledger consumed
 * the lots (ledger/consume-lots.ts): a buy opens a lot of its shares at its fill price, a sale takes
 * the oldest lots of its symbol first. The ledger deletes the lots it consumes and records no cost
 * per sale, so replaying the transactions is the only way back to each sale's cost
 * (docs/decisions/011). Fees count (decision 013): a sale's proceeds are net of its own fee, and its
 * cost carries the buy fees of the lots it consumed, a part of a lot taking its share of that lot's
 * fee, so a lot's fee is counted once in all when it is sold out. All sums are bigint; lot cost is
 * in 1e-16 dollars (share units x price units), the unit lot_totals keeps.
 */

export interface FillRow {
  id: string;
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  shares: ShareUnits;
  totalCents: Cents;
  /** The fee charged on the fill: added to a buy's cost, taken from a sale's proceeds. */
  feeCents: Cents;
  price: PriceUnits;
  createdAt: number;
}

export interface ReplayedSale {
  id: string;
  symbol: string;
  createdAt: number;
  shares: ShareUnits;
  price: PriceUnits;
  /** What the sale paid into cash: its total less its fee. */
  proceedsCents: Cents;
  /** The consumed lots' cost, rounded to the cent (half up), plus their share of their buys' fees. */
  costCents: Cents;
  /** proceeds - cost, so the three figures shown beside each other always add up. */
  realisedCents: Cents;
}

export interface ReplayResult {
  sales: ReplayedSale[];
  /** Shares a sale found no lot for: 0 unless the history is inconsistent with the ledger. */
  unmatchedShares: ShareUnits;
  /**
   * What is left open per symbol: shares and cost (1e-16 dollars, fees not in it, as in lot_totals,
   * which it is cross-checked against) and the part of the buys' fees no sale has taken yet.
   */
  open: Map<string, { shares: ShareUnits; cost: bigint; feeCents: Cents }>;
}

/** 1e-16 dollars per cent. */
const COST_UNITS_PER_CENT = 10n ** 14n;

/** A non-negative cost in 1e-16 dollars to cents, half up: the nearest cent to what the lots cost. */
export function costToCents(cost: bigint): Cents {
  return (cost + COST_UNITS_PER_CENT / 2n) / COST_UNITS_PER_CENT;
}

interface OpenLot {
  shares: ShareUnits;
  price: PriceUnits;
  /** The part of its buy's fee not yet taken by a sale. */
  feeCents: Cents;
}

/** `fills` must be one epoch's transactions in id order, the order the ledger made their lots in. */
export function replayFifo(fills: readonly FillRow[]): ReplayResult {
  const lots = new Map<string, OpenLot[]>();
  // Index of each symbol's oldest open lot: consumed lots are skipped, not spliced out (O(n) overall).
  const head = new Map<string, number>();
  const sales: ReplayedSale[] = [];
  let unmatchedShares = 0n;
  for (const fill of fills) {
    const queue = lots.get(fill.symbol) ?? [];
    lots.set(fill.symbol, queue);
    if (fill.type === 'PURCHASE') {
      queue.push({ shares: fill.shares, price: fill.price, feeCents: fill.feeCents });
      continue;
    }
    let left = fill.shares;
    let cost = 0n;
    let buyFees = 0n;
    let i = head.get(fill.symbol) ?? 0;
    while (left > 0n && i < queue.length) {
      const lot = queue[i]!;
      const used = lot.shares <= left ? lot.shares : left;
      cost += used * lot.price;
      // Rounded down on a part, the rest on the part that empties the lot: exactly the fee in all.
      const fee = used === lot.shares ? lot.feeCents : (lot.feeCents * used) / lot.shares;
      buyFees += fee;
      lot.feeCents -= fee;
      lot.shares -= used;
      left -= used;
      if (lot.shares === 0n) i += 1;
    }
    head.set(fill.symbol, i);
    unmatchedShares += left;
    const costCents = costToCents(cost) + buyFees;
    const proceedsCents = fill.totalCents - fill.feeCents;
    sales.push({
      id: fill.id,
      symbol: fill.symbol,
      createdAt: fill.createdAt,
      shares: fill.shares,
      price: fill.price,
      proceedsCents,
      costCents,
      realisedCents: proceedsCents - costCents,
    });
  }
  const open = new Map<string, { shares: ShareUnits; cost: bigint; feeCents: Cents }>();
  for (const [symbol, queue] of lots) {
    let shares = 0n;
    let cost = 0n;
    let feeCents = 0n;
    for (let i = head.get(symbol) ?? 0; i < queue.length; i += 1) {
      shares += queue[i]!.shares;
      cost += queue[i]!.shares * queue[i]!.price;
      feeCents += queue[i]!.feeCents;
    }
    if (shares > 0n) open.set(symbol, { shares, cost, feeCents });
  }
  return { sales, unmatchedShares, open };
}
