import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import type { Captured } from './statement-capture.ts';

/** What a plan node looks like in PostgreSQL's EXPLAIN (FORMAT JSON). */
interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgPlan[];
}

const planned = /^\s*(select|update|delete|with)\b/i;

function pgSeqScans(plan: PgPlan, tables: ReadonlySet<string>): string[] {
  const here =
    plan['Node Type'] === 'Seq Scan' && tables.has(plan['Relation Name'] ?? '')
      ? [`Seq Scan on ${plan['Relation Name']}`]
      : [];
  return [...here, ...(plan.Plans ?? []).flatMap((p) => pgSeqScans(p, tables))];
}

/** A parameter as a quoted literal (arrays in PostgreSQL's array text form), for EXECUTE. */
function pgLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const scalar = (v: unknown): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean')
      return v.toString();
    throw new Error(`no literal for a parameter of type ${typeof v}`);
  };
  const element = (e: unknown) =>
    e === null ? 'NULL' : `"${scalar(e).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const text = Array.isArray(value) ? `{${value.map(element).join(',')}}` : scalar(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The plan PostgreSQL would use for `sql` once it caches a generic plan for it: the app prepares
 * its statements (db/pg-named-statements.ts), and after five runs PostgreSQL may plan them for any
 * parameters instead of these. Prepared under the same text, explained with the same values.
 */
async function pgGenericPlan(
  db: Kysely<DB>,
  sql: string,
  parameters: readonly unknown[],
): Promise<{ Plan: PgPlan }[]> {
  if (parameters.length === 0) return [];
  return db.connection().execute(async (c) => {
    await c.executeQuery(CompiledQuery.raw('SET plan_cache_mode = force_generic_plan'));
    try {
      await c.executeQuery(CompiledQuery.raw(`PREPARE generic_probe AS ${sql}`));
      // Deallocated only once prepared, so a PREPARE that fails reports its own error.
      try {
        // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals of the types PREPARE inferred.
        const { rows } = await c.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
          CompiledQuery.raw(
            `EXPLAIN (FORMAT JSON) EXECUTE generic_probe(${parameters.map(pgLiteral).join(', ')})`,
          ),
        );
        return rows[0]?.['QUERY PLAN'] ?? [];
      } finally {
        await c.executeQuery(CompiledQuery.raw('DEALLOCATE generic_probe'));
      }
    } finally {
      await c.executeQuery(CompiledQuery.raw('RESET plan_cache_mode'));
    }
  });
}

/**
 * Every step of the statements' plans that reads a whole table of `tables` (SQLite's `SCAN t`,
 * with or without an index, PostgreSQL's Seq Scan in the plan for these parameters or in the
 * generic one), each with the statement it belongs to. EXPLAIN executes nothing.
 */
export async function fullScans(
  db: Kysely<DB>,
  dialect: Dialect,
  statements: readonly Captured[],
  tables: readonly string[],
): Promise<string[]> {
  const wanted = new Set(tables);
  const found: string[] = [];
  const distinct = new Map(statements.filter((s) => planned.test(s.sql)).map((s) => [s.sql, s]));
  for (const { sql, parameters } of distinct.values()) {
    const where = sql.replace(/\s+/g, ' ').trim().slice(0, 160);
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]),
      );
      for (const { detail } of rows) {
        const table = /^SCAN (\w+)/.exec(detail)?.[1];
        if (table && wanted.has(table)) found.push(`${detail} in: ${where}`);
      }
    } else {
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${sql}`, [...parameters]),
      );
      for (const step of rows[0]?.['QUERY PLAN'] ?? [])
        found.push(...pgSeqScans(step.Plan, wanted).map((s) => `${s} in: ${where}`));
      for (const step of await pgGenericPlan(db, sql, parameters))
        found.push(...pgSeqScans(step.Plan, wanted).map((s) => `${s} (generic plan) in: ${where}`));
    }
  }
  return found;
}
