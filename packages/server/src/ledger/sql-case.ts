import { sql, type RawBuilder } from 'kysely';

/**
 * `CASE id WHEN a THEN x ... END`: one statement gives each row its own value, so a batch of
 * fills is a few statements instead of one per order. `cast` types the values for PostgreSQL,
 * which otherwise reads untyped parameters as text.
 */
export function caseById<T>(pairs: readonly (readonly [string, unknown])[], cast?: 'bigint'): RawBuilder<T> {
  const whens = pairs.map(([id, value]) =>
    cast ? sql`WHEN ${id} THEN CAST(${value} AS ${sql.raw(cast)})` : sql`WHEN ${id} THEN ${value}`,
  );
  return sql<T>`CASE id ${sql.join(whens, sql` `)} END`;
}
