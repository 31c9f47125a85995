import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Trx } from '../../db/transaction.ts';
import { alpacaNotFound } from './alpaca-errors.ts';
import {
  limitOrderShape,
  marketOrderShape,
  type AlpacaOrder,
  type LimitOrderRecord,
  type MarketOrderRecord,
} from './alpaca-order-shape.ts';

type Db = Kysely<DB> | Trx;

/**
 * Reads of a portfolio's orders in Alpaca's terms: its working orders (limit_orders) and its
 * market orders (transactions without a working order), with the client_order_id a program gave
 * them. Only the current epoch's: a reset starts a new account (decision 031).
 */
function limitOrders(db: Db, portfolioId: string) {
  return db
    .selectFrom('limit_orders')
    .leftJoin('client_orders', (join) =>
      join
        .onRef('client_orders.order_id', '=', 'limit_orders.id')
        .onRef('client_orders.portfolio_id', '=', 'limit_orders.portfolio_id'),
    )
    .leftJoin('transactions', 'transactions.id', 'limit_orders.transaction_id')
    .selectAll('limit_orders')
    .select([
      'client_orders.client_order_id',
      'client_orders.request',
      'transactions.shares as fill_shares',
    ])
    .where('limit_orders.portfolio_id', '=', portfolioId)
    .where('limit_orders.epoch', '=', (eb) =>
      eb.selectFrom('portfolios').select('epoch').where('id', '=', portfolioId),
    );
}

function marketOrders(db: Db, portfolioId: string) {
  return db
    .selectFrom('transactions')
    .leftJoin('client_orders', (join) =>
      join
        .onRef('client_orders.order_id', '=', 'transactions.id')
        .onRef('client_orders.portfolio_id', '=', 'transactions.portfolio_id'),
    )
    .selectAll('transactions')
    .select(['client_orders.client_order_id', 'client_orders.request'])
    .where('transactions.portfolio_id', '=', portfolioId)
    .where('transactions.position_id', 'is', null)
    .where('transactions.epoch', '=', (eb) =>
      eb.selectFrom('portfolios').select('epoch').where('id', '=', portfolioId),
    );
}

/** A working order's legs: a bracket's children, or an OCO pair's other leg. */
async function legsOf(db: Db, portfolioId: string, row: LimitOrderRecord) {
  const rows = (await limitOrders(db, portfolioId)
    .where((eb) =>
      eb.or([
        eb('limit_orders.parent_id', '=', row.id),
        ...(row.oco_group_id !== null && row.parent_id === null
          ? [eb('limit_orders.oco_group_id', '=', row.oco_group_id)]
          : []),
      ]),
    )
    .where('limit_orders.id', '!=', row.id)
    .orderBy('limit_orders.id')
    .execute()) as LimitOrderRecord[];
  return rows.map((leg) => limitOrderShape(leg, null));
}

/** One order of this portfolio by id; Alpaca's 404 for any other (another user's included). */
export async function loadOrder(
  db: Db,
  portfolioId: string,
  id: string,
  nested = true,
): Promise<AlpacaOrder> {
  const row = (await limitOrders(db, portfolioId)
    .where('limit_orders.id', '=', id)
    .executeTakeFirst()) as LimitOrderRecord | undefined;
  if (row) return limitOrderShape(row, nested ? await legsOf(db, portfolioId, row) : null);
  const market = await marketOrders(db, portfolioId)
    .where('transactions.id', '=', id)
    .executeTakeFirst();
  if (market) return marketOrderShape(market);
  throw alpacaNotFound();
}

/** The order a client_order_id names in this portfolio, with the body it was placed with. */
export async function findClientOrder(db: Db, portfolioId: string, clientOrderId: string) {
  return db
    .selectFrom('client_orders')
    .select(['order_id', 'request'])
    .where('portfolio_id', '=', portfolioId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();
}

export interface OrderListQuery {
  status: 'open' | 'closed' | 'all';
  limit: number;
  after?: number;
  until?: number;
  direction: 'asc' | 'desc';
  nested: boolean;
  symbols?: string[];
  side?: 'buy' | 'sell';
}

/**
 * GET /v2/orders: open orders are our working ones; closed ones are the rest and the market
 * orders. Each source is read sorted and limited, then the two are merged.
 */
export async function listOrders(
  db: Db,
  portfolioId: string,
  q: OrderListQuery,
): Promise<AlpacaOrder[]> {
  const since = q.after === undefined ? undefined : BigInt(q.after);
  const till = q.until === undefined ? undefined : BigInt(q.until);
  const type = q.side === undefined ? undefined : q.side === 'buy' ? 'PURCHASE' : 'SELL';
  let working = limitOrders(db, portfolioId)
    .$if(q.status === 'open', (qb) => qb.where('limit_orders.status', '=', 'WORKING'))
    .$if(q.status === 'closed', (qb) => qb.where('limit_orders.status', '!=', 'WORKING'))
    .$if(since !== undefined, (qb) => qb.where('limit_orders.created_at', '>', since ?? 0n))
    .$if(till !== undefined, (qb) => qb.where('limit_orders.created_at', '<', till ?? 0n))
    .$if(type !== undefined, (qb) => qb.where('limit_orders.type', '=', type ?? ''))
    .$if(q.symbols !== undefined, (qb) => qb.where('limit_orders.symbol', 'in', q.symbols ?? []));
  // Nested: legs are listed inside their order, not beside it.
  if (q.nested)
    working = working
      .where('limit_orders.parent_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('limit_orders.oco_group_id', 'is', null),
          eb('limit_orders.oco_group_id', '=', eb.ref('limit_orders.id')),
        ]),
      );
  const limitRows = (await working
    .orderBy('limit_orders.created_at', q.direction)
    .orderBy('limit_orders.id', q.direction)
    .limit(q.limit)
    .execute()) as LimitOrderRecord[];
  const marketRows =
    q.status === 'open'
      ? []
      : ((await marketOrders(db, portfolioId)
          .$if(since !== undefined, (qb) => qb.where('transactions.created_at', '>', since ?? 0n))
          .$if(till !== undefined, (qb) => qb.where('transactions.created_at', '<', till ?? 0n))
          .$if(type !== undefined, (qb) => qb.where('transactions.type', '=', type ?? ''))
          .$if(q.symbols !== undefined, (qb) =>
            qb.where('transactions.symbol', 'in', q.symbols ?? []),
          )
          .orderBy('transactions.created_at', q.direction)
          .orderBy('transactions.id', q.direction)
          .limit(q.limit)
          .execute()) as MarketOrderRecord[]);
  const orders: { at: number; id: string; order: () => Promise<AlpacaOrder> }[] = [
    ...limitRows.map((row) => ({
      at: Number(row.created_at),
      id: row.id,
      order: async () => limitOrderShape(row, q.nested ? await legsOf(db, portfolioId, row) : null),
    })),
    ...marketRows.map((row) => ({
      at: Number(row.created_at),
      id: row.id,
      order: () => Promise.resolve(marketOrderShape(row)),
    })),
  ];
  const sign = q.direction === 'asc' ? 1 : -1;
  orders.sort((a, b) => sign * (a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  const answer: AlpacaOrder[] = [];
  for (const entry of orders.slice(0, q.limit)) answer.push(await entry.order());
  return answer;
}
