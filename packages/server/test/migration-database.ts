import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { createPgDatabase, disposeTestDatabase } from './test-app.ts';

/**
 * For a migration's test: a database of its own (SQLite in a temporary folder, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL names a server), migrated up to and including
 * `migration`, given to `work`, then closed and removed whatever `work` did.
 */
export async function withDatabaseMigratedTo(
  migration: string,
  work: (database: Database) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-migrate-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl = adminUrl ? await createPgDatabase(adminUrl) : undefined;
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    await migrateTo(database, migration);
    await work(database);
  } finally {
    await database.close();
    await disposeTestDatabase({ dataDir, databaseUrl });
  }
}
