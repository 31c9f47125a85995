import { sql, type RawBuilder } from 'kysely';

/**
 * A LIMIT written into a statement's text instead of bound as a parameter, for limits that are
 * the code's own constants (the text still compiles once per limit). SQLite (3.53) runs a bound
 * LIMIT inside a subquery several times slower, measured on the same rows:
 * - the User record's working and closed orders, for a user with none: 52 -> 9 us;
 * - a sale's oldest lots (a correlated subquery, one user): 98 -> 21 us in bench:orders;
 * - a tick's reached price alerts (a UNION ALL of 40 limited subqueries): 400 -> 125 us.
 * Never for a number that comes from a request: it would be a new statement text per value.
 */
export function literalLimit(limit: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  return sql.lit(limit);
}
