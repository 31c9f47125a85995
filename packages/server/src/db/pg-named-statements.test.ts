import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.ts';
import { NAMED_PER_CONNECTION } from './pg-named-statements.ts';
import type { DB } from './schema.ts';
import { inTransaction } from './transaction.ts';

/** The statements this connection holds prepared (the view shows the current session's only). */
async function preparedOn(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{
    statement: string;
  }>`SELECT statement FROM pg_prepared_statements`.execute(db);
  return rows.map((r) => r.statement);
}

describe.skipIf(testDialect !== 'postgres')('named prepared statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a statement run again on a connection is prepared once and answers each time', async () => {
    await t.ctx.db.connection().execute(async (db) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ x: number }>`SELECT CAST(${n} AS int) * 10 AS x`.execute(db);
        answers.push(rows[0]!.x);
      }
      expect(answers).toEqual([10, 20, 30]);
      const same = (await preparedOn(db)).filter((s) => s.includes('* 10 AS x'));
      expect(same).toHaveLength(1);
    });
  });

  it('a connection prepares no more than its bound of distinct statements, and runs the rest unnamed', async () => {
    await t.ctx.db.connection().execute(async (db) => {
      const texts = NAMED_PER_CONNECTION + 20;
      for (let i = 0; i < texts; i += 1) {
        const { rows } = await sql<{
          x: number;
        }>`SELECT CAST(${i} AS int) + ${sql.raw(String(i))} AS x`.execute(db);
        expect(rows[0]!.x).toBe(2 * i);
      }
      expect((await preparedOn(db)).length).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
    });
  });

  it('a SELECT * prepared before its table gained a column still answers, alone and in a transaction', async () => {
    await t.ctx.db.connection().execute(async (db) => {
      await sql`CREATE TABLE named_alone (a int)`.execute(db);
      await sql`CREATE TABLE named_in_trx (a int)`.execute(db);
      await sql`INSERT INTO named_alone VALUES (1)`.execute(db);
      await sql`INSERT INTO named_in_trx VALUES (1)`.execute(db);
      const alone = () =>
        sql<Record<string, unknown>>`SELECT * FROM named_alone WHERE a = ${1}`.execute(db);
      const inTrx = () =>
        inTransaction(db, (trx) =>
          sql<Record<string, unknown>>`SELECT * FROM named_in_trx WHERE a = ${1}`.execute(trx),
        );
      expect((await alone()).rows).toEqual([{ a: 1 }]);
      expect((await inTrx()).rows).toEqual([{ a: 1 }]);

      await sql`ALTER TABLE named_alone ADD COLUMN b int DEFAULT 2`.execute(db);
      await sql`ALTER TABLE named_in_trx ADD COLUMN b int DEFAULT 2`.execute(db);
      expect((await alone()).rows).toEqual([{ a: 1, b: 2 }]);
      expect((await inTrx()).rows).toEqual([{ a: 1, b: 2 }]);
    });
  });
});
