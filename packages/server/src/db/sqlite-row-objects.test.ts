import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withRowObjects } from './sqlite-row-objects.ts';

function database() {
  const db = new SQLite(':memory:');
  db.defaultSafeIntegers(true);
  db.exec(`CREATE TABLE t (id text PRIMARY KEY, n bigint, note text);
    INSERT INTO t VALUES ('a', 9007199254740993, NULL), ('b', -1, 'x');`);
  return db;
}

/** The same statement's rows as better-sqlite3 makes them and as withRowObjects does. */
function bothWays(db: SQLite.Database, text: string, parameters: unknown[] = []) {
  return {
    own: db.prepare(text).all(parameters),
    ours: withRowObjects(db.prepare(text)).all(parameters),
  };
}

describe('rows made into objects in JavaScript', () => {
  it('gives the same rows as better-sqlite3 for plain columns, exact integers, nulls, no rows and a repeated name', () => {
    const db = database();
    for (const [text, parameters] of [
      ['SELECT * FROM t ORDER BY id', []],
      ['SELECT id, n FROM t WHERE id = ?', ['a']],
      ['SELECT * FROM t WHERE id = ?', ['none']],
      ['SELECT t.id, u.id, t.n AS id FROM t JOIN t AS u ON u.id <> t.id ORDER BY t.id', []],
      ['SELECT count(*) AS c, max(n) FROM t', []],
    ] as const) {
      const { own, ours } = bothWays(db, text, [...parameters]);
      expect(ours).toEqual(own);
      expect(ours.map((row) => Object.keys(row as object))).toEqual(
        own.map((row) => Object.keys(row as object)),
      );
    }
    expect((bothWays(db, 'SELECT n FROM t WHERE id = ?', ['a']).ours[0] as { n: bigint }).n).toBe(
      9007199254740993n,
    );
  });

  it('reads RETURNING rows of a write, and leaves writes without RETURNING to run', () => {
    const db = database();
    const insert = withRowObjects(
      db.prepare("INSERT INTO t VALUES ('c', 3, NULL) RETURNING id, n"),
    );
    expect(insert.all([])).toEqual([{ id: 'c', n: 3n }]);
    const update = withRowObjects(db.prepare('UPDATE t SET n = n + 1 WHERE id = ?'));
    expect(update.reader).toBe(false);
    expect(update.run(['c']).changes).toBe(1);
  });

  it('iterates rows as objects', () => {
    const db = database();
    expect([...withRowObjects(db.prepare('SELECT id FROM t ORDER BY id')).iterate([])]).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });

  it('keeps better-sqlite3 objects for a column named __proto__, so no row gets a prototype from the data', () => {
    const db = database();
    const { own, ours } = bothWays(db, "SELECT 'x' AS __proto__, id FROM t ORDER BY id");
    expect(ours).toEqual(own);
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
  });
});
