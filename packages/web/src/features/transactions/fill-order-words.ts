import type { FillTrigger, LimitPosition, Transaction } from '@papertrade/domain';
import { fillKindLabel } from '../../lib/order-kind.ts';

/**
 * The transaction page's "Order" row for a working order's fill: the kind of order that filled
 * ("Stop order"), or for a bracket's or OCO pair's leg the leg ("Stop-loss order", "Take-profit
 * order", "Trailing stop-loss"), in the words every page uses (lib/order-kind.ts). The
 * transaction's positionId names the order; the user record lists it (with its leg) while it is
 * recent; an order no longer listed is named by its kind.
 */
export function fillOrderWords(
  tx: Pick<Transaction, 'positionId'> & { trigger: FillTrigger },
  orders: readonly LimitPosition[],
): string {
  const label = fillKindLabel({ method: 'LIMIT', ...tx }, orders);
  return label.startsWith('Trailing') ? label : `${label} order`;
}
