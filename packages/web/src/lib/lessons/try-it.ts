import type { Asset } from '@papertrade/domain';
import type { TryItOrder } from '@papertrade/domain/lessons';
import { tradeLinkHref, type TradeLink } from '../trade-link.ts';
import { DEFAULT_TRADE_SYMBOL } from '../ui-constants.ts';

/** What a sell of shares held tries; the buy with its bracket leg when nothing is held. */
const ORDERS: Record<TryItOrder, { sell: TradeLink; buy: TradeLink }> = {
  STOP_LOSS: {
    sell: { method: 'STOP', side: 'SELL' },
    buy: { method: 'LIMIT', side: 'PURCHASE', protect: 'stopLoss' },
  },
  TAKE_PROFIT: {
    sell: { method: 'OCO', side: 'SELL' },
    buy: { method: 'LIMIT', side: 'PURCHASE', protect: 'takeProfit' },
  },
  TRAILING_STOP: {
    sell: { method: 'TRAILING_STOP', side: 'SELL' },
    buy: { method: 'LIMIT', side: 'PURCHASE', protect: 'trail' },
  },
};

/**
 * A lesson's "Try it": the order it teaches, on the asset the user holds the most of (by value,
 * shares not reserved by other orders), since a stop or take-profit protects shares already owned.
 * Holding nothing, a sell could only be refused: the kindest next step is then a buy of Bitcoin
 * with that protection attached, which the lesson says. null until the assets are known.
 */
export function tryItHref(
  order: TryItOrder,
  holdings: Record<string, number>,
  assets: readonly Asset[] | undefined,
): string | null {
  if (!assets) return null;
  let best: Asset | undefined;
  let bestValue = 0;
  for (const asset of assets) {
    const value = (holdings[asset.symbol] ?? 0) * asset.currentPrice;
    if (value > bestValue) {
      best = asset;
      bestValue = value;
    }
  }
  if (best) return tradeLinkHref(best.id, ORDERS[order].sell);
  const btc = assets.find((a) => a.symbol === DEFAULT_TRADE_SYMBOL) ?? assets[0];
  return btc ? tradeLinkHref(btc.id, ORDERS[order].buy) : null;
}
