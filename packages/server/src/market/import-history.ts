import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { batchRows, type BatchValue } from '../db/batch-rows.ts';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { parseKlineLine, type KlineCandle } from './kline-row.ts';
import {
  assetOfPair,
  isCandleInterval,
  listKlineSources,
  parseKlineName,
  type KlineSource,
} from './kline-source.ts';
import { CANDLE_INTERVALS, type CandleInterval } from './simulator.ts';

/**
 * `npm run import-history` (docs/market-data.md, Importing history; docs/decisions/026-imported-history.md).
 * Two passes over every file, each streaming one line at a time: the first checks every row of
 * every file and writes nothing if one is wrong; the second writes them in batches, each batch
 * one transaction, so a server writing to the same SQLite file waits for one batch at most.
 */
export interface ImportOptions {
  /** Our asset symbol (BTC) for every file, instead of the pair in each file's name. */
  symbol?: string;
  /** The candles' interval for every file, instead of the one in each file's name. */
  interval?: string;
  /** Candles per batch, one transaction and one statement each. */
  batchRows?: number;
  /** Called as each file is written, for the command's progress lines. */
  onFile?: (file: ImportedFile) => void;
}

export interface ImportedFile {
  label: string;
  symbol: string;
  interval: CandleInterval;
  /** Candles in the file. */
  rows: number;
  /** Candles inserted or changed: 0 when the file was imported before. */
  written: number;
  /** Open times of its first and last candle (ms), null for a file without any. */
  first: number | null;
  last: number | null;
}

export interface ImportReport {
  files: ImportedFile[];
  rows: number;
  written: number;
}

/** Every problem found, one line each ("file line 12: ..."): nothing was written. */
export class HistoryImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export const DEFAULT_BATCH_ROWS = 2000;
/** A broken file would otherwise print a line for each of its rows. */
export const MAX_PROBLEMS_LISTED = 20;

interface PlannedSource {
  source: KlineSource;
  assetId: string;
  symbol: string;
  interval: CandleInterval;
}

