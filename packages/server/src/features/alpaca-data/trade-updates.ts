import type { Kysely, Selectable } from 'kysely';
import type { DB, LimitOrdersTable, TransactionsTable } from '../../db/schema.ts';
import { toAlpacaSymbol } from './alpaca-data-symbols.ts';

/**
 * The events of Alpaca's trade_updates stream read from our rows (docs/decisions/032-alpaca-data-and-streams.md):
 * a working order's `new`, `canceled` and `expired` from limit_orders, a `fill` from each
 * transaction, and `replaced` when a working order's terms differ from the last look
 * (replacedUpdates). A market order has no order row: its fill's order is the transaction itself.
 */

export interface TradeUpdate {
  /** Identifies the event, so a row seen twice sends it once. */
  key: string;
  at: number;
  data: Record<string, unknown>;
}

/** Units of 1e-8 as Alpaca's decimal strings ("0.5", "95000"), exactly. */
export function decimal(units: bigint | number | string, decimals = 8): string {
  const value = BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const iso = (ms: number | bigint | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

const ORDER_TYPES: Record<string, string> = {
  LIMIT: 'limit',
  STOP: 'stop',
  STOP_LIMIT: 'stop_limit',
  TRAILING_STOP: 'trailing_stop',
};

const STATUSES: Record<string, string> = {
  WORKING: 'new',
  FILLED: 'filled',
  CANCELLED: 'canceled',
  EXPIRED: 'expired',
};

type OrderRow = Selectable<LimitOrdersTable>;
type TxRow = Selectable<TransactionsTable>;

function baseOrder(symbol: string, side: string) {
  return {
    asset_id: `${symbol.toLowerCase()}usd`,
    symbol: toAlpacaSymbol(symbol),
    asset_class: 'crypto',
    side: side === 'SELL' ? 'sell' : 'buy',
    order_class: '',
    extended_hours: false,
    legs: null,
    replaced_at: null,
    replaced_by: null,
    replaces: null,
    failed_at: null,
    hwm: null,
    trail_percent: null,
    trail_price: null,
  };
}

export function workingOrder(row: OrderRow, fill?: TxRow): Record<string, unknown> {
  const type = ORDER_TYPES[row.order_type ?? 'LIMIT'] ?? 'limit';
  const closedAt = row.closed_at === null ? null : Number(row.closed_at);
  const updated = closedAt ?? Number(row.created_at);
  const parts = BigInt(row.filled_shares ?? 0);
  return {
    ...baseOrder(row.symbol, row.type),
    id: row.id,
    client_order_id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(updated),
    submitted_at: iso(row.created_at),
    filled_at: row.status === 'FILLED' ? iso(closedAt) : null,
    canceled_at: row.status === 'CANCELLED' ? iso(closedAt) : null,
    expired_at: row.status === 'EXPIRED' ? iso(closedAt) : null,
    // A working purchase reserves cash (notional); a sale reserves shares (qty).
    notional: row.purchase_cents === null ? null : decimal(row.purchase_cents, 2),
    qty: row.sell_shares === null ? (fill ? decimal(fill.shares) : null) : decimal(row.sell_shares),
    // An order filled in parts counts them all (docs/decisions/040-partial-fills.md).
    filled_qty: parts > 0n ? decimal(parts) : fill ? decimal(fill.shares) : '0',
    filled_avg_price: fill ? decimal(fill.price) : null,
    order_type: type,
    type,
    time_in_force: (row.time_in_force ?? 'GTC').toLowerCase(),
    limit_price: BigInt(row.limit_price) > 0n ? decimal(row.limit_price) : null,
    stop_price:
      row.stop_price === null || row.stop_price === undefined ? null : decimal(row.stop_price),
    status:
      row.status === 'WORKING' && parts > 0n
        ? 'partially_filled'
        : (STATUSES[row.status] ?? row.status.toLowerCase()),
  };
}

export function marketOrder(tx: TxRow): Record<string, unknown> {
  const at = iso(tx.created_at);
  return {
    ...baseOrder(tx.symbol, tx.type),
    id: tx.id,
    client_order_id: tx.id,
    created_at: at,
    updated_at: at,
    submitted_at: at,
    filled_at: at,
    canceled_at: null,
    expired_at: null,
    notional: null,
    qty: decimal(tx.shares),
    filled_qty: decimal(tx.shares),
    filled_avg_price: decimal(tx.price),
    order_type: 'market',
    type: 'market',
    time_in_force: 'gtc',
    limit_price: null,
    stop_price: null,
    status: 'filled',
  };
}

/** What happened to a portfolio's orders at or after `since`, oldest first. */
export async function loadTradeUpdates(
  db: Kysely<DB>,
  portfolioId: string,
  since: number,
): Promise<TradeUpdate[]> {
  const [txs, orders] = await Promise.all([
    db
      .selectFrom('transactions')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('created_at', '>=', BigInt(since))
      .execute(),
    db
      .selectFrom('limit_orders')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where((eb) =>
        eb.or([eb('created_at', '>=', BigInt(since)), eb('closed_at', '>=', BigInt(since))]),
      )
      .execute(),
  ]);
  const symbols = [...new Set(txs.map((tx) => tx.symbol))];
  const held = new Map<string, bigint>();
  if (symbols.length > 0) {
    const rows = await db
      .selectFrom('lot_totals')
      .select(['symbol', 'shares'])
      .where('portfolio_id', '=', portfolioId)
      .where('symbol', 'in', symbols)
      .execute();
    for (const row of rows) held.set(row.symbol, BigInt(row.shares));
  }
  const ordersById = new Map(orders.map((o) => [o.id, o]));
  // A slice of an order placed and still working before `since` names its order too.
  const unseen = [
    ...new Set(
      txs.flatMap((tx) =>
        tx.position_id && !ordersById.has(tx.position_id) ? [tx.position_id] : [],
      ),
    ),
  ];
  if (unseen.length > 0)
    for (const o of await db
      .selectFrom('limit_orders')
      .selectAll()
      .where('portfolio_id', '=', portfolioId)
      .where('id', 'in', unseen)
      .execute())
      ordersById.set(o.id, o);
  const updates: TradeUpdate[] = [];
  for (const order of orders) {
    if (Number(order.created_at) >= since)
      updates.push({
        key: `new:${order.id}`,
        at: Number(order.created_at),
        data: {
          event: 'new',
          timestamp: iso(order.created_at),
          order: { ...workingOrder(order), status: 'new', filled_at: null, canceled_at: null },
        },
      });
    if (order.status === 'CANCELLED' || order.status === 'EXPIRED')
      updates.push({
        key: `closed:${order.id}`,
        at: Number(order.closed_at),
        data: {
          event: order.status === 'CANCELLED' ? 'canceled' : 'expired',
          timestamp: iso(order.closed_at),
          order: workingOrder(order),
        },
      });
  }
  for (const tx of txs) {
    const order = tx.position_id ? ordersById.get(tx.position_id) : undefined;
    updates.push({
      key: `fill:${tx.id}`,
      at: Number(tx.created_at),
      data: {
        // A slice of an order that went on working (or was cancelled after it) is a partial fill.
        event: order && order.transaction_id !== tx.id ? 'partial_fill' : 'fill',
        execution_id: tx.id,
        timestamp: iso(tx.created_at),
        price: decimal(tx.price),
        qty: decimal(tx.shares),
        position_qty: decimal(held.get(tx.symbol) ?? 0n),
        order: order ? workingOrder(order, tx) : marketOrder(tx),
      },
    });
  }
  return updates.sort((a, b) => a.at - b.at);
}

/**
 * What a replace (PATCH /v2/orders/:id, or PUT /limit-position from the web) can change on a
 * working order: its prices, its size and a waiting bracket's leg prices. A trailing order's stop
 * moves with the market and a stop-limit's arming is the trigger's, so neither is a replace.
 */
export function replaceTerms(row: OrderRow): string {
  const trailing = row.trail_bps !== null || row.trail_amount !== null;
  return [
    row.limit_price,
    trailing ? '' : row.stop_price,
    row.purchase_cents,
    row.sell_shares,
    row.tp_limit_price,
    row.sl_stop_price,
  ]
    .map((v) => (v === null || v === undefined ? '' : String(v)))
    .join('|');
}

/** The portfolio's working orders (its index limit_orders_portfolio_working). */
export function loadWorkingOrders(db: Kysely<DB>, portfolioId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('limit_orders')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .where('status', '=', 'WORKING')
    .execute();
}

/**
 * Alpaca's `replaced` for every working order whose terms changed since `known` was taken, and
 * `known` brought up to date (orders no longer working leave it, new ones join it silently: their
 * `new` comes from loadTradeUpdates). Our replace keeps the order's id (decision 031), so the order
 * sent is the order as it is now, `replaced_at` the time it was seen.
 */
export function replacedUpdates(
  working: readonly OrderRow[],
  known: Map<string, string>,
  now: number,
): TradeUpdate[] {
  const updates: TradeUpdate[] = [];
  const still = new Set<string>();
  for (const row of working) {
    still.add(row.id);
    const terms = replaceTerms(row);
    const before = known.get(row.id);
    known.set(row.id, terms);
    if (before === undefined || before === terms) continue;
    updates.push({
      key: `replaced:${row.id}:${now}`,
      at: now,
      data: {
        event: 'replaced',
        timestamp: iso(now),
        order: { ...workingOrder(row), replaced_at: iso(now) },
      },
    });
  }
  for (const id of known.keys()) if (!still.has(id)) known.delete(id);
  return updates;
}
