import type { PriceUnits } from '@papertrade/domain';
import {
  type DatabaseIntrospector,
  type DialectAdapter,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { reachedAlertsShape } from '../features/alerts/crossed-alerts.ts';
import { tickHitsShape } from '../features/trading/crossing-orders.ts';
import type { DB } from './schema.ts';
import { statementByShape, type ShapedStatement } from './statement-by-shape.ts';

/** Compiles only: a dialect's own adapter and compiler, no connection. */
const compilerOnly = (
  adapter: DialectAdapter,
  compiler: () => QueryCompiler,
  Introspector: new (db: Kysely<unknown>) => DatabaseIntrospector,
) =>
  new Kysely<DB>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: compiler,
    },
  });
const dialects = {
  SQLite: compilerOnly(new SqliteAdapter(), () => new SqliteQueryCompiler(), SqliteIntrospector),
  PostgreSQL: compilerOnly(
    new PostgresAdapter(),
    () => new PostgresQueryCompiler(),
    PostgresIntrospector,
  ),
};

/** Fresh: what Kysely compiles for this input with no text kept. */
const compiledAnew = <I>(spec: ShapedStatement<I>, db: Kysely<DB>, input: I) => {
  const { sql: text, parameters } = spec.build(input).compile(db);
  return { text, parameters };
};
const run = <I>(
  statement: (db: Kysely<DB>, input: I) => { sql: string; parameters: readonly unknown[] },
  db: Kysely<DB>,
  input: I,
) => {
  const { sql: text, parameters } = statement(db, input);
  return { text, parameters };
};

const prices = (btc: bigint, eth: bigint, sol: bigint) =>
  new Map<string, PriceUnits>([
    ['BTC', btc],
    ['ETH', eth],
    ['SOL', sol],
  ]);
const first = {
  prices: prices(9_000_000_000_000n, 300_000_000_000n, 15_000_000_000n),
  at: 1_000,
  limit: 500,
};
const later = {
  prices: prices(9_100_000_000_000n, 290_000_000_000n, 15_500_000_000n),
  at: 2_000,
  limit: 500,
};

describe.each(Object.entries(dialects))('statements kept by shape on %s', (_name, db) => {
  it("a later tick of the same shape binds its own values to the first tick's text", () => {
    for (const spec of [tickHitsShape, reachedAlertsShape] as ShapedStatement<typeof first>[]) {
      let builds = 0;
      const statement = statementByShape({
        ...spec,
        build: (input) => ((builds += 1), spec.build(input)),
      });
      expect(run(statement, db, first)).toEqual(compiledAnew(spec, db, first));
      expect(run(statement, db, later)).toEqual(compiledAnew(spec, db, later));
      // Built once: the later tick reused the text.
      expect(builds).toBe(1);
    }
  });

  it('a shape of another size compiles a text of its own', () => {
    const statement = statementByShape(tickHitsShape);
    const fewer = { prices: new Map([['BTC', 1n]]), at: 3_000 };
    run(statement, db, first);
    expect(run(statement, db, fewer)).toEqual(compiledAnew(tickHitsShape, db, fewer));
  });

  it('a shape whose listed parameters differ from what it binds is compiled on every run', () => {
    const wrong: ShapedStatement<{ a: number; b: number }> = {
      shape: () => 'one',
      build: ({ a, b }) => sql`SELECT ${a} AS a, ${b} AS b`,
      parameters: ({ a, b }) => [b, a],
    };
    let builds = 0;
    const statement = statementByShape({
      ...wrong,
      build: (input) => ((builds += 1), wrong.build(input)),
    });
    expect(run(statement, db, { a: 1, b: 2 })).toEqual(compiledAnew(wrong, db, { a: 1, b: 2 }));
    expect(run(statement, db, { a: 3, b: 4 }).parameters).toEqual([3, 4]);
    expect(builds).toBe(2);
  });
});
