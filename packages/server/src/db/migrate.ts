import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as workingOrdersByUser from './migrations/002-working-orders-by-user.ts';
import * as lotTotals from './migrations/003-lot-totals.ts';
import * as balancePointsByEpoch from './migrations/004-balance-points-by-epoch.ts';
import * as secondFactors from './migrations/005-second-factors.ts';
import * as portfoliosAndContests from './migrations/006-portfolios-and-contests.ts';
import * as priceAlerts from './migrations/007-price-alerts.ts';
import * as stopOrders from './migrations/008-stop-orders.ts';
import * as bracketsAndOco from './migrations/009-brackets-and-oco.ts';
import * as notificationsByUser from './migrations/010-notifications-by-user.ts';
import * as portfolioVersion from './migrations/011-portfolio-version.ts';
import * as reservedSells from './migrations/012-reserved-sells.ts';
import * as holdingsInLotTotals from './migrations/013-holdings-in-lot-totals.ts';
import * as candleVolume from './migrations/014-candle-volume.ts';
import * as lessonProgress from './migrations/015-lesson-progress.ts';
import * as orderBookConsumption from './migrations/016-order-book-consumption.ts';
import * as apiKeys from './migrations/017-api-keys.ts';
import * as clientOrderIds from './migrations/018-client-order-ids.ts';
import * as replayContests from './migrations/021-replay-contests.ts';
import * as assignments from './migrations/022-assignments.ts';
import * as tradeNotesAndClassRules from './migrations/023-trade-notes-and-class-rules.ts';
import * as bookFills from './migrations/024-book-fills.ts';
import * as partialFills from './migrations/025-partial-fills.ts';
import * as dropReservedSells from './migrations/026-drop-reserved-sells.ts';
import * as replayBookConsumption from './migrations/027-replay-book-consumption.ts';

// Listed in code rather than read from disk, so the migrations ship with the bundle as-is.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-working-orders-by-user': workingOrdersByUser,
  '003-lot-totals': lotTotals,
  '004-balance-points-by-epoch': balancePointsByEpoch,
  '005-second-factors': secondFactors,
  '006-portfolios-and-contests': portfoliosAndContests,
  '007-price-alerts': priceAlerts,
  '008-stop-orders': stopOrders,
  '009-brackets-and-oco': bracketsAndOco,
  '010-notifications-by-user': notificationsByUser,
  '011-portfolio-version': portfolioVersion,
  '012-reserved-sells': reservedSells,
  '013-holdings-in-lot-totals': holdingsInLotTotals,
  '014-candle-volume': candleVolume,
  '015-lesson-progress': lessonProgress,
  '016-order-book-consumption': orderBookConsumption,
  '017-api-keys': apiKeys,
  '018-client-order-ids': clientOrderIds,
  '021-replay-contests': replayContests,
  '022-assignments': assignments,
  '023-trade-notes-and-class-rules': tradeNotesAndClassRules,
  '024-book-fills': bookFills,
  '025-partial-fills': partialFills,
  '026-drop-reserved-sells': dropReservedSells,
  '027-replay-book-consumption': replayBookConsumption,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(database: Database): Promise<void> {
  await migrateTo(database, undefined);
}

/** Up to and including `target` (a key above), or all of them: tests start from an older schema with it. */
export async function migrateTo(database: Database, target: string | undefined): Promise<void> {
  // Unordered: 007 landed before 006 on some development databases; the two touch different tables.
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const { error, results } =
    target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
