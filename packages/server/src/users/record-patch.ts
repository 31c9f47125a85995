import {
  compareHistory,
  compareOrders,
  USER_CLOSED_ORDERS_LIMIT,
  USER_HISTORY_LIMIT,
  type LimitPosition,
  type UserFields,
} from '@papertrade/domain';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { literalLimit } from '../db/literal-limit.ts';
import type { DB, LimitOrdersTable } from '../db/schema.ts';
import { inTransaction, isPostgres } from '../db/transaction.ts';
import { notFound } from '../http/app-error.ts';
import { toLimitPosition, toTransaction } from './row-mappers.ts';
import { recordOrderRows, recordTransactionRows } from './user-record-rows.ts';
import { moneyFields, type MoneyRecord } from './money-record.ts';
import { USER_LOTS_PER_SYMBOL_LIMIT } from './user-record.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What an order changed in a portfolio's record (docs/api.md, "Lean order answers"):
 * - `money`: a market order, or a working order opened beside the others (the client merges the
 *   order or transaction into its lists): cash, holdings, open lots and their average cost;
 * - `orders`: a call that took an order out of the lists or changed more than one (cancel, modify,
 *   an OCO pair): those fields, and the orders and history whole, which only the server can fill up.
 */
export type PatchKind = 'money' | 'orders';

export interface RecordPatch {
  walletAddress: string;
  version: number;
  fields: UserFields;
  /** For `orders` with a `positionId`: that order as it is now. */
  order?: LimitPosition;
  /** The money record the fields were made from, at `version`. */
  money: MoneyRecord;
}

interface MoneyRow {
  k: 'p' | 'h' | 't' | 'l';
  symbol: string | null;
  a: string | null;
  b: string | null;
}

/**
 * One statement, so one snapshot on both databases: the portfolio's wallet, cash and version
 * ('p'), its free shares ('h'), lot totals ('t') and the most recent open lots of each symbol
 * ('l'), every value as text so that the arms share one row shape. The lots are one index seek per
 * held symbol in lots_portfolio_symbol read backwards, whatever the history (PostgreSQL by a
 * LATERAL join, SQLite by the same correlated LIMIT inside IN).
 */
function moneyStatement(db: Db, portfolioId: string) {
  const limit = literalLimit(USER_LOTS_PER_SYMBOL_LIMIT);
  const lots = isPostgres(db)
    ? sql`SELECT 'l', t.symbol, CAST(l.price AS text), l.id FROM lot_totals t
        CROSS JOIN LATERAL (SELECT x.id, x.price FROM lots x
          WHERE x.portfolio_id = t.portfolio_id AND x.symbol = t.symbol ORDER BY x.id DESC LIMIT ${limit}) l
        WHERE t.portfolio_id = ${portfolioId}`
    : sql`SELECT 'l', l.symbol, CAST(l.price AS text), l.id FROM lot_totals t
        JOIN lots l ON l.id IN (SELECT x.id FROM lots x
          WHERE x.portfolio_id = t.portfolio_id AND x.symbol = t.symbol ORDER BY x.id DESC LIMIT ${limit})
        WHERE t.portfolio_id = ${portfolioId}`;
  return sql<MoneyRow>`
    SELECT 'p' AS k, wallet_address AS symbol, CAST(cash_cents AS text) AS a, CAST(version AS text) AS b
      FROM portfolios WHERE id = ${portfolioId} AND closed_at IS NULL
    UNION ALL SELECT 'h', symbol, CAST(free_shares AS text), CAST(NULL AS text) FROM lot_totals WHERE portfolio_id = ${portfolioId}
    UNION ALL SELECT 't', symbol, CAST(shares AS text), cost FROM lot_totals WHERE portfolio_id = ${portfolioId}
    UNION ALL ${lots}`.execute(db);
}

/** The portfolio's money record from the statement's rows. */
function moneyRecord(rows: readonly MoneyRow[]): MoneyRecord {
  const portfolio = rows.find((r) => r.k === 'p');
  if (!portfolio) throw notFound('USER_NOT_FOUND', 'No such user');
  const record: MoneyRecord = {
    walletAddress: portfolio.symbol as string,
    version: Number(portfolio.b),
    cashCents: BigInt(portfolio.a ?? '0'),
    free: new Map(),
    totals: new Map(),
    lots: new Map(),
  };
  for (const r of rows) {
    const symbol = r.symbol as string;
    if (r.k === 'h') record.free.set(symbol, BigInt(r.a ?? '0'));
    else if (r.k === 't') {
      record.totals.set(symbol, { shares: BigInt(r.a ?? '0'), cost: BigInt(r.b ?? '0') });
      record.lots.set(symbol, []);
    }
  }
  for (const r of rows) {
    if (r.k !== 'l') continue;
    const newest = record.lots.get(r.symbol as string);
    newest?.push({ id: r.b ?? '', price: BigInt(r.a ?? '0') });
  }
  // Lot ids sort by creation time: oldest first, the order the lots are sold in.
  for (const newest of record.lots.values()) newest.sort((x, y) => (x.id < y.id ? -1 : 1));
  return record;
}

/** A patch of the record's money fields. */
export const moneyPatch = (record: MoneyRecord): RecordPatch => ({
  walletAddress: record.walletAddress,
  version: record.version,
  fields: moneyFields(record),
  money: record,
});

/**
 * Reads what an order changed, after its transaction committed (the order's own statements are
 * not touched: what they return goes into the answer as it is). `money` is one statement; `orders`
 * reads three more in one repeatable-read transaction, so the version still matches every field.
 */
export async function loadRecordPatch(
  db: Kysely<DB>,
  portfolioId: string,
  kind: PatchKind,
  positionId?: string,
): Promise<RecordPatch> {
  if (kind === 'money') {
    return moneyPatch(moneyRecord((await moneyStatement(db, portfolioId)).rows));
  }
  return inTransaction(
    db,
    async (trx) => {
      const [money, orders, transactions] = await Promise.all([
        moneyStatement(trx, portfolioId),
        recordOrderRows(trx, portfolioId, USER_CLOSED_ORDERS_LIMIT),
        recordTransactionRows(trx, portfolioId, USER_HISTORY_LIMIT),
      ]);
      const patch = moneyPatch(moneyRecord(money.rows));
      const working = orders.working.map(toLimitPosition);
      const limitPositions = [...working, ...orders.closed.map(toLimitPosition)];
      // The same lists, in the same order, as loadUserRecord's.
      patch.fields.limitPositions = [
        ...working.sort(compareOrders),
        ...limitPositions.slice(working.length).sort(compareOrders),
      ];
      patch.fields.history = [...transactions.map((t) => toTransaction(t)), ...working]
        .sort(compareHistory)
        .slice(0, USER_HISTORY_LIMIT);
      if (positionId) {
        const listed = limitPositions.find((o) => o.positionId === positionId);
        patch.order = listed ?? (await orderById(trx, portfolioId, positionId));
      }
      return patch;
    },
    { isolation: 'repeatable read' },
  );
}

/** An order that is no longer among the record's latest (a cancel of an old one). */
async function orderById(
  db: Db,
  portfolioId: string,
  id: string,
): Promise<LimitPosition | undefined> {
  const { rows } = await sql<Selectable<LimitOrdersTable>>`
    SELECT * FROM limit_orders WHERE id = ${id} AND portfolio_id = ${portfolioId}`.execute(db);
  return rows[0] && toLimitPosition(rows[0]);
}
