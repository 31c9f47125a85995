import { formatPrice, formatShares, formatUsd, type LimitPosition } from '@papertrade/domain';
import { orderTitle } from '../../lib/order-kind.ts';

export const orderTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const sideText = (p: LimitPosition) => (p.type === 'PURCHASE' ? 'Buy' : 'Sell');

const usd = (n: number | undefined) => (n === undefined ? '—' : `$${formatPrice(n)}`);

/** The limit of a limit or stop-limit; a stop or trailing stop has none (its limitAsk is its stop). */
export function limitText(p: LimitPosition): string {
  const kind = p.orderType ?? 'LIMIT';
  return kind === 'LIMIT' || kind === 'STOP_LIMIT' ? usd(p.limitAsk) : '—';
}

/** The stop of a stop, stop-limit or trailing stop (a trailing stop's moves with the market). */
export function stopText(p: LimitPosition): string {
  const kind = p.orderType ?? 'LIMIT';
  return kind === 'LIMIT' ? '—' : usd(p.stopPrice ?? p.limitAsk);
}

/** A trailing stop's trail: "5%" or "$1,500.00". */
export function trailText(p: LimitPosition): string {
  if (p.trailPercent !== undefined) return `${p.trailPercent}%`;
  return p.trailAmount === undefined ? '—' : usd(p.trailAmount);
}

/** A buy reserves dollars, a sell reserves shares (shares by the one rule: formatShares). */
export function reservedText(p: LimitPosition): string {
  return p.type === 'PURCHASE'
    ? formatUsd(p.purchaseAsk ?? 0)
    : `${formatShares(p.sellAsk ?? 0)} ${p.symbol}`;
}

/** "limit buy BTC at $94,000.00", "stop sell ETH at $2,900.00": names an order in buttons and dialogs. */
export function orderName(p: LimitPosition): string {
  const title = orderTitle(p);
  const price = limitText(p) === '—' ? stopText(p) : limitText(p);
  return `${title.charAt(0).toLowerCase()}${title.slice(1)} at ${price}`;
}
