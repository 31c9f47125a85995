/** Portfolio figures for display, computed with the domain's exact money (docs/product.md, Money and numbers). */
import {
  centsFromNumber,
  centsToNumber,
  priceFromNumber,
  holdsReservation,
  sharesFromNumber,
  totalBalanceCents,
  valueOfShares,
  type Asset,
  type Cents,
  type PriceUnits,
  type ShareUnits,
  type User,
} from '@papertrade/domain';
import { isWorkingOrder } from './order-status.ts';

/** Wire prices have at most 8 decimals; anything finer is rounded rather than rejected here. */
export function toPriceUnits(price: number): PriceUnits {
  if (!Number.isFinite(price) || price <= 0) return 0n;
  return priceFromNumber(price) ?? priceFromNumber(Number(price.toFixed(8))) ?? 0n;
}

export function toShareUnits(shares: number | undefined): ShareUnits {
  if (!shares || !Number.isFinite(shares)) return 0n;
  return sharesFromNumber(shares) ?? sharesFromNumber(Number(shares.toFixed(8))) ?? 0n;
}

export function toCents(usd: number): Cents {
  if (!Number.isFinite(usd)) return 0n;
  return centsFromNumber(usd) ?? centsFromNumber(Number(usd.toFixed(2))) ?? 0n;
}

export function priceMap(assets: readonly Asset[]): Map<string, PriceUnits> {
  return new Map(assets.map((a) => [a.symbol, toPriceUnits(a.currentPrice)]));
}

export interface PortfolioTotals {
  cash: number;
  holdings: number;
  total: number;
}

export function portfolioTotals(user: User, assets: readonly Asset[]): PortfolioTotals {
  const prices = priceMap(assets);
  const holdings = Object.entries(user.assets).map(([symbol, shares]) => ({
    symbol,
    shares: toShareUnits(shares),
  }));
  const workingOrders = user.limitPositions
    // An OCO pair's shares count once (holdsReservation).
    .filter((p) => isWorkingOrder(p) && holdsReservation(p))
    .map((p) => ({
      type: p.type,
      symbol: p.symbol,
      purchaseCents: p.purchaseAsk === undefined ? undefined : toCents(p.purchaseAsk),
      sellShares: p.sellAsk === undefined ? undefined : toShareUnits(p.sellAsk),
    }));
  const cashCents = toCents(user.balance);
  const holdingCents = holdings.reduce((sum, h) => {
    const price = prices.get(h.symbol) ?? 0n;
    return sum + (price > 0n ? valueOfShares(h.shares, price) : 0n);
  }, 0n);
  const total = totalBalanceCents({ cashCents, holdings, workingOrders, prices });
  return {
    cash: centsToNumber(cashCents),
    holdings: centsToNumber(holdingCents),
    total: centsToNumber(total),
  };
}

/**
 * The average cost weights each lot by its shares, not a plain mean of the lot prices
 * (docs/product.md, Average cost and gain): the server's User.averageCost, so buys of different
 * sizes give the true cost basis.
 */
export function averageCost(user: User, symbol: string): number {
  return user.averageCost[symbol] ?? 0;
}

/** What a holding would fetch now, rounded down to the cent like the total balance. */
export function holdingValue(shares: number, price: number): number {
  const priceUnits = toPriceUnits(price);
  return priceUnits > 0n ? centsToNumber(valueOfShares(toShareUnits(shares), priceUnits)) : 0;
}

/**
 * Unrealised P&L at the prices the page already shows: each open position's value at `assets`'
 * price (to the cent, rounded down like the total balance) less its cost. /home shows it beside a
 * total worked out from those prices, so both move together instead of one lagging the other by
 * a poll. A position whose asset is not listed keeps the server's figure.
 */
export function unrealisedPnlAt(
  positions: readonly { symbol: string; shares: number; cost: number; unrealisedPnl: number }[],
  assets: readonly Asset[],
): number {
  const prices = priceMap(assets);
  const cents = positions.reduce((sum, p) => {
    if (!(p.shares > 0)) return sum;
    const price = prices.get(p.symbol) ?? 0n;
    if (price <= 0n) return sum + toCents(p.unrealisedPnl);
    return sum + valueOfShares(toShareUnits(p.shares), price) - toCents(p.cost);
  }, 0n);
  return centsToNumber(cents);
}
