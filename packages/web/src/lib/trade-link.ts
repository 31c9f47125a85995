import { CONTEST_ORDER_TYPES, type TransactionType } from '@papertrade/domain';

/**
 * A link that opens the trade panel on one kind of order (the lessons' "Try it"):
 * `/asset?pair=<id>&trade=<METHOD>&side=<PURCHASE|SELL>[&protect=<leg>]`. The asset page reads it and
 * selects that method and side in its panel (on a phone, in the trade dialog); `protect` opens a buy's
 * "Protect this trade" section on that leg.
 */
export const TRADE_LINK_METHODS = CONTEST_ORDER_TYPES;
export type TradeLinkMethod = (typeof TRADE_LINK_METHODS)[number];
export const PROTECT_LEGS = ['takeProfit', 'stopLoss', 'trail'] as const;
export type ProtectLeg = (typeof PROTECT_LEGS)[number];

export interface TradeLink {
  method: TradeLinkMethod;
  side: TransactionType;
  protect?: ProtectLeg;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function tradeLinkHref(pair: string, link: TradeLink): string {
  const query = new URLSearchParams({ pair, trade: link.method, side: link.side });
  if (link.protect) query.set('protect', link.protect);
  return `/asset?${query.toString()}`;
}

/** The link's order, or null when the address asks for none (or one this app does not know). */
export function readTradeLink(params: URLSearchParams): TradeLink | null {
  const method = params.get('trade');
  if (!isOneOf(TRADE_LINK_METHODS, method)) return null;
  const side = params.get('side') === 'SELL' ? 'SELL' : 'PURCHASE';
  const protect = params.get('protect');
  // Only a buy can carry take-profit and stop-loss (a bracket); a sell has its OCO method.
  return side === 'PURCHASE' && isOneOf(PROTECT_LEGS, protect)
    ? { method, side, protect }
    : { method, side };
}
