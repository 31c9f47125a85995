import { describe, expect, it } from 'vitest';
import { klineDir, klineLine, writeKlineFile } from '../../test/kline-files.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { runImportHistory } from './import-history-command.ts';

const { t } = useTestApp();
const JAN_2024 = Date.UTC(2024, 0, 1);

/** The command's output, and the environment that points it at the test app's database. */
function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = t.ctx.config.databaseUrl
    ? { DATABASE_URL: t.ctx.config.databaseUrl }
    : { DATA_DIR: t.dataDir };
  const done = runImportHistory(argv, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return done.then((code) => ({ code, out, err }));
}

describe('npm run import-history', () => {
  it('imports into the database the server uses and says what it wrote', async () => {
    const file = writeKlineFile(klineDir(), 'LTCUSDT-1d-2024-01.csv', [
      klineLine({
        openMs: JAN_2024,
        open: '73.26',
        high: '74.01',
        low: '71.88',
        close: '73.62',
        intervalMs: 86_400_000,
      }),
    ]);
    const first = await run([file]);
    expect(first).toEqual({
      code: 0,
      out: [
        `${file}: LTC 1d, 1 candles (2024-01-01T00:00:00.000Z to 2024-01-01T00:00:00.000Z), 1 new or changed`,
        'Imported 1 file(s): 1 candles, 1 new or changed.',
      ],
      err: [],
    });
    const chart = await t.app.inject({
      method: 'GET',
      url: `/assets/ltcusd/candles?interval=1d&from=${JAN_2024}&to=${JAN_2024}`,
    });
    expect(chart.json()).toEqual([
      { time: JAN_2024, open: 73.26, high: 74.01, low: 71.88, close: 73.62 },
    ]);
    expect((await run([file])).out.at(-1)).toBe('Imported 1 file(s): 1 candles, 0 new or changed.');
  });

  it('a bad file exits 1 naming its line, and says nothing was imported', async () => {
    const file = writeKlineFile(klineDir(), 'LTCUSDT-1m-2024-01.csv', ['1704067200000,73.26']);
    expect(await run([file])).toEqual({
      code: 1,
      out: [],
      err: [
        `${file} line 1: expected 12 comma-separated columns, found 2`,
        'Nothing was imported.',
      ],
    });
  });

  it('no file, or an unknown option, exits 2 with the usage', async () => {
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.err[0]).toMatch(/^No file or folder given\.\n\nUsage: npm run import-history/);
    const unknown = await run(['--symbl', 'BTC', 'x.csv']);
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toMatch(/Unknown option '--symbl'/);
  });

  it('a path that does not exist exits 1 naming it', async () => {
    expect(await run(['/nowhere/BTCUSDT-1m-2024-01.csv'])).toEqual({
      code: 1,
      out: [],
      err: ['/nowhere/BTCUSDT-1m-2024-01.csv: no such file or folder'],
    });
  });
});
