import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Vitest's global setup of the server tests on SQLite: one database migrated once per run, whose
 * file each test app starts from (test-app.ts) instead of running every migration again. A run
 * makes hundreds of apps, and migrating one took ~50 ms on the 2-core machine. The migrations'
 * own tests build theirs step by step (migration-database.ts).
 *
 * Not on PostgreSQL: there, copying a migrated template database (CREATE DATABASE ... TEMPLATE)
 * took as long as creating an empty one and migrating it, 300-600 ms either way.
 *
 * The test workers start after this and inherit the environment it sets.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-template-'));
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  process.env.TEST_TEMPLATE_SQLITE_DIR = dataDir;
  return () => {
    delete process.env.TEST_TEMPLATE_SQLITE_DIR;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
