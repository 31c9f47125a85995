/**
 * npm run bench:import-history (`-- --pg`: on a throwaway PostgreSQL; `--months N`, default 1;
 * `--coins N`, default 20; `--zip`: each file zipped as Binance ships it): how fast `npm run import-history` takes Binance kline files, and
 * whether its memory stays flat however many there are. Writes, in a temporary folder, one
 * month-file of 1m candles (BTCUSDT-1m-2024-01.csv style, 44,640 lines for 31 days) per coin and
 * month, from a random walk, half of them with Binance's header row; then imports the folder into
 * a new database through the command's own function (importHistory), then imports it again (which
 * writes nothing). Prints rows/s of each run, the resident memory sampled after each file and the
 * process's peak (maxRSS), against the size of the files.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { ASSET_CATALOG } from '../packages/server/src/market/asset-catalog.ts';
import { importHistory } from '../packages/server/src/market/import-history.ts';
import { seedMarketIfEmpty } from '../packages/server/src/market/seed-history.ts';
import { writeZip } from '../packages/server/test/kline-files.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const months = option('--months', 1);
const coins = Math.min(option('--coins', 20), ASSET_CATALOG.length);
const onPostgres = process.argv.includes('--pg');
const zipped = process.argv.includes('--zip');
const MINUTE = 60_000;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Price units (1e-8) as Binance writes them: always 8 decimals. */
function decimal(units: number): string {
  const whole = Math.floor(units / 1e8);
  return `${whole}.${String(units - whole * 1e8).padStart(8, '0')}`;
}

async function writeMonth(file: string, start: number, startUnits: number, header: boolean) {
  const out = createWriteStream(file);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  let price = startUnits;
  let chunk = header
    ? 'open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore\n'
    : '';
  let lines = 0;
  for (let at = start; at < end.getTime(); at += MINUTE) {
    const open = price;
    price = Math.max(1, Math.round(price * (1 + (Math.random() - 0.5) * 0.002)));
    const high = Math.max(open, price) + Math.round(Math.random() * open * 0.0005);
    const low = Math.max(1, Math.min(open, price) - Math.round(Math.random() * open * 0.0005));
    const volume = Math.round(Math.random() * 50e8);
    chunk += `${at},${decimal(open)},${decimal(high)},${decimal(low)},${decimal(price)},${decimal(volume)},${at + MINUTE - 1},123456.78900000,321,1.50000000,98765.43210000,0\n`;
    lines += 1;
    if (lines % 2000 === 0) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return price;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'papertrade-bench-klines-'));
const postgres = onPostgres ? startThrowawayPostgres() : null;
const database = openDatabase({ databaseUrl: postgres?.url, dataDir: dir });
try {
  const generating = performance.now();
  let files = 0;
  for (const [i, asset] of ASSET_CATALOG.slice(0, coins).entries()) {
    let price = Number(asset.price);
    for (let m = 0; m < months; m += 1) {
      const start = Date.UTC(2024, m, 1);
      const name = `${asset.symbol}USDT-1m-${new Date(start).toISOString().slice(0, 7)}.csv`;
      const file = path.join(dir, name);
      price = await writeMonth(file, start, price, (i + m) % 2 === 0);
      if (zipped) {
        writeZip(file.replace(/\.csv$/, '.zip'), name, readFileSync(file, 'utf8'));
        rmSync(file);
      }
      files += 1;
    }
  }
  const names = (await readdir(dir)).filter((name) => /\.(csv|zip)$/.test(name));
  const bytes = names.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  console.log(
    `${files} ${zipped ? 'zipped ' : ''}files (${coins} coins x ${months} month(s) of 1m candles), ${mb(bytes)}, written in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
  );

  await migrateToLatest(database);
  await seedMarketIfEmpty(database.db, {
    isPostgres: database.dialect === 'postgres',
    seed: 'bench',
    historyDays: 0,
    now: Date.now(),
  });

  console.log(`resident memory before importing: ${mb(process.memoryUsage().rss)}`);
  const run = async (label: string) => {
    const samples: number[] = [];
    const from = performance.now();
    const report = await importHistory(database.db, [dir], {
      batchRows: process.env.BENCH_IMPORT_BATCH
        ? Number(process.env.BENCH_IMPORT_BATCH)
        : undefined,
      onFile: () => samples.push(process.memoryUsage().rss),
    });
    const seconds = (performance.now() - from) / 1000;
    console.log(
      `${label} (${database.dialect}): ${report.rows.toLocaleString('en')} candles, ${report.written.toLocaleString('en')} written, ` +
        `${seconds.toFixed(1)} s, ${Math.round(report.rows / seconds).toLocaleString('en')} rows/s; ` +
        `resident memory after the first file ${mb(samples[0] ?? 0)}, after the last ${mb(samples.at(-1) ?? 0)}, highest ${mb(Math.max(...samples))}`,
    );
  };
  await run('import');
  await run('import again');
  console.log(
    `peak RSS of the whole process (maxRSS): ${mb(process.resourceUsage().maxRSS * 1024)}, files ${mb(bytes)}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('target: none set; memory must not grow with the files');
} finally {
  await database.close();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
}
