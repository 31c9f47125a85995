import { formatPrice, formatUsd, type LimitPosition } from '@papertrade/domain';

const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 });
export const orderTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const sideText = (p: LimitPosition) => (p.type === 'PURCHASE' ? 'Buy' : 'Sell');
export const limitText = (p: LimitPosition) => `$${formatPrice(p.limitAsk)}`;

/** A buy reserves dollars, a sell reserves shares. */
export function reservedText(p: LimitPosition): string {
  return p.type === 'PURCHASE'
    ? formatUsd(p.purchaseAsk ?? 0)
    : `${quantity.format(p.sellAsk ?? 0)} ${p.symbol}`;
}

/** "limit buy BTC at $94,000.00": names an order in buttons and dialogs. */
export function orderName(p: LimitPosition): string {
  return `limit ${sideText(p).toLowerCase()} ${p.symbol} at ${limitText(p)}`;
}
