import type { HistoryEntry } from '@papertrade/domain';
import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { DB, LimitOrdersTable, TransactionsTable } from '../../db/schema.ts';
import { toLimitPosition, toTransaction } from '../../users/row-mappers.ts';
import { encodeCursor, type CursorKey } from './page-cursor.ts';

export interface HistoryPageQuery {
  portfolioId: string;
  limit: number;
  cursor?: CursorKey;
  type?: 'PURCHASE' | 'SELL' | 'WORKING';
  symbol?: string;
  /** true: the epochs before the last reset; false: the current epoch. */
  archived: boolean;
}

interface Keyed {
  createdAt: number;
  id: string;
  entry: HistoryEntry;
}

/** Newest first, ties broken by id: the same order as the (portfolio_id, created_at, id) index. */
const newestFirst = (a: Keyed, b: Keyed) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** What both history tables are filtered on: the owner, the epochs, the symbol and the cursor. */
interface KeysetFilter {
  portfolioId: string;
  epoch: bigint;
  epochOp: '<' | '=';
  symbol: string | undefined;
  cursor: CursorKey | undefined;
  take: number;
}

type HistoryTable = 'transactions' | 'limit_orders';
type Narrow<T extends HistoryTable> = (eb: ExpressionBuilder<DB, T>) => Expression<SqlBool>;
interface HistoryRow {
  transactions: Selectable<TransactionsTable>;
  limit_orders: Selectable<LimitOrdersTable>;
}

/**
 * Up to `take` rows of one history table after the cursor, newest first, in the order of its
 * (portfolio_id, created_at, id) index; `narrow` adds the filter only that table has. The overload
 * gives each table its own row type, which Kysely cannot infer for a table chosen at run time.
 */
function newestAfterCursor<T extends HistoryTable>(
  db: Kysely<DB>,
  table: T,
  f: KeysetFilter,
  narrow?: Narrow<T>,
): Promise<HistoryRow[T][]>;
function newestAfterCursor(
  db: Kysely<DB>,
  table: HistoryTable,
  f: KeysetFilter,
  narrow?: Narrow<HistoryTable>,
) {
  const { symbol, cursor } = f;
  return db
    .selectFrom(table)
    .selectAll()
    .where('portfolio_id', '=', f.portfolioId)
    .where('epoch', f.epochOp, f.epoch)
    .$call((qb) => (narrow ? qb.where(narrow) : qb))
    .$if(symbol !== undefined, (qb) => qb.where('symbol', '=', symbol as string))
    .$if(cursor !== undefined, (qb) =>
      qb.where((eb) => {
        const { createdAt, id } = cursor as CursorKey;
        return eb.or([
          eb('created_at', '<', BigInt(createdAt)),
          eb.and([eb('created_at', '=', BigInt(createdAt)), eb('id', '<', id)]),
        ]);
      }),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.take)
    .execute();
}

/**
 * One page of history: transactions and working limit orders (the WORKING entries of docs/product.md, Orders and history), merged
 * newest first. Each table is read by keyset (created_at, id) after the cursor, limit + 1 rows, so
 * pages never skip or repeat an entry however many are added meanwhile, and no query scans the
 * whole history. The extra row tells whether another page follows.
 */
export async function loadHistoryPage(
  db: Kysely<DB>,
  q: HistoryPageQuery,
): Promise<{ entries: HistoryEntry[]; nextCursor?: string }> {
  const user = await db
    .selectFrom('portfolios')
    .select('epoch')
    .where('id', '=', q.portfolioId)
    .executeTakeFirstOrThrow();
  const epoch = BigInt(user.epoch);
  const epochOp = q.archived ? '<' : '=';
  const filter: KeysetFilter = {
    portfolioId: q.portfolioId,
    epoch,
    epochOp,
    symbol: q.symbol,
    cursor: q.cursor,
    take: q.limit + 1,
  };
  const { type } = q;
  const [transactions, orders] = await Promise.all([
    type === 'WORKING'
      ? Promise.resolve([])
      : newestAfterCursor(
          db,
          'transactions',
          filter,
          type ? (eb) => eb('type', '=', type) : undefined,
        ),
    type === undefined || type === 'WORKING'
      ? newestAfterCursor(db, 'limit_orders', filter, (eb) => eb('status', '=', 'WORKING'))
      : Promise.resolve([]),
  ]);

  const merged: Keyed[] = [
    ...transactions.map((t) => ({
      createdAt: Number(t.created_at),
      id: t.id,
      entry: toTransaction(t, epoch),
    })),
    ...orders.map((o) => ({
      createdAt: Number(o.created_at),
      id: o.id,
      entry: toLimitPosition(o),
    })),
  ].sort(newestFirst);

  const page = merged.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((k) => k.entry),
    ...(merged.length > q.limit && last
      ? { nextCursor: encodeCursor(last.createdAt, last.id) }
      : {}),
  };
}
