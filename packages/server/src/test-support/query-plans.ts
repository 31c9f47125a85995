import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Captured } from './statement-capture.ts';

/** What a plan node looks like in PostgreSQL's EXPLAIN (FORMAT JSON). */
interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgPlan[];
}

const planned = /^\s*(select|update|delete|with)\b/i;

function pgSeqScans(plan: PgPlan, tables: ReadonlySet<string>): string[] {
  const here = plan['Node Type'] === 'Seq Scan' && tables.has(plan['Relation Name'] ?? '') ? [`Seq Scan on ${plan['Relation Name']}`] : [];
  return [...here, ...(plan.Plans ?? []).flatMap((p) => pgSeqScans(p, tables))];
}

/**
 * Every step of the statements' plans that reads a whole table of `tables` (SQLite's `SCAN t`,
 * with or without an index, PostgreSQL's Seq Scan), each with the statement it belongs to.
 * EXPLAIN runs each statement with its own parameters and executes nothing.
 */
export async function fullScans(db: Kysely<DB>, dialect: Dialect, statements: readonly Captured[], tables: readonly string[]): Promise<string[]> {
  const wanted = new Set(tables);
  const found: string[] = [];
  const distinct = new Map(statements.filter((s) => planned.test(s.sql)).map((s) => [s.sql, s]));
  for (const { sql, parameters } of distinct.values()) {
    const where = sql.replace(/\s+/g, ' ').trim().slice(0, 160);
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]));
      for (const { detail } of rows) {
        const table = /^SCAN (\w+)/.exec(detail)?.[1];
        if (table && wanted.has(table)) found.push(`${detail} in: ${where}`);
      }
    } else {
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${sql}`, [...parameters]),
      );
      for (const step of rows[0]?.['QUERY PLAN'] ?? []) found.push(...pgSeqScans(step.Plan, wanted).map((s) => `${s} in: ${where}`));
    }
  }
  return found;
}
