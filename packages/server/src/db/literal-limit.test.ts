import { Kysely, sql, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { literalLimit } from './literal-limit.ts';

describe('literal limit', () => {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });

  it('writes the limit into the statement text with no parameter for it', async () => {
    const query = sql`SELECT value FROM json_each(${'[1,2,3]'}) LIMIT ${literalLimit(2)}`;
    const compiled = query.compile(db);
    expect(compiled.sql).toMatch(/LIMIT 2$/);
    expect(compiled.parameters).toEqual(['[1,2,3]']);
    expect((await query.execute(db)).rows).toHaveLength(2);
  });

  it('refuses anything but a whole number of rows', () => {
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => literalLimit(bad)).toThrow(/not a row limit/);
  });
});
