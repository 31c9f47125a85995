/** Portfolio maths of docs/product.md, Money and numbers: total balance, average cost, gain and return. */
import { PRICE_SCALE, valueOfShares } from './money.ts';
import type { Cents, PriceUnits, ShareUnits } from './money.ts';

export interface HoldingInput {
  symbol: string;
  shares: ShareUnits;
}

/** A working limit order: a PURCHASE reserves cash (purchaseCents), a SELL reserves shares. */
export interface WorkingOrderInput {
  type: 'PURCHASE' | 'SELL';
  symbol: string;
  purchaseCents?: Cents;
  sellShares?: ShareUnits;
}

export interface TotalBalanceInput {
  cashCents: Cents;
  holdings: readonly HoldingInput[];
  workingOrders: readonly WorkingOrderInput[];
  prices: ReadonlyMap<string, PriceUnits>;
}

/**
 * Cash + holdings at current price + pending limit orders (docs/product.md, Total balance): a
 * PURCHASE counts its reserved dollars, a SELL its reserved shares at the current price. A
 * symbol's shares, free and reserved, are summed and valued once, rounded down to the cent (what
 * they would fetch): so the total depends only on how many shares the portfolio owns, and the
 * server can value it from its running totals (lot_totals.shares) without reading the working
 * sells (docs/decisions/041-balance-from-running-totals.md). A symbol without a price counts 0
 * rather than failing the whole balance.
 */
export function totalBalanceCents({
  cashCents,
  holdings,
  workingOrders,
  prices,
}: TotalBalanceInput): Cents {
  const shares = new Map<string, ShareUnits>();
  const add = (symbol: string, more: ShareUnits) =>
    shares.set(symbol, (shares.get(symbol) ?? 0n) + more);
  let total = cashCents;
  for (const holding of holdings) add(holding.symbol, holding.shares);
  for (const order of workingOrders) {
    if (order.type === 'PURCHASE') total += order.purchaseCents ?? 0n;
    else add(order.symbol, order.sellShares ?? 0n);
  }
  for (const [symbol, owned] of shares) {
    const price = prices.get(symbol);
    if (price !== undefined && price > 0n) total += valueOfShares(owned, price);
  }
  return total;
}

export interface Lot {
  shares: ShareUnits;
  price: PriceUnits;
}

/**
 * Average cost per share: sum(shares x price) / sum(shares), rounded to the nearest 1e-8.
 * Weighted by shares, not a plain mean of the lot prices (docs/product.md, Average cost and gain), so buying
 * 1 share at 100 and 0.01 at 200 gives a cost basis near 100, not 150 (docs/decisions/004-average-cost.md).
 * 0 when there are no shares.
 */
export function averageCostPrice(lots: readonly Lot[]): PriceUnits {
  let shares = 0n;
  let weighted = 0n;
  for (const lot of lots) {
    shares += lot.shares;
    weighted += lot.shares * lot.price;
  }
  return averageOfTotals(shares, weighted);
}

/**
 * The same average from running totals (the server keeps sum(shares) and sum(shares x price)
 * per holding, decision 006), with the same rounding, so both ways give the same price.
 */
export function averageOfTotals(shares: ShareUnits, weighted: bigint): PriceUnits {
  if (shares <= 0n) return 0n;
  return (weighted + shares / 2n) / shares;
}

/** (price - average) / average x 100 (docs/product.md, Average cost and gain); 0 when there is no average. */
export function gainPercentage(price: number, average: number): number {
  if (average === 0 || !Number.isFinite(average) || !Number.isFinite(price)) return 0;
  return ((price - average) / average) * 100;
}

/** Return since the (last) start: (total - starting) / starting x 100; 0 without a start. */
export function returnPercentage(totalCents: Cents, startingCents: Cents): number {
  if (startingCents === 0n) return 0;
  // Scale in bigint first so huge balances keep their precision before the one float division.
  const scaledPercent = ((totalCents - startingCents) * PRICE_SCALE * 100n) / startingCents;
  return Number(scaledPercent) / Number(PRICE_SCALE);
}
