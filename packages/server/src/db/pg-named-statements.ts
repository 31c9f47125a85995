import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL statements sent as named prepared statements (docs/decisions/016-postgres-named-statements.md).
 *
 * Kysely sends each query as an unnamed statement, which PostgreSQL parses and plans anew every
 * time: on the order path (about 20 statements an order) that was most of PostgreSQL's CPU. Named
 * by a hash of their text, each connection parses a statement once and binds it afterwards, and
 * PostgreSQL may keep its plan. bench:orders -- --pg: 182–270 -> 363–383 orders/s on the 2-core machine.
 *
 * Bounds and escapes:
 * - A connection prepares at most NAMED_PER_CONNECTION distinct texts (a text that varies, like an
 *   IN list of a different length, is another text); later ones run unnamed, as before.
 * - Only queries PostgreSQL plans (SELECT, INSERT, UPDATE, DELETE, WITH) with parameters are
 *   named; the rest (BEGIN, COMMIT, EXPLAIN ...) run unnamed: nothing to plan, or nothing to bind.
 * - A migration run by another instance while this one has statements prepared is safe: a
 *   statement prepared through the protocol (unlike SQL's PREPARE) is planned again when its
 *   tables change, and may then return other columns; pg describes the result on every run
 *   (the test adds a column under a prepared `SELECT *`).
 */
export const NAMED_PER_CONNECTION = 256;

/** The statements PostgreSQL plans; anything else (EXPLAIN, SET, PREPARE ...) runs unnamed. */
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;

/** Each connection's prepared texts and their names: a text is hashed once per connection, not per run. */
const prepared = new WeakMap<pg.PoolClient, Map<string, string>>();

const nameOf = (text: string) => `k${createHash('sha1').update(text).digest('base64url')}`;

function namedQuery(
  client: pg.PoolClient,
  text: string,
  values: readonly unknown[],
): pg.QueryConfig | null {
  if (values.length === 0 || !PLANNED.test(text)) return null;
  let names = prepared.get(client);
  if (!names) prepared.set(client, (names = new Map<string, string>()));
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMED_PER_CONNECTION) return null;
    names.set(text, (name = nameOf(text)));
  }
  return { name, text, values: [...values] };
}

/** The pool Kysely's PostgresDialect is given: `pool`'s clients, their parameterised queries named. */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      async function run<R>(
        text: string,
        values: readonly unknown[],
      ): Promise<PostgresQueryResult<R>> {
        const named = namedQuery(client, text, values);
        if (!named)
          return (await client.query(text, [...values])) as unknown as PostgresQueryResult<R>;
        return (await client.query(named)) as unknown as PostgresQueryResult<R>;
      }
      function query<R>(
        sql: string,
        parameters: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        sqlOrCursor: string | PostgresCursor<R>,
        parameters: ReadonlyArray<unknown> = [],
      ) {
        if (typeof sqlOrCursor === 'string') return run<R>(sqlOrCursor, parameters);
        return client.query(
          sqlOrCursor as unknown as pg.Submittable,
        ) as unknown as PostgresCursor<R>;
      }
      return { query, release: () => client.release() };
    },
  };
}
