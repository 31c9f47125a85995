import type { FillTrigger, LimitPosition, Transaction } from '@papertrade/domain';

const KIND_WORDS: Record<FillTrigger['orderType'], string> = {
  LIMIT: 'Limit order',
  STOP: 'Stop order',
  STOP_LIMIT: 'Stop-limit order',
  TRAILING_STOP: 'Trailing stop',
};

/**
 * The transaction page's "Order" row for a working order's fill: the kind of order that filled
 * ("Stop order"), or for a bracket's or OCO pair's leg the leg ("Stop-loss order", "Take-profit
 * order", "Trailing stop-loss"). The transaction's positionId names the order; the user record
 * lists it (with its leg) while it is recent; an order no longer listed is named by its kind.
 */
export function fillOrderWords(
  tx: Pick<Transaction, 'positionId'> & { trigger: FillTrigger },
  orders: readonly LimitPosition[],
): string {
  const kind = tx.trigger.orderType;
  const order =
    tx.positionId === undefined ? undefined : orders.find((p) => p.positionId === tx.positionId);
  if (order?.leg === 'TAKE_PROFIT') return 'Take-profit order';
  if (order?.leg === 'STOP_LOSS')
    return kind === 'TRAILING_STOP' ? 'Trailing stop-loss' : 'Stop-loss order';
  return KIND_WORDS[kind];
}
