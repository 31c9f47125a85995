import {
  centsToNumber,
  priceToNumber,
  sharesForCents,
  sharesToNumber,
  slippageBps,
  type LimitPosition,
  type Notification,
  type Transaction,
} from '@papertrade/domain';
import type { Selectable } from 'kysely';
import type { LimitOrdersTable, NotificationsTable, TransactionsTable } from '../db/schema.ts';

/** A transaction row as the mapper needs it: its epoch only when archived ones are to be marked. */
export type TransactionFields = Omit<
  Selectable<TransactionsTable>,
  'user_id' | 'epoch' | 'note' | 'mid_price' | 'levels' | 'requested_shares'
> &
  Partial<Pick<Selectable<TransactionsTable>, 'mid_price' | 'levels' | 'requested_shares'>> & {
    epoch?: Selectable<TransactionsTable>['epoch'];
    /** Read where a screen shows it (the transaction page, a class owner's view). */
    note?: string | null;
  };

/** Database rows to the contract's shapes: the one place where bigint columns become JSON numbers. */
export function toTransaction(row: TransactionFields, currentEpoch?: bigint): Transaction {
  const tx: Transaction = {
    id: row.id,
    type: row.type as Transaction['type'],
    symbol: row.symbol,
    method: row.method as Transaction['method'],
    assetsPurchasedSold: sharesToNumber(BigInt(row.shares)),
    transactionTotal: centsToNumber(BigInt(row.total_cents)),
    purchaseSellAsk: priceToNumber(BigInt(row.price)),
    timestamp: Number(row.created_at),
    fee: centsToNumber(BigInt(row.fee_cents ?? 0n)),
  };
  if (row.position_id) tx.positionId = row.position_id;
  if (row.trigger_type && row.trigger_price != null && row.trigger_reason) {
    tx.trigger = {
      tickAt: Number(row.created_at),
      tickPrice: priceToNumber(BigInt(row.trigger_price)),
      orderType: row.trigger_type as NonNullable<Transaction['trigger']>['orderType'],
      reason: row.trigger_reason,
    };
  }
  if (currentEpoch !== undefined && row.epoch !== undefined && BigInt(row.epoch) < currentEpoch)
    tx.archived = true;
  if (row.note) tx.note = row.note;
  if (row.mid_price != null) {
    // The slippage is computed, not stored: exact from the stored price and mid.
    const mid = BigInt(row.mid_price);
    tx.midPrice = priceToNumber(mid);
    tx.slippageBps = slippageBps(tx.type, BigInt(row.price), mid);
    if (row.levels != null) tx.levels = Number(row.levels);
  }
  if (row.requested_shares != null)
    tx.requestedShares = sharesToNumber(BigInt(row.requested_shares));
  return tx;
}

export function toLimitPosition(row: Selectable<LimitOrdersTable>): LimitPosition {
  const position: LimitPosition = {
    positionId: row.id,
    symbol: row.symbol,
    type: row.type as LimitPosition['type'],
    limitAsk: priceToNumber(BigInt(row.limit_price)),
    timestamp: Number(row.created_at),
    status: row.status as LimitPosition['status'],
  };
  if (row.purchase_cents !== null) position.purchaseAsk = centsToNumber(BigInt(row.purchase_cents));
  if (row.sell_shares !== null) position.sellAsk = sharesToNumber(BigInt(row.sell_shares));
  if (row.fill_price !== null) position.fillPrice = priceToNumber(BigInt(row.fill_price));
  if (row.transaction_id) position.transactionId = row.transaction_id;
  if (row.note) position.note = row.note;
  return withPartialFills(withOrderTerms(position, row), row);
}

/**
 * An order that got part of its shares (docs/decisions/040-partial-fills.md): it stays WORKING in
 * the table, answered as PARTIALLY_FILLED with what it got and what is left; purchaseAsk and
 * sellAsk are what it still reserves. A buy's remaining shares are what its cash buys at its
 * limit. A finished order keeps filledShares (all it got) and a FILLED one has 0 remaining.
 */
function withPartialFills(
  position: LimitPosition,
  row: Selectable<LimitOrdersTable>,
): LimitPosition {
  const filled = BigInt(row.filled_shares ?? 0);
  if (filled <= 0n) return position;
  position.filledShares = sharesToNumber(filled);
  if (row.status === 'FILLED') position.remainingShares = 0;
  if (row.status !== 'WORKING') return position;
  position.status = 'PARTIALLY_FILLED';
  const limit = BigInt(row.limit_price);
  const remaining =
    row.sell_shares !== null
      ? BigInt(row.sell_shares)
      : limit > 0n
        ? sharesForCents(BigInt(row.purchase_cents ?? 0), limit)
        : null;
  if (remaining !== null) position.remainingShares = sharesToNumber(remaining);
  return position;
}

/**
 * The terms beyond LIMIT (decision 012). limitAsk stays the level an older client shows: a STOP's
 * or TRAILING_STOP's current stop, since they have no limit.
 */
function withOrderTerms(position: LimitPosition, row: Selectable<LimitOrdersTable>): LimitPosition {
  const orderType = (row.order_type ?? 'LIMIT') as NonNullable<LimitPosition['orderType']>;
  position.orderType = orderType;
  position.timeInForce = (row.time_in_force ?? 'GTC') as NonNullable<LimitPosition['timeInForce']>;
  if (row.stop_price != null) {
    position.stopPrice = priceToNumber(BigInt(row.stop_price));
    if (orderType === 'STOP' || orderType === 'TRAILING_STOP')
      position.limitAsk = position.stopPrice;
  }
  if (row.trail_bps != null) position.trailPercent = Number(row.trail_bps) / 100;
  if (row.trail_amount != null) position.trailAmount = priceToNumber(BigInt(row.trail_amount));
  if (row.expires_at != null) position.expiresAt = Number(row.expires_at);
  if (row.triggered_at != null) position.triggeredAt = Number(row.triggered_at);
  if (row.parent_id != null) position.parentId = row.parent_id;
  if (row.oco_group_id != null) position.ocoGroupId = row.oco_group_id;
  if (row.leg === 'TAKE_PROFIT' || row.leg === 'STOP_LOSS') position.leg = row.leg;
  const attached: NonNullable<LimitPosition['attached']> = {};
  if (row.tp_limit_price != null)
    attached.takeProfit = { limitAsk: priceToNumber(BigInt(row.tp_limit_price)) };
  if (row.sl_stop_price != null)
    attached.stopLoss = { stopPrice: priceToNumber(BigInt(row.sl_stop_price)) };
  else if (row.sl_trail_bps != null)
    attached.stopLoss = { trailPercent: Number(row.sl_trail_bps) / 100 };
  else if (row.sl_trail_amount != null)
    attached.stopLoss = { trailAmount: priceToNumber(BigInt(row.sl_trail_amount)) };
  if (attached.takeProfit || attached.stopLoss) position.attached = attached;
  return position;
}

export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    text: row.text,
    type: row.type as Notification['type'],
    url: row.url,
    read: BigInt(row.read) !== 0n,
    timestamp: Number(row.created_at),
  };
}

/** JSON text columns (settings, watchlist) that the app itself wrote; a bad value reads as empty. */
export function parseJsonColumn<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