export async function importHistory(
  db: Kysely<DB>,
  paths: readonly string[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const sources = await listKlineSources(paths);
  const plans = await planSources(db, sources, options);

  const problems: string[] = [];
  for (const plan of plans) {
    if (problems.length >= MAX_PROBLEMS_LISTED) break;
    for await (const item of readCandles(plan)) {
      if ('problem' in item) problems.push(item.problem);
      if (problems.length >= MAX_PROBLEMS_LISTED) break;
    }
  }
  if (problems.length > 0) throw new HistoryImportError(problems);

  const report: ImportReport = { files: [], rows: 0, written: 0 };
  const size = options.batchRows ?? DEFAULT_BATCH_ROWS;
  for (const plan of plans) {
    const file: ImportedFile = {
      label: plan.source.label,
      symbol: plan.symbol,
      interval: plan.interval,
      rows: 0,
      written: 0,
      first: null,
      last: null,
    };
    let batch: KlineCandle[] = [];
    const flush = async () => {
      file.written += await upsertCandles(db, plan, batch);
      batch = [];
    };
    for await (const item of readCandles(plan)) {
      // The first pass read the same bytes; a file changed since is not imported halfway silently.
      if ('problem' in item)
        throw new HistoryImportError([`${item.problem} (changed since it was checked)`]);
      file.rows += 1;
      file.first ??= item.candle.startTs;
      file.last = item.candle.startTs;
      batch.push(item.candle);
      if (batch.length >= size) await flush();
    }
    if (batch.length > 0) await flush();
    report.files.push(file);
    report.rows += file.rows;
    report.written += file.written;
    options.onFile?.(file);
  }
  return report;
}

async function planSources(
  db: Kysely<DB>,
  sources: readonly KlineSource[],
  options: ImportOptions,
): Promise<PlannedSource[]> {
  const assets = await db.selectFrom('assets').select(['id', 'symbol']).execute();
  const idBySymbol = new Map(assets.map((asset) => [asset.symbol, asset.id]));
  const symbols = new Set(idBySymbol.keys());
  const known = `one of ${CANDLE_INTERVALS.join(', ')}`;
  const problems: string[] = [];
  if (options.symbol !== undefined && !symbols.has(options.symbol.toUpperCase()))
    problems.push(`--symbol ${options.symbol}: not one of our assets (${[...symbols].join(', ')})`);
  if (options.interval !== undefined && !isCandleInterval(options.interval))
    problems.push(`--interval ${options.interval}: candles are kept at ${known} only`);
  if (problems.length > 0) throw new HistoryImportError(problems);

  const plans: PlannedSource[] = [];
  for (const source of sources) {
    const named = parseKlineName(source.name);
    const symbol =
      options.symbol?.toUpperCase() ?? (named ? assetOfPair(named.pair, symbols) : null);
    const interval = options.interval ?? named?.interval;
    if (!symbol) {
      problems.push(
        named
          ? `${source.label}: ${named.pair} is not one of our assets quoted in dollars (${[...symbols].join(', ')} against USDT, USDC or USD); --symbol names the asset`
          : `${source.label}: the name does not say its pair (Binance names files like BTCUSDT-1m-2024-01.csv); --symbol and --interval name them`,
      );
      continue;
    }
    if (interval === undefined || !isCandleInterval(interval)) {
      problems.push(
        `${source.label}: ${interval === undefined ? 'no interval in its name' : `interval ${interval}`}: candles are kept at ${known} only`,
      );
      continue;
    }
    plans.push({ source, assetId: idBySymbol.get(symbol)!, symbol, interval });
  }
  if (problems.length > 0) throw new HistoryImportError(problems);
  return plans;
}

type ReadItem = { candle: KlineCandle } | { problem: string };

/** A file's candles in order, or its problems, one line at a time. */
async function* readCandles(plan: PlannedSource): AsyncGenerator<ReadItem> {
  const { label } = plan.source;
  let previous: number | null = null;
  let lineNumber = 0;
  for await (const line of readLines(await plan.source.open(), label)) {
    lineNumber += 1;
    const parsed = parseKlineLine(line, lineNumber, plan.interval);
    if (parsed.kind === 'header' || parsed.kind === 'blank') continue;
    if (parsed.kind === 'error') {
      yield { problem: `${label} line ${lineNumber}: ${parsed.message}` };
      continue;
    }
    const { startTs } = parsed.candle;
    // Binance writes each candle once, oldest first; a repeat would be written twice in a batch.
    if (previous !== null && startTs <= previous) {
      yield {
        problem: `${label} line ${lineNumber}: open time ${new Date(startTs).toISOString()} is not after the line before's`,
      };
      continue;
    }
    previous = startTs;
    yield parsed;
  }
}

async function* readLines(input: Readable, label: string): AsyncGenerator<string> {
  let failure: Error | null = null;
  const lines = createInterface({ input, crlfDelay: Infinity });
  // A read that fails (a damaged zip, a file removed meanwhile) may end readline quietly or throw
  // its own error: either way it is this file's problem, said with its name.
  input.once('error', (error) => {
    failure = error;
    lines.close();
  });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    failure = error as Error;
  } finally {
    lines.close();
    input.destroy();
  }
  if (failure) throw new HistoryImportError([`${label}: could not be read (${failure.message})`]);
}

const CANDLE_COLUMNS = {
  asset_id: 'text',
  interval: 'text',
  start_ts: 'bigint',
  open: 'bigint',
  high: 'bigint',
  low: 'bigint',
  close: 'bigint',
  volume: 'bigint',
} as const;

/**
 * Inserts the batch, or replaces the candles already there at the same asset, interval and open
 * time (docs/decisions/026-imported-history.md). A candle that is already exactly so is left
 * untouched and not counted, so importing a file again writes nothing.
 */
async function upsertCandles(
  db: Kysely<DB>,
  plan: PlannedSource,
  candles: readonly KlineCandle[],
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const rows = candles.map((c): BatchValue[] => [
      plan.assetId,
      plan.interval,
      c.startTs,
      c.open,
      c.high,
      c.low,
      c.close,
      c.volume,
    ]);
    const names = Object.keys(CANDLE_COLUMNS).map((name) => sql.ref(name));
    const changed = ['open', 'high', 'low', 'close'].map(
      (name) => sql`candles.${sql.ref(name)} <> excluded.${sql.ref(name)}`,
    );
    const result = await sql`
      INSERT INTO candles (${sql.join(names)})
      SELECT ${sql.join(names)} FROM ${batchRows(trx, CANDLE_COLUMNS, rows)} AS b WHERE true
      ON CONFLICT (asset_id, ${sql.ref('interval')}, start_ts) DO UPDATE SET
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
        volume = excluded.volume
      WHERE ${sql.join(changed, sql` OR `)} OR candles.volume IS DISTINCT FROM excluded.volume
    `.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  });
}
