import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { namedStatementPool } from './pg-named-statements.ts';
import type { DB } from './schema.ts';
import { withRowObjects } from './sqlite-row-objects.ts';
import {
  startWalCheckpointer,
  type WalCheckpointer,
  type WalCheckpointOptions,
} from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** Clients by state, for /metrics (SQLite: its one connection and the queue for it). */
  poolStats?(): { total: number; idle: number; waiting: number } | undefined;
  /** SQLite only: the worker thread that checkpoints the write-ahead log (wal-checkpointer.ts). */
  walCheckpointer?: WalCheckpointer;
}

// int8 as bigint, so money never passes through a float (schema.ts).
pg.types.setTypeParser(20, (v) => BigInt(v));

/** Distinct statements kept prepared; the app has far fewer, batch sizes add a few more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew, which costs as much as running a small
 * one. The app sends the same few dozen statements again and again, so keep them prepared
 * (least recently used out first). A statement still being iterated is busy: it gets a fresh one.
 * Reader statements hand their rows over as arrays, made into objects in sqlite-row-objects.ts.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, { stmt: SQLite.Statement; api: SqliteStatement }>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let entry = cache.get(sql);
      if (entry) cache.delete(sql);
      if (!entry || entry.stmt.busy) {
        const stmt = sqlite.prepare(sql);
        entry = { stmt, api: withRowObjects(stmt) };
      }
      cache.set(sql, entry);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return entry.api;
    },
  };
}

/**
 * The single SQLite connection, handed out first come first served. Kysely's own lock wakes
 * every waiter on each release and lets whichever runs first take it, so under load some
 * requests starve for seconds while others pass; a queue keeps every wait about equal.
 */
class QueuedSqliteDriver extends SqliteDriver {
  #busy = false;
  #waiting: (() => void)[] = [];

  override async acquireConnection() {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    return super.acquireConnection();
  }

  override async releaseConnection() {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    // The connection passes straight to the next in line, so nobody can slip in between.
    if (next) next();
    else this.#busy = false;
  }

  stats() {
    return { total: 1, idle: this.#busy ? 0 : 1, waiting: this.#waiting.length };
  }
}

class QueuedSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  driver: QueuedSqliteDriver | undefined;
  override createDriver(): Driver {
    return (this.driver = new QueuedSqliteDriver({ database: this.#database }));
  }
}

/**
 * pool.end() resolves once it has asked every client to end, not once they have: a database
 * dropped right after (the tests do) would cut those still closing, and each reports
 * "terminating connection due to administrator command". This close resolves when all are gone.
 */
function closeWhenEnded(db: Kysely<DB>, pool: pg.Pool): () => Promise<void> {
  const live = new Set<unknown>();
  let allEnded: (() => void) | null = null;
  pool.on('connect', (client) => live.add(client));
  pool.on('remove', (client) => {
    live.delete(client);
    if (live.size === 0) allEnded?.();
  });
  return async () => {
    const ended = new Promise<void>((resolve) => {
      allEnded = resolve;
    });
    await db.destroy();
    if (live.size > 0) await ended;
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: when and how the worker checkpoints (defaults in wal-checkpointer.ts). */
  walCheckpoints?: Partial<WalCheckpointOptions>;
}): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that dies (server restart, dropped database) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL idle connection error: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db, dialect: 'postgres', close: closeWhenEnded(db, pool), poolStats };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  configureConnection(sqlite);
  // This connection no longer checkpoints: a worker thread does (docs/decisions/008-sqlite-checkpoints.md).
  const walCheckpointer = startWalCheckpointer(sqlite, file, options.walCheckpoints);
  const dialect = new QueuedSqliteDialect(withStatementCache(sqlite));
  const db = new Kysely<DB>({ dialect });
  const close = async () => {
    // The main connection first: the worker's is then the last one, and its close runs the final
    // checkpoint off the main thread.
    try {
      await db.destroy();
    } finally {
      await walCheckpointer.stop();
    }
  };
  return {
    db,
    dialect: 'sqlite',
    close,
    poolStats: () => dialect.driver?.stats(),
    walCheckpointer,
  };
}

/** How the app's SQLite connection is set, for it and for what must measure the same (bench:limits' floor). */
export function configureConnection(sqlite: SQLite.Database): void {
  sqlite.pragma('journal_mode = WAL');
  // A commit writes the log without fsync; a process crash loses nothing (the OS has the pages),
  // a power cut may lose the last commits. The checkpoints fsync (wal-checkpoint-worker.ts).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
}
