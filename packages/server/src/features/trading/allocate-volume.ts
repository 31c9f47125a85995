import type { OrderSide, PriceUnits, ShareUnits } from '@papertrade/domain';

/** A crossed order as the trigger read it: enough to size it against the tick's volume. */
export interface CrossedSize {
  id: string;
  portfolio_id: string;
  /** What it still reserves: a buy's cash, a sell's shares. */
  purchase_cents: bigint | null;
  sell_shares: bigint | null;
}

export interface Allocation {
  /** Orders that fill whole now, in priority order. */
  whole: string[];
  /** The one order that gets what was left of the volume, if any: a partial fill. */
  slice: { id: string; portfolioId: string; shares: ShareUnits } | null;
  /** Whether the volume ran out before the orders did: later orders wait for the next tick. */
  exhausted: boolean;
  /** The volume left for the next batch of the same tick. */
  left: ShareUnits;
}

/**
 * The shares a crossed order would take at `price` at most: a sell its reserved shares; a buy
 * what its cash buys at the tick's price before spread and fee, which is never fewer than it
 * really gets, so an order counted as fitting does fit (docs/decisions/040-partial-fills.md).
 */
export function sharesWanted(side: OrderSide, order: CrossedSize, price: PriceUnits): ShareUnits {
  if (side === 'SELL') return BigInt(order.sell_shares ?? 0n);
  // cents (1e-2 USD) over price units (1e-8 USD a share), in 1e-8 shares: cents x 1e14 / price.
  return (BigInt(order.purchase_cents ?? 0n) * 10n ** 14n) / price;
}

/**
 * Hands the tick's traded shares to the crossed orders in the order given (best price, then
 * earliest: the trigger reads them so): each order that fits whole fills whole, the first that
 * does not gets what is left as a slice, and the rest wait. Orders of `unlimited` portfolios
 * (the IDEAL fill model) fill whole and take nothing from the volume.
 */
export function allocateVolume(
  side: OrderSide,
  price: PriceUnits,
  orders: readonly CrossedSize[],
  volume: ShareUnits,
  unlimited: ReadonlySet<string> = new Set(),
): Allocation {
  const whole: string[] = [];
  let left = volume;
  for (const o of orders) {
    if (unlimited.has(o.portfolio_id)) {
      whole.push(o.id);
      continue;
    }
    const wanted = sharesWanted(side, o, price);
    if (wanted <= left) {
      whole.push(o.id);
      left -= wanted;
      continue;
    }
    const rest = orders.slice(orders.indexOf(o) + 1).filter((r) => unlimited.has(r.portfolio_id));
    whole.push(...rest.map((r) => r.id));
    const slice = left > 0n ? { id: o.id, portfolioId: o.portfolio_id, shares: left } : null;
    return { whole, slice, exhausted: true, left: 0n };
  }
  return { whole, slice: null, exhausted: false, left };
}
