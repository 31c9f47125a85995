/**
 * The kind of an order in words, one set for every page (the history on /home and
 * /all-transactions, /order, a transaction's details, the asset page's orders): a stop-loss is
 * never called a limit, and a status ("Working") is never shown as a method.
 * docs/decisions/012-stop-and-trailing-orders.md and 015-brackets-and-oco.md name the kinds.
 */
import {
  formatPrice,
  isWorkingEntry,
  type HistoryEntry,
  type LimitPosition,
  type Transaction,
} from '@papertrade/domain';
import { workingStatusText } from './order-status.ts';

type OrderKind = NonNullable<LimitPosition['orderType']>;

const KIND_LABELS: Record<OrderKind, string> = {
  LIMIT: 'Limit',
  STOP: 'Stop',
  STOP_LIMIT: 'Stop-limit',
  TRAILING_STOP: 'Trailing stop',
};

/**
 * "Limit", "Stop", "Stop-limit", "Trailing stop"; a bracket's or OCO pair's leg by its role:
 * "Take-profit", "Stop-loss", "Trailing stop-loss". An order from before the kinds (no
 * orderType) is a limit.
 */
export function orderKindLabel(p: Pick<LimitPosition, 'orderType' | 'leg'>): string {
  if (p.leg === 'TAKE_PROFIT') return 'Take-profit';
  if (p.leg === 'STOP_LOSS')
    return p.orderType === 'TRAILING_STOP' ? 'Trailing stop-loss' : 'Stop-loss';
  return KIND_LABELS[p.orderType ?? 'LIMIT'];
}

/** "Stop sell BTC", "Take-profit sell ETH", "Limit buy SOL": a working order's title. */
export function orderTitle(
  p: Pick<LimitPosition, 'orderType' | 'leg' | 'type' | 'symbol'>,
): string {
  return `${orderKindLabel(p)} ${p.type === 'PURCHASE' ? 'buy' : 'sell'} ${p.symbol}`;
}

/**
 * How a fill was made: "Market", or the order that filled ("Stop", "Trailing stop", "Stop-loss"
 * for a bracket's leg). The transaction's trigger carries the kind; its positionId finds the order
 * (and its leg) among `orders` while the user record still lists it. A limit fill from before
 * triggers were recorded reads "Limit".
 */
export function fillKindLabel(
  tx: Pick<Transaction, 'method' | 'trigger' | 'positionId'>,
  orders: readonly LimitPosition[] = [],
): string {
  if (tx.method === 'MARKET' && !tx.trigger) return 'Market';
  const order =
    tx.positionId === undefined ? undefined : orders.find((p) => p.positionId === tx.positionId);
  return orderKindLabel({
    orderType: tx.trigger?.orderType ?? order?.orderType,
    leg: order?.leg,
  });
}

const usd = (n: number) => `$${formatPrice(n)}`;

/**
 * The prices an order acts at, each named: "limit $94,000.00", "stop $90,000.00",
 * "stop $90,000.00 · limit $89,500.00", "trail 5% · stop $93,386.24". A STOP's or trailing
 * stop's limitAsk is its stop (docs/api.md), so it is never called a limit.
 */
export function orderPricesText(
  p: Pick<LimitPosition, 'orderType' | 'limitAsk' | 'stopPrice' | 'trailPercent' | 'trailAmount'>,
): string {
  const stop = usd(p.stopPrice ?? p.limitAsk);
  switch (p.orderType) {
    case 'STOP':
      return `stop ${stop}`;
    case 'STOP_LIMIT':
      return `stop ${stop} · limit ${usd(p.limitAsk)}`;
    case 'TRAILING_STOP': {
      const trail =
        p.trailPercent !== undefined
          ? `${p.trailPercent}%`
          : p.trailAmount !== undefined
            ? usd(p.trailAmount)
            : null;
      return trail ? `trail ${trail} · stop ${stop}` : `stop ${stop}`;
    }
    default:
      return `limit ${usd(p.limitAsk)}`;
  }
}

/** A history row's title: "Bought BTC", "Sold ETH", or a working order's ("Stop sell BTC"). */
export function historyTitle(entry: HistoryEntry): string {
  if ('limitAsk' in entry && isWorkingEntry(entry)) return orderTitle(entry);
  return `${entry.type === 'PURCHASE' ? 'Bought' : 'Sold'} ${entry.symbol}`;
}

/** A history row's method: the kind of order ("Market", "Stop", "Take-profit"), never a status. */
export function historyMethod(entry: HistoryEntry): string {
  if ('id' in entry) return fillKindLabel(entry);
  return orderKindLabel(entry);
}

/**
 * A history row's status: a transaction is filled; an order listed in the history is working, or
 * partly filled with how far it got (docs/decisions/029-simulated-order-book.md).
 */
export function historyStatus(entry: HistoryEntry): string {
  return 'id' in entry ? 'Filled' : workingStatusText(entry);
}
