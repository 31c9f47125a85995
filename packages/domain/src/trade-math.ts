/**
 * Exact order maths, shared by the server (what a fill costs) and the web trade panel (what the
 * preview and the Max button show), so both sides agree to the cent. Rounding never creates money:
 * the trader always gets the short end of a fraction of a cent or of a 1e-8 share.
 */
import { checkOrderSize, checkPrice } from './bounds.ts';
import { formatAmount, formatShares } from './format.ts';
import {
  centsToNumber,
  costOfShares,
  proceedsOfShares,
  sharesForCents,
  sharesToNumber,
  sharesToRaiseCents,
  valueOfShares,
} from './money.ts';
import type { Cents, PriceUnits, ShareUnits } from './money.ts';
// The amount input's unit, 'USD' | 'SYMBOL': one definition, the API's (docs/api.md, Core calls).
import type { AmountUnit } from './contract/requests.ts';
import type { TransactionType } from './contract/shapes.ts';

/** The side of a trade: the contract's TransactionType (one vocabulary, no BUY beside PURCHASE). */
export type TradeSide = TransactionType;
export type OrderAmount = { unit: 'USD'; cents: Cents } | { unit: 'SYMBOL'; shares: ShareUnits };

export interface Fill {
  shares: ShareUnits;
  totalCents: Cents;
}

/** A price inside its bounds, and a fill inside an order's: else a BoundsError (bounds.ts). */
function bounded(fill: Fill): Fill {
  checkOrderSize(fill.shares, fill.totalCents);
  return fill;
}

/**
 * A market buy. USD: spends exactly `cents`, for the shares they buy rounded down.
 * SYMBOL: gets exactly `shares`, for their cost rounded up to the cent.
 */
export function quoteMarketBuy(amount: OrderAmount, price: PriceUnits): Fill {
  checkPrice(price);
  if (amount.unit === 'USD') {
    return bounded({ shares: sharesForCents(amount.cents, price), totalCents: amount.cents });
  }
  return bounded({ shares: amount.shares, totalCents: costOfShares(amount.shares, price) });
}

/**
 * A market sell. SYMBOL: sells exactly `shares`, for proceeds rounded down to the cent.
 * USD: raises exactly `cents`, selling the shares needed rounded up to 1e-8.
 */
export function quoteMarketSell(amount: OrderAmount, price: PriceUnits): Fill {
  checkPrice(price);
  if (amount.unit === 'USD') {
    return bounded({ shares: sharesToRaiseCents(amount.cents, price), totalCents: amount.cents });
  }
  return bounded({ shares: amount.shares, totalCents: proceedsOfShares(amount.shares, price) });
}

/**
 * The trade panel's preview of the other unit (docs/pages.md, Trade panel): USD -> shares = amount / price,
 * shares -> USD = shares x price. Display only, so plain numbers are fine here; the order
 * itself is priced by quoteMarketBuy/quoteMarketSell. 0 when there is nothing to show.
 */
export function previewOtherUnit(amount: number, unit: AmountUnit, price: number): number {
  if (!Number.isFinite(amount) || !Number.isFinite(price) || price <= 0) return 0;
  return unit === 'USD' ? amount / price : amount * price;
}

/**
 * The preview of the other unit (docs/pages.md, Trade panel): dollars with 2 decimals; an amount of the asset by
 * formatShares' rules, since 2 decimals read "≈ 0.00 BTC" for most buys (docs/decisions/009).
 */
export function formatPreview(n: number, unit: 'USD' | 'SYMBOL'): string {
  const value = Number.isFinite(n) ? n : 0;
  return unit === 'USD' ? formatAmount(value) : formatShares(value);
}

export interface MaxAmountInput {
  side: TradeSide;
  unit: AmountUnit;
  cashCents: Cents;
  heldShares: ShareUnits;
  price: PriceUnits;
}

/**
 * What the Max button fills in (docs/pages.md, Trade panel): a buy in USD gets the buying power (cash, 2 decimals);
 * a buy in shares gets the shares the buying power affords at the current price (rounded down to
 * 1e-8; the held shares, as once planned, filled 0 for a first buy: docs/decisions/009); a sell
 * in shares gets the held shares; a sell in USD the holdings value, rounded down to the cent.
 */
export function maxAmount({ side, unit, cashCents, heldShares, price }: MaxAmountInput): number {
  if (unit === 'SYMBOL') {
    if (side === 'SELL') return sharesToNumber(heldShares);
    return price > 0n ? sharesToNumber(sharesForCents(cashCents, price)) : 0;
  }
  if (side === 'PURCHASE') return centsToNumber(cashCents);
  return price > 0n ? centsToNumber(valueOfShares(heldShares, price)) : 0;
}
