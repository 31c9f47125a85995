import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const LIMIT = 256 * 1024;
const dirs: string[] = [];
const open: Database[] = [];

afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** A real database in a temp dir whose worker starts at once and checkpoints every 20 ms. */
async function openTestDatabase(): Promise<{ database: Database; file: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-wal-'));
  dirs.push(dataDir);
  const database = openDatabase({
    dataDir,
    walCheckpoints: { startDelayMs: 0, intervalMs: 20, retryMs: 10, limitBytes: LIMIT },
  });
  open.push(database);
  await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)`.execute(database.db);
  return { database, file: path.join(dataDir, 'app.db') };
}

const walBytes = (file: string) => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** About `bytes` of rows in one transaction, so they land in the log at once. */
async function fill(database: Database, bytes: number): Promise<void> {
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.ceil(bytes / 1000)})
    INSERT INTO filler (body) SELECT randomblob(1000) FROM n`.execute(database.db);
}

/** Polls `check` until it holds, failing after `ms`: the worker's timing is never asserted. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SQLite WAL checkpointer', () => {
  it('turns off the main connection’s automatic checkpoint', async () => {
    const { database } = await openTestDatabase();
    const { rows } = await sql<{
      wal_autocheckpoint: number | bigint;
    }>`PRAGMA wal_autocheckpoint`.execute(database.db);
    expect(Number(rows[0]?.wal_autocheckpoint)).toBe(0);
  });

  it('copies a grown log into the database, so the next write starts it again, cut back to the limit', async () => {
    const { database, file } = await openTestDatabase();
    await fill(database, 2 * 1024 * 1024);
    expect(walBytes(file)).toBeGreaterThan(2 * 1024 * 1024);
    await eventually(() => {
      const report = database.walCheckpointer?.lastReport();
      return report !== undefined && report.log > 100 && report.checkpointed === report.log;
    });
    // The main connection's next commit restarts the fully copied log and cuts the file.
    await fill(database, 10_000);
    expect(walBytes(file)).toBeLessThanOrEqual(LIMIT);
    const { rows } = await sql<{ n: bigint }>`SELECT count(*) AS n FROM filler`.execute(
      database.db,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(2_000);
  });

  it('keeps trying while a reader pins the log past the limit, and brings it back once the reader lets go', async () => {
    const { database, file } = await openTestDatabase();
    await fill(database, 10_000);
    const reader = new SQLite(file);
    try {
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM filler').get();
      // Everything written now stays in the log: the reader's snapshot predates it.
      await fill(database, 1024 * 1024);
      await eventually(() => {
        const report = database.walCheckpointer?.lastReport();
        return report?.mode === 'RESTART' && report.busy && report.checkpointed < report.log;
      });
      expect(walBytes(file)).toBeGreaterThan(LIMIT);
    } finally {
      reader.exec('COMMIT');
      reader.close();
    }
    await eventually(() => {
      const report = database.walCheckpointer?.lastReport();
      return report !== undefined && !report.busy && report.checkpointed === report.log;
    });
    await fill(database, 10_000);
    expect(walBytes(file)).toBeLessThanOrEqual(LIMIT);
  });

  it('closes with the worker: its connection, the last, checkpoints the log and deletes it', async () => {
    const { database, file } = await openTestDatabase();
    await fill(database, 100_000);
    await eventually(() => database.walCheckpointer?.lastReport() !== undefined);
    await database.close();
    open.splice(open.indexOf(database), 1);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('lets a plain node process await close() to the end, though the worker is unref()ed', async () => {
    // vitest keeps its process alive; a script whose only pending work is close() does not.
    const dir = mkdtempSync(path.join(tmpdir(), 'papertrade-wal-'));
    dirs.push(dir);
    const database = new URL('./database.ts', import.meta.url).href;
    const script = path.join(dir, 'close.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(database)};
      const database = openDatabase({ dataDir: ${JSON.stringify(dir)}, walCheckpoints: { startDelayMs: 0, intervalMs: 10 } });
      while (!database.walCheckpointer?.lastReport()) await new Promise((resolve) => setTimeout(resolve, 10));
      await database.close();
      console.log('closed');`,
    );
    const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      timeout: 30_000,
    });
    expect(stdout.trim()).toBe('closed');
    expect(existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
  });

  it('falls back to the automatic checkpoint when the worker fails, without throwing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sqlite = new SQLite(':memory:');
    const dir = mkdtempSync(path.join(tmpdir(), 'papertrade-wal-'));
    dirs.push(dir);
    // No such file: the worker's connection fails to open.
    const checkpointer = startWalCheckpointer(sqlite, path.join(dir, 'missing.db'), {
      startDelayMs: 0,
    });
    await eventually(() => sqlite.pragma('wal_autocheckpoint', { simple: true }) === 1000);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('automatic checkpoints are back'));
    await checkpointer.stop();
    sqlite.close();
  });
});
