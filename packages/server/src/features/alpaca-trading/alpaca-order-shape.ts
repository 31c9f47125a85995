import { costOfShares } from '@papertrade/domain';
import type { Selectable } from 'kysely';
import type { LimitOrdersTable, TransactionsTable } from '../../db/schema.ts';
import { toAlpacaSymbol } from './alpaca-symbols.ts';
import { centsText, isoOrNull, priceText, shareText, toIso } from './alpaca-numbers.ts';

/** What a program sent with the order (client_orders.request), kept to answer in its terms. */
export interface OrderRequest {
  type?: string;
  time_in_force?: string;
  order_class?: string;
  qty?: string;
  notional?: string;
}

/** An order in Alpaca's fields (their Order object), strings for amounts, RFC 3339 times. */
export interface AlpacaOrder {
  id: string;
  client_order_id: string;
  created_at: string;
  updated_at: string;
  submitted_at: string;
  filled_at: string | null;
  expired_at: string | null;
  canceled_at: string | null;
  failed_at: null;
  replaced_at: null;
  replaced_by: null;
  replaces: null;
  asset_id: string;
  symbol: string;
  asset_class: 'crypto';
  notional: string | null;
  qty: string | null;
  filled_qty: string;
  filled_avg_price: string | null;
  order_class: string;
  order_type: string;
  type: string;
  side: 'buy' | 'sell';
  position_intent: string;
  time_in_force: string;
  limit_price: string | null;
  stop_price: string | null;
  status: string;
  extended_hours: boolean;
  legs: AlpacaOrder[] | null;
  trail_percent: string | null;
  trail_price: string | null;
  hwm: string | null;
  expires_at: string | null;
}

const STATUS: Record<string, string> = {
  WORKING: 'new',
  FILLED: 'filled',
  CANCELLED: 'canceled',
  EXPIRED: 'expired',
};

const sideOf = (type: string) => (type === 'PURCHASE' ? 'buy' : 'sell');
const intentOf = (type: string) => (type === 'PURCHASE' ? 'buy_to_open' : 'sell_to_close');
const assetIdOf = (symbol: string) => `${symbol.toLowerCase()}usd`;

export type LimitOrderRecord = Selectable<LimitOrdersTable> & {
  client_order_id: string | null;
  request: string | null;
  /** The shares of the transaction that filled it (the last part of one filled in parts). */
  fill_shares: bigint | number | string | null;
};
export type MarketOrderRecord = Selectable<TransactionsTable> & {
  client_order_id: string | null;
  request: string | null;
};

function requestOf(text: string | null): OrderRequest {
  if (!text) return {};
  try {
    return JSON.parse(text) as OrderRequest;
  } catch {
    return {};
  }
}

const big = (value: bigint | number | string | null | undefined): bigint | null =>
  value === null || value === undefined ? null : BigInt(value);

/** A market order: one of our market transactions, filled whole when it was placed. */
export function marketOrderShape(row: MarketOrderRecord): AlpacaOrder {
  const request = requestOf(row.request);
  const at = toIso(row.created_at);
  const shares = BigInt(row.shares);
  return {
    id: row.id,
    client_order_id: row.client_order_id ?? row.id,
    created_at: at,
    updated_at: at,
    submitted_at: at,
    filled_at: at,
    expired_at: null,
    canceled_at: null,
    failed_at: null,
    replaced_at: null,
    replaced_by: null,
    replaces: null,
    asset_id: assetIdOf(row.symbol),
    symbol: toAlpacaSymbol(row.symbol),
    asset_class: 'crypto',
    notional: request.notional ?? null,
    qty: request.notional ? null : shareText(shares),
    filled_qty: shareText(shares),
    filled_avg_price: priceText(BigInt(row.price)),
    order_class: request.order_class || 'simple',
    order_type: request.type ?? 'market',
    type: request.type ?? 'market',
    side: sideOf(row.type),
    position_intent: intentOf(row.type),
    time_in_force: request.time_in_force ?? 'gtc',
    limit_price: null,
    stop_price: null,
    status: 'filled',
    extended_hours: false,
    legs: null,
    trail_percent: null,
    trail_price: null,
    hwm: null,
    expires_at: null,
  };
}

