import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as workingOrdersByUser from './migrations/002-working-orders-by-user.ts';
import * as lotTotals from './migrations/003-lot-totals.ts';
import * as balancePointsByEpoch from './migrations/004-balance-points-by-epoch.ts';
import * as secondFactors from './migrations/005-second-factors.ts';
import * as priceAlerts from './migrations/007-price-alerts.ts';

// Listed in code rather than read from disk, so the migrations ship with the bundle as-is.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-working-orders-by-user': workingOrdersByUser,
  '003-lot-totals': lotTotals,
  '004-balance-points-by-epoch': balancePointsByEpoch,
  '005-second-factors': secondFactors,
  '007-price-alerts': priceAlerts,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
