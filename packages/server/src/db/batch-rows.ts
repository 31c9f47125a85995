import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from './schema.ts';
import { isPostgres } from './transaction.ts';

/**
 * A batch of rows as a derived table bound in a fixed number of parameters, so a batch statement
 * has the same text whatever its number of rows:
 * - SQLite: one JSON array of arrays, read back with json_each. The statement cache (database.ts)
 *   then prepares it once per connection instead of once per batch size: on the limit trigger
 *   (bench:limits) preparing its 500-row VALUES lists and CASE expressions took about 30 ms a
 *   tick, a third of the time spent running them, and Kysely compiled thousands of parameters.
 * - PostgreSQL: one array per column, read back with unnest, whose row count the planner takes
 *   from the arrays. (From a JSON set function it assumes 100 rows, and then chose to scan a
 *   whole lots table to delete two lots: order-plans.test.ts caught it.)
 *
 * Integers travel as decimal text and are CAST back to bigint in SQL: a JSON number is a double,
 * and no amount may pass through a float.
 */
export type BatchColumnType = 'text' | 'bigint';
export type BatchValue = string | bigint | number | null;

type Db = Kysely<DB> | Transaction<DB>;

function encode(value: BatchValue): string | null {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new Error(`not an exact integer: ${value}`);
  return value.toString();
}

/**
 * `(SELECT ...)` with one column per entry of `columns`, in their order, and one row per entry of
 * `rows` (each holding its values in that same order). Give it an alias:
 * sql`... FROM ${batchRows(trx, { id: 'text', cents: 'bigint' }, rows)} AS c`.
 */
export function batchRows(
  db: Db,
  columns: Readonly<Record<string, BatchColumnType>>,
  rows: readonly (readonly BatchValue[])[],
): RawBuilder<unknown> {
  const entries = Object.entries(columns);
  if (isPostgres(db)) {
    const arrays = entries.map(
      ([, type], i) =>
        sql`CAST(${rows.map((row) => encode(row[i] ?? null))} AS ${sql.raw(type)}[])`,
    );
    const names = entries.map(([name]) => sql.ref(name));
    return sql`(SELECT * FROM unnest(${sql.join(arrays)}) AS r(${sql.join(names)}))`;
  }
  const picks = entries.map(([name, type], i) => {
    const text = sql`value ->> ${sql.raw(String(i))}`;
    return sql`${type === 'bigint' ? sql`CAST(${text} AS bigint)` : text} AS ${sql.ref(name)}`;
  });
  return sql`(SELECT ${sql.join(picks)} FROM json_each(${JSON.stringify(rows.map((row) => row.map(encode)))}))`;
}

/** A list of ids as a one-column derived table `(id)`: `... IN (SELECT id FROM ${batchIds(trx, ids)} AS u)`. */
export function batchIds(db: Db, ids: Iterable<string>): RawBuilder<unknown> {
  return batchRows(
    db,
    { id: 'text' },
    Array.from(ids, (id) => [id]),
  );
}

/**
 * `column IN ids` bound as one parameter. PostgreSQL gets `= ANY(array)`, which its planner turns
 * into an index condition; a join to unnest() can make it hash a whole table instead
 * (trigger-plans.test.ts caught that on the working orders' sums).
 */
export function idIn(db: Db, column: string, ids: Iterable<string>): RawBuilder<unknown> {
  if (isPostgres(db)) return sql`${sql.ref(column)} = ANY(CAST(${Array.from(ids)} AS text[]))`;
  return sql`${sql.ref(column)} IN (SELECT id FROM ${batchIds(db, ids)} AS b)`;
}
