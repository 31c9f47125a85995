import type SQLite from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/**
 * A reader statement whose rows come out of SQLite as arrays and are made into objects here.
 * better-sqlite3 builds each row object in C++, one named property at a time, and that was most
 * of the cost of reading a row: 100 notifications took 266 us as its objects and 183 us as
 * arrays made into objects here; 20 rows of 30 columns (limit_orders) 128 us and 59 us. The User
 * answer after every order reads about 250 rows.
 *
 * Same rows as better-sqlite3's own: a name that appears twice keeps its last value, as there.
 * A statement with a column named `__proto__` keeps better-sqlite3's objects, since assigning
 * that name would set the prototype instead of a property.
 */
export function withRowObjects(stmt: SQLite.Statement): SqliteStatement {
  if (!stmt.reader) return stmt;
  const names = stmt.columns().map((c) => c.name);
  if (names.includes('__proto__')) return stmt;
  stmt.raw(true);
  const toRow = rowMaker(names);
  return {
    reader: true,
    all: (parameters) => (stmt.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const values of stmt.iterate(parameters) as IterableIterator<unknown[]>)
        yield toRow(values);
    },
  };
}

/**
 * One function per statement that builds a row as an object literal of its column names: V8
 * then allocates every row of the statement with all its properties at once, in one shape (20
 * rows of 30 columns: 59 us, against 85 us when assigning the properties one by one in a loop).
 * The names are JSON string literals, so no column name can be read as code.
 */
function rowMaker(
  names: readonly string[],
): (values: readonly unknown[]) => Record<string, unknown> {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built from JSON string literals only (above)
  return new Function('values', `return { ${fields} };`) as (
    values: readonly unknown[],
  ) => Record<string, unknown>;
}
