import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Records the SQL text and parameters of every statement the app sends while `capture` runs, on
 * either database, by wrapping the drivers' own entry points (better-sqlite3's statement calls,
 * pg's Client.query) for the duration: the app under test is the real one, unchanged, so a query
 * added to the order path later is seen without this list being updated.
 */
export interface Captured {
  sql: string;
  parameters: readonly unknown[];
  /** Rows the statement returned (a bounded read returns a bounded number), once known. */
  rows?: number;
  /**
   * Milliseconds the driver's call took, for SQLite's calls, which run synchronously (an iterate's
   * rows are read after it returns); none for PostgreSQL's, whose time is spent elsewhere.
   */
  ms?: number;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function wrap(
  target: Record<string, unknown>,
  names: string[],
  record: (self: unknown, args: unknown[]) => Captured | undefined,
): () => void {
  const originals = names.map((name) => [name, target[name] as Method] as const);
  const count = (entry: Captured | undefined, result: unknown) => {
    if (!entry) return;
    if (Array.isArray(result)) entry.rows = result.length;
    else if (
      result &&
      typeof result === 'object' &&
      Array.isArray((result as { rows?: unknown }).rows)
    ) {
      entry.rows = (result as { rows: unknown[] }).rows.length;
    }
  };
  for (const [name, original] of originals) {
    target[name] = function (this: unknown, ...args: unknown[]) {
      const entry = record(this, args);
      const from = performance.now();
      const result = original.apply(this, args);
      if (result instanceof Promise)
        void result.then(
          (r) => count(entry, r),
          () => undefined,
        );
      else {
        if (entry) entry.ms = performance.now() - from;
        count(entry, result);
      }
      return result;
    };
  }
  return () => {
    for (const [name, original] of originals) target[name] = original;
  };
}

export async function captureStatements(work: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const probe = new SQLite(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    unknown
  >;
  probe.close();
  const restoreSqlite = wrap(statementProto, ['all', 'get', 'run', 'iterate'], (self, args) => {
    const params = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const entry: Captured = { sql: (self as { source: string }).source, parameters: params };
    seen.push(entry);
    return entry;
  });
  const restorePg = wrap(
    pg.Client.prototype as unknown as Record<string, unknown>,
    ['query'],
    (_self, args) => {
      // A statement comes as (text, values) or, named (db/pg-named-statements.ts), as a config.
      const [first, second] = args;
      const config =
        typeof first === 'object' && first !== null && 'text' in first
          ? (first as { text: unknown; values?: unknown })
          : null;
      const text = config ? config.text : first;
      const values = config ? config.values : second;
      if (typeof text !== 'string') return undefined;
      const entry: Captured = { sql: text, parameters: Array.isArray(values) ? values : [] };
      seen.push(entry);
      return entry;
    },
  );
  try {
    await work();
  } finally {
    restoreSqlite();
    restorePg();
  }
  return seen;
}
