import { PRICE_SCALE, SHARE_SCALE, type Cents, type PriceUnits, type ShareUnits } from './money.ts';
import type { BookLevel } from './order-book.ts';
import type { OrderAmount } from './trade-math.ts';

/**
 * A market order walking the simulated book (docs/decisions/039-book-fills-without-a-lock.md): a
 * buy takes the asks and a sale the bids, best first, for the shares or the dollars it asks, and
 * with `maxSlippageBps` only as far as the running average price stays within that distance of
 * the mid. Exact: the shares times prices are summed unrounded, and the total and the average are
 * rounded once, against the trader (a buy's up, a sale's down). The server fills orders with it
 * and the web app's trade panel can preview the same walk.
 */

/** shares x price units per cent. */
const UNITS_PER_CENT = (SHARE_SCALE * PRICE_SCALE) / 100n;
const BPS = 10_000n;

export interface MarketWalk {
  shares: ShareUnits;
  /** What the shares cost (a buy, rounded up) or raise (a sale, rounded down), before fees. */
  totalCents: Cents;
  /** The average price, rounded against the trader. */
  price: PriceUnits;
  midPrice: PriceUnits;
  /** Levels touched, whole or in part. */
  levels: number;
  /** True when the order got all it asked (false: the cap or the book's depth stopped it). */
  complete: boolean;
}

const divCeil = (a: bigint, b: bigint): bigint => (a % b === 0n ? a / b : a / b + 1n);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * Walks `levels` (the asks for a PURCHASE, the bids for a SELL, best first) from `mid`. A USD buy
 * spends at most the amount; a USD sale sells until it raises at least the amount. Nothing to
 * take (an empty side, or a cap the best level already breaks) answers zero shares.
 */
export function walkMarketOrder(
  side: 'PURCHASE' | 'SELL',
  levels: readonly BookLevel[],
  amount: OrderAmount,
  mid: PriceUnits,
  maxSlippageBps?: number,
): MarketWalk {
  const buy = side === 'PURCHASE';
  // The cap as a price times BPS, so the comparison stays in integers: a buy's average at most
  // mid x (1 + cap), a sale's at least mid x (1 - cap).
  const capTimesBps =
    maxSlippageBps === undefined
      ? null
      : mid * (buy ? BPS + BigInt(maxSlippageBps) : BPS - BigInt(maxSlippageBps));
  const target =
    amount.unit === 'USD' ? amount.cents * UNITS_PER_CENT : amount.shares * UNITS_PER_CENT;
  let shares = 0n;
  /** The sum of shares x price, unrounded. */
  let units = 0n;
  let touched = 0;
  let complete = false;
  for (const level of levels) {
    // What the amount still wants at this level's price; when the level holds it, the order is done.
    const wanted =
      amount.unit === 'SYMBOL'
        ? amount.shares - shares
        : buy
          ? (target - units) / level.price
          : divCeil(target - units, level.price);
    let take = min(level.shares, wanted);
    let capped = false;
    if (capTimesBps !== null) {
      // The most of this level whose running average stays within the cap: for a buy,
      // BPS (units + x p) <= cap (shares + x), so x <= (cap shares - BPS units) / (BPS p - cap).
      const over = buy ? BPS * level.price - capTimesBps : capTimesBps - BPS * level.price;
      if (over > 0n) {
        const room = buy ? capTimesBps * shares - BPS * units : BPS * units - capTimesBps * shares;
        const most = room > 0n ? room / over : 0n;
        if (most < take) {
          take = most;
          capped = true;
        }
      }
    }
    if (take > 0n) {
      shares += take;
      units += take * level.price;
      touched += 1;
    }
    if (capped) break;
    if (wanted <= level.shares) {
      complete = true;
      break;
    }
  }
  if (shares === 0n) {
    return { shares, totalCents: 0n, price: mid, midPrice: mid, levels: 0, complete };
  }
  return {
    shares,
    totalCents: buy ? divCeil(units, UNITS_PER_CENT) : units / UNITS_PER_CENT,
    price: buy ? divCeil(units, shares) : units / shares,
    midPrice: mid,
    levels: touched,
    complete,
  };
}

/**
 * An average price's distance from the mid in basis points, >= 0 for the trader's cost (a buy
 * above the mid, a sale below it), to two decimals.
 */
export function slippageBps(side: 'PURCHASE' | 'SELL', price: PriceUnits, mid: PriceUnits): number {
  if (mid <= 0n) return 0;
  const diff = side === 'PURCHASE' ? price - mid : mid - price;
  return Number((diff * BPS * 100n) / mid) / 100;
}
