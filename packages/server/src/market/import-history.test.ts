import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KLINE_HEADER,
  klineDir,
  klineLine,
  writeKlineFile,
  writeZip,
} from '../../test/kline-files.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { HistoryImportError, importHistory } from './import-history.ts';
import { applyTick, MINUTE_CANDLES_KEPT_MS } from './tick-store.ts';

const { t } = useTestApp();

const JAN_2024 = Date.UTC(2024, 0, 1);
const MARCH_2025 = Date.UTC(2025, 2, 1);

/** Three minutes of BTC, the prices as Binance writes them. */
function threeMinutes(start: number, options: { micro?: boolean } = {}): string[] {
  return [
    klineLine({
      openMs: start,
      open: '42283.58000000',
      high: '42298.62000000',
      low: '42261.02000000',
      close: '42298.61000000',
      volume: '35.92724000',
      ...options,
    }),
    klineLine({
      openMs: start + 60_000,
      open: '42298.62000000',
      high: '42320.00000000',
      low: '42290.33000000',
      close: '42307.10000000',
      volume: '21.04100000',
      ...options,
    }),
    klineLine({
      openMs: start + 120_000,
      open: '42307.10000000',
      high: '42310.99000000',
      low: '42271.05000000',
      close: '42280.00000000',
      volume: '17.00000001',
      ...options,
    }),
  ];
}

async function storedCandles(assetId = 'btcusd', interval = '1m') {
  const rows = await t.ctx.db
    .selectFrom('candles')
    .select(['start_ts', 'open', 'high', 'low', 'close', 'volume'])
    .where('asset_id', '=', assetId)
    .where('interval', '=', interval)
    .where('start_ts', '<', BigInt(Date.UTC(2026, 0, 1)))
    .orderBy('start_ts')
    .execute();
  return rows.map((row) => ({
    time: Number(row.start_ts),
    open: BigInt(row.open),
    high: BigInt(row.high),
    low: BigInt(row.low),
    close: BigInt(row.close),
    volume: row.volume === null ? null : BigInt(row.volume),
  }));
}

async function importError(paths: string[], options = {}): Promise<string[]> {
  const failure = await importHistory(t.ctx.db, paths, options).catch((error: unknown) => error);
  if (!(failure instanceof HistoryImportError))
    throw new Error(`expected a refusal, got ${String(failure)}`);
  return failure.problems;
}