function classOf(row: LimitOrderRecord, request: OrderRequest): string {
  if (request.order_class) return request.order_class;
  if (row.oco_group_id !== null && row.parent_id === null) return 'oco';
  const legs = [row.tp_limit_price, row.sl_stop_price, row.sl_trail_bps].filter(
    (v) => v !== null && v !== undefined,
  ).length;
  if (legs > 0 || row.parent_id !== null) return legs === 1 ? 'oto' : 'bracket';
  return 'simple';
}

/** A working order of ours (limit, stop, stop-limit, trailing stop, or a bracket/OCO leg). */
export function limitOrderShape(row: LimitOrderRecord, legs: AlpacaOrder[] | null): AlpacaOrder {
  const request = requestOf(row.request);
  const created = toIso(row.created_at);
  const closed = isoOrNull(row.closed_at);
  const orderType = row.order_type.toLowerCase();
  const limit = big(row.limit_price);
  const stop = big(row.stop_price);
  const hasLimit = orderType === 'limit' || orderType === 'stop_limit';
  const sellShares = big(row.sell_shares);
  const purchaseCents = big(row.purchase_cents);
  // An order that filled in parts counts them all in filled_shares (docs/decisions/040-partial-fills.md).
  const parts = big(row.filled_shares) ?? 0n;
  const filledShares = parts > 0n ? parts : (big(row.fill_shares) ?? 0n);
  const trailBps = big(row.trail_bps);
  const trailAmount = big(row.trail_amount);
  const tif = request.time_in_force ?? (row.time_in_force === 'DAY' ? 'day' : 'gtc');
  return {
    id: row.id,
    client_order_id: row.client_order_id ?? row.id,
    created_at: created,
    updated_at: closed ?? isoOrNull(row.triggered_at) ?? created,
    submitted_at: created,
    filled_at: row.status === 'FILLED' ? closed : null,
    expired_at: row.status === 'EXPIRED' ? closed : null,
    canceled_at: row.status === 'CANCELLED' ? closed : null,
    failed_at: null,
    replaced_at: null,
    replaced_by: null,
    replaces: null,
    asset_id: assetIdOf(row.symbol),
    symbol: toAlpacaSymbol(row.symbol),
    asset_class: 'crypto',
    // A buy reserves cash (decision 031): its size is that cash unless it was sent as a qty.
    notional:
      purchaseCents !== null && !request.qty
        ? centsText(purchaseCents)
        : (request.notional ?? null),
    qty: sellShares !== null ? shareText(sellShares) : (request.qty ?? null),
    filled_qty: shareText(filledShares),
    filled_avg_price: row.fill_price === null ? null : priceText(BigInt(row.fill_price)),
    order_class: classOf(row, request),
    order_type: orderType,
    type: orderType,
    side: sideOf(row.type),
    position_intent: intentOf(row.type),
    time_in_force: tif,
    limit_price: hasLimit && limit !== null ? priceText(limit) : null,
    stop_price: orderType === 'limit' || stop === null ? null : priceText(stop),
    status:
      row.status === 'WORKING' && parts > 0n
        ? 'partially_filled'
        : (STATUS[row.status] ?? row.status.toLowerCase()),
    extended_hours: false,
    legs,
    trail_percent: trailBps === null ? null : (Number(trailBps) / 100).toString(),
    trail_price: trailAmount === null ? null : priceText(trailAmount),
    hwm:
      row.water_mark === null || row.water_mark === undefined
        ? null
        : priceText(BigInt(row.water_mark)),
    expires_at: isoOrNull(row.expires_at),
  };
}

/** The cash a buy of `qty` reserves at `price` (rounded up to the cent, like every cost). */
export const reserveFor = (qty: bigint, price: bigint): bigint => costOfShares(qty, price);
