import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/transaction.ts';

type Db = Kysely<DB>;

const hasNoteColumns = new WeakMap<Db, Promise<boolean>>();

/** Whether both `transactions.note` and `limit_orders.note` exist; asked once per database handle. */
function noteColumnsExist(db: Db): Promise<boolean> {
  let known = hasNoteColumns.get(db);
  if (!known) {
    known = (async () => {
      const tables = ['transactions', 'limit_orders'];
      if (isPostgres(db)) {
        const { rows } = await sql<{ n: string | number }>`SELECT count(*) AS n
          FROM information_schema.columns
          WHERE table_schema = current_schema() AND column_name = 'note'
            AND table_name IN ('transactions', 'limit_orders')`.execute(db);
        return Number(rows[0]?.n ?? 0) === tables.length;
      }
      for (const table of tables) {
        const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})
          WHERE name = 'note'`.execute(db);
        if (rows.length === 0) return false;
      }
      return true;
    })();
    hasNoteColumns.set(db, known);
  }
  return known;
}

/**
 * The times of the trade notes each portfolio wrote, oldest first (a WRITE_NOTES task's count is the
 * length; its doneAt the count-th time). The one place assignments read notes: the `note` column on
 * transactions and limit orders comes with another change, so until both columns exist every
 * portfolio has none. A note counts once: on the fill's transaction, or on a working order that has
 * not filled (an order's fill that carries its note on is then counted on the transaction only).
 */
export async function countNotes(
  db: Db,
  portfolioIds: readonly string[],
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  if (portfolioIds.length === 0 || !(await noteColumnsExist(db))) return times;
  const ids = sql.join(portfolioIds.map((id) => sql`${id}`));
  const { rows } = await sql<{ portfolio_id: string; at: string | number | bigint }>`
    SELECT portfolio_id, created_at AS at FROM transactions
      WHERE portfolio_id IN (${ids}) AND note IS NOT NULL AND note <> ''
    UNION ALL
    SELECT portfolio_id, created_at AS at FROM limit_orders
      WHERE portfolio_id IN (${ids}) AND note IS NOT NULL AND note <> '' AND transaction_id IS NULL`.execute(
    db,
  );
  for (const row of rows) {
    const list = times.get(row.portfolio_id) ?? [];
    list.push(Number(row.at));
    times.set(row.portfolio_id, list);
  }
  for (const list of times.values()) list.sort((a, b) => a - b);
  return times;
}