describe('importing Binance kline files', () => {
  it('a month file of 1m candles is imported, and the chart reads its exact prices', async () => {
    const file = writeKlineFile(klineDir(), 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024));
    const report = await importHistory(t.ctx.db, [file]);
    expect(report).toMatchObject({ rows: 3, written: 3 });
    expect(report.files).toEqual([
      {
        label: file,
        symbol: 'BTC',
        interval: '1m',
        rows: 3,
        written: 3,
        first: JAN_2024,
        last: JAN_2024 + 120_000,
      },
    ]);

    expect((await storedCandles())[2]).toEqual({
      time: JAN_2024 + 120_000,
      open: 4_230_710_000_000n,
      high: 4_231_099_000_000n,
      low: 4_227_105_000_000n,
      close: 4_228_000_000_000n,
      volume: 1_700_000_001n,
    });
    const chart = await t.app.inject({
      method: 'GET',
      url: `/assets/btcusd/candles?interval=1m&from=${JAN_2024}&to=${JAN_2024 + 3_600_000}`,
    });
    expect(chart.statusCode).toBe(200);
    expect(chart.json()).toEqual([
      { time: JAN_2024, open: 42283.58, high: 42298.62, low: 42261.02, close: 42298.61 },
      { time: JAN_2024 + 60_000, open: 42298.62, high: 42320, low: 42290.33, close: 42307.1 },
      { time: JAN_2024 + 120_000, open: 42307.1, high: 42310.99, low: 42271.05, close: 42280 },
    ]);
  });

  it('a file with a header row imports the same candles as one without', async () => {
    const dir = klineDir();
    const bare = writeKlineFile(dir, 'ETHUSDT-1h-2024-01.csv', [
      klineLine({
        openMs: JAN_2024,
        open: '2281.87',
        high: '2297.18',
        low: '2281.27',
        close: '2295.51',
        intervalMs: 3_600_000,
      }),
    ]);
    await importHistory(t.ctx.db, [bare]);
    const withoutHeader = await storedCandles('ethusd', '1h');

    const headed = writeKlineFile(dir, 'ETHUSDT-1h-2024-01-01.csv', [
      KLINE_HEADER,
      klineLine({
        openMs: JAN_2024,
        open: '2281.87',
        high: '2297.18',
        low: '2281.27',
        close: '2295.51',
        intervalMs: 3_600_000,
      }),
    ]);
    const report = await importHistory(t.ctx.db, [headed]);
    expect(report).toMatchObject({ rows: 1, written: 0 });
    expect(await storedCandles('ethusd', '1h')).toEqual(withoutHeader);
    expect(withoutHeader).toHaveLength(1);
  });

  it('a file with microsecond times (spot from 2025) lands at the same minutes as milliseconds', async () => {
    const dir = klineDir();
    const micro = writeKlineFile(dir, 'BTCUSDT-1m-2025-03.csv', [
      KLINE_HEADER,
      ...threeMinutes(MARCH_2025, { micro: true }),
    ]);
    expect(await importHistory(t.ctx.db, [micro])).toMatchObject({ rows: 3, written: 3 });
    const fromMicro = await storedCandles();
    expect(fromMicro.map((c) => c.time)).toEqual([
      MARCH_2025,
      MARCH_2025 + 60_000,
      MARCH_2025 + 120_000,
    ]);

    const milli = writeKlineFile(dir, 'BTCUSDT-1m-2025-03-01.csv', threeMinutes(MARCH_2025));
    expect(await importHistory(t.ctx.db, [milli])).toMatchObject({ rows: 3, written: 0 });
    expect(await storedCandles()).toEqual(fromMicro);
  });

  it('a bad line is refused with its file and line number, and nothing of any file is written', async () => {
    const dir = klineDir();
    const good = writeKlineFile(dir, 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024));
    const lines = threeMinutes(JAN_2024 + 86_400_000);
    lines[1] = lines[1]!.replace('42320.00000000', '42000.00000000');
    const bad = writeKlineFile(dir, 'BTCUSDT-1m-2024-02.csv', [KLINE_HEADER, ...lines]);

    expect(await importError([good, bad])).toEqual([
      `${bad} line 3: high 42000.00000000 is below the candle's open, close or low`,
    ]);
    expect(await storedCandles()).toEqual([]);
  });

  it('importing the same file twice changes nothing', async () => {
    const file = writeKlineFile(klineDir(), 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024));
    await importHistory(t.ctx.db, [file]);
    const first = await storedCandles();
    const again = await importHistory(t.ctx.db, [file]);
    expect(again).toMatchObject({ rows: 3, written: 0 });
    expect(await storedCandles()).toEqual(first);
  });

  it('a corrected file replaces only the candles it changes', async () => {
    const dir = klineDir();
    await importHistory(t.ctx.db, [
      writeKlineFile(dir, 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024)),
    ]);
    const lines = threeMinutes(JAN_2024);
    lines[2] = lines[2]!.replace('42280.00000000', '42280.50000000');
    const corrected = writeKlineFile(dir, 'BTCUSDT-1m-2024-01-01.csv', lines);
    expect(await importHistory(t.ctx.db, [corrected])).toMatchObject({ rows: 3, written: 1 });
    expect((await storedCandles())[2]?.close).toBe(4_228_050_000_000n);
  });

  it('a zip as Binance ships it is imported from the CSV inside', async () => {
    const dir = klineDir();
    const csv = threeMinutes(JAN_2024)
      .map((line) => `${line}\n`)
      .join('');
    const zip = writeZip(path.join(dir, 'SOLUSDT-1m-2024-01.zip'), 'SOLUSDT-1m-2024-01.csv', csv);
    const report = await importHistory(t.ctx.db, [zip]);
    expect(report.files).toMatchObject([
      { label: `${zip}!SOLUSDT-1m-2024-01.csv`, symbol: 'SOL', rows: 3, written: 3 },
    ]);
    expect(await storedCandles('solusd')).toHaveLength(3);
  });

  it('a damaged zip is refused naming it, and nothing is written', async () => {
    const dir = klineDir();
    const csv = threeMinutes(JAN_2024)
      .map((line) => `${line}\n`)
      .join('');
    const zip = writeZip(path.join(dir, 'BTCUSDT-1m-2024-01.zip'), 'BTCUSDT-1m-2024-01.csv', csv);
    // The entry says it holds fewer bytes than it inflates to, as a file cut and patched would.
    const bytes = readFileSync(zip);
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(csv.length - 10, 22);
    bytes.writeUInt32LE(csv.length - 10, central + 24);
    writeFileSync(zip, bytes);

    const problems = await importError([zip]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(`${zip}!BTCUSDT-1m-2024-01.csv: could not be read (`);
    expect(await storedCandles()).toEqual([]);
    const notZip = writeKlineFile(dir, 'ETHUSDT-1m-2024-01.zip', ['not a zip']);
    await expect(importHistory(t.ctx.db, [notZip])).rejects.toThrow(
      `${notZip}: not a readable zip file`,
    );
  });

  it('a folder is imported file by file, in name order', async () => {
    const dir = klineDir();
    writeKlineFile(dir, 'BTCUSDT-1m-2024-02.csv', threeMinutes(Date.UTC(2024, 1, 1)));
    writeKlineFile(dir, 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024));
    const report = await importHistory(t.ctx.db, [dir]);
    expect(report.files.map((file) => path.basename(file.label))).toEqual([
      'BTCUSDT-1m-2024-01.csv',
      'BTCUSDT-1m-2024-02.csv',
    ]);
    expect(await storedCandles()).toHaveLength(6);
  });

  it('a pair we do not list, or an interval we do not keep, is refused by file before anything is written', async () => {
    const dir = klineDir();
    const pepe = writeKlineFile(dir, 'PEPEUSDT-1m-2024-01.csv', threeMinutes(JAN_2024));
    const euro = writeKlineFile(dir, 'BTCEUR-1m-2024-01.csv', threeMinutes(JAN_2024));
    const fiveMinutes = writeKlineFile(dir, 'BTCUSDT-5m-2024-01.csv', threeMinutes(JAN_2024));
    const problems = await importError([pepe, euro, fiveMinutes]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(`${pepe}: PEPEUSDT is not one of our assets quoted in dollars`);
    expect(problems[1]).toMatch(`${euro}: BTCEUR is not one of our assets quoted in dollars`);
    expect(problems[2]).toBe(
      `${fiveMinutes}: interval 5m: candles are kept at one of 1m, 1h, 1d only`,
    );
  });

  it('--symbol and --interval name a file whose name does not', async () => {
    const file = writeKlineFile(klineDir(), 'download.csv', threeMinutes(JAN_2024));
    expect(await importError([file])).toEqual([
      `${file}: the name does not say its pair (Binance names files like BTCUSDT-1m-2024-01.csv); --symbol and --interval name them`,
    ]);
    const report = await importHistory(t.ctx.db, [file], { symbol: 'btc', interval: '1m' });
    expect(report).toMatchObject({ rows: 3, written: 3 });
  });

  it('a repeated open time is refused with its line', async () => {
    const lines = threeMinutes(JAN_2024);
    const file = writeKlineFile(klineDir(), 'BTCUSDT-1m-2024-01.csv', [...lines, lines[2]!]);
    expect(await importError([file])).toEqual([
      `${file} line 4: open time 2024-01-01T00:02:00.000Z is not after the line before's`,
    ]);
  });

  it("the simulator's ticks keep imported history while pruning their own old minutes", async () => {
    await importHistory(t.ctx.db, [
      writeKlineFile(klineDir(), 'BTCUSDT-1m-2024-01.csv', threeMinutes(JAN_2024)),
    ]);
    const state = await t.ctx.db
      .selectFrom('market_state')
      .select('value')
      .executeTakeFirstOrThrow();
    const lastTickAt = (JSON.parse(state.value) as { lastTickAt: number }).lastTickAt;
    const at = lastTickAt + 2 * 60_000;
    const aged = at - MINUTE_CANDLES_KEPT_MS - 60_000;
    await t.ctx.db
      .insertInto('candles')
      .values({
        asset_id: 'btcusd',
        interval: '1m',
        start_ts: aged,
        open: 1n,
        high: 1n,
        low: 1n,
        close: 1n,
      })
      .execute();

    await applyTick(t.ctx.db, {
      isPostgres: t.ctx.database.dialect === 'postgres',
      seed: 'test',
      at,
      dtYears: 1e-9,
    });
    expect((await storedCandles()).map((c) => c.time)).toEqual([
      JAN_2024,
      JAN_2024 + 60_000,
      JAN_2024 + 120_000,
    ]);
    const agedLeft = await t.ctx.db
      .selectFrom('candles')
      .select('start_ts')
      .where('asset_id', '=', 'btcusd')
      .where('start_ts', '=', BigInt(aged))
      .execute();
    expect(agedLeft).toEqual([]);
  });
});
