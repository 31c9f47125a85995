import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HistoryImportError, importHistory, type ImportedFile } from './import-history.ts';
import { KlineSourceError } from './kline-source.ts';
import { seedMarketIfEmpty } from './seed-history.ts';

export const IMPORT_HISTORY_USAGE = `Usage: npm run import-history -- <files or folders...> [--symbol BTC] [--interval 1m]

Imports Binance kline files (BTCUSDT-1m-2024-01.csv, or the .zip Binance ships) into the price
history of the database the server uses (DATA_DIR or DATABASE_URL). docs/market-data.md says more.`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

function describe(file: ImportedFile): string {
  const span =
    file.first === null
      ? 'no candles'
      : `${new Date(file.first).toISOString()} to ${new Date(file.last ?? file.first).toISOString()}`;
  return `${file.label}: ${file.symbol} ${file.interval}, ${file.rows} candles (${span}), ${file.written} new or changed`;
}

/**
 * The command's whole run against the database `env` names, as the server would open it: the
 * schema migrated and, on a new database, the market created first (its assets are what the
 * files are matched to). Returns the exit code: 0 imported, 1 nothing written, 2 bad arguments.
 */
export async function runImportHistory(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        symbol: { type: 'string' },
        interval: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n\n${IMPORT_HISTORY_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    output.out(IMPORT_HISTORY_USAGE);
    return 0;
  }
  if (parsed.positionals.length === 0) {
    output.err(`No file or folder given.\n\n${IMPORT_HISTORY_USAGE}`);
    return 2;
  }

  const config = loadConfig(env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    await seedMarketIfEmpty(database.db, {
      isPostgres: database.dialect === 'postgres',
      seed: config.marketSeed,
      historyDays: config.marketHistoryDays,
      now: Date.now(),
    });
    const report = await importHistory(database.db, parsed.positionals, {
      symbol: parsed.values.symbol,
      interval: parsed.values.interval,
      onFile: (file) => output.out(describe(file)),
    });
    output.out(
      `Imported ${report.files.length} file(s): ${report.rows} candles, ${report.written} new or changed.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HistoryImportError) {
      output.err(error.message);
      output.err('Nothing was imported.');
      return 1;
    }
    if (error instanceof KlineSourceError) {
      output.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
