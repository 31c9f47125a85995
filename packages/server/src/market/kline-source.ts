import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { CANDLE_INTERVALS, type CandleInterval } from './simulator.ts';

/** A CSV of klines to read: a file, or one CSV inside a zip (as Binance ships them). */
export interface KlineSource {
  /** What errors and the report name: the path, and `!entry` inside a zip. */
  label: string;
  /** The CSV's own file name, which names its pair and interval. */
  name: string;
  open(): Promise<Readable>;
}

/** A file or folder the command was given that holds no kline file it can read. */
export class KlineSourceError extends Error {}

/**
 * The quotes taken as US dollars, most usual first. Stablecoins track the dollar closely, not
 * exactly: docs/market-data.md says so.
 */
export const DOLLAR_QUOTES = ['USDT', 'USDC', 'FDUSD', 'BUSD', 'TUSD', 'USD'] as const;

/** BTCUSDT-1m-2024-01.csv (a month) or BTCUSDT-1m-2024-01-15.csv (a day), as Binance names them. */
const BINANCE_NAME = /^([A-Z0-9]+)-([0-9]+[a-zA-Z]+)-\d{4}-\d{2}(?:-\d{2})?\.csv$/i;

export interface KlineName {
  pair: string;
  interval: string;
}

export function parseKlineName(name: string): KlineName | null {
  const match = BINANCE_NAME.exec(path.basename(name));
  if (!match) return null;
  return { pair: match[1]!.toUpperCase(), interval: match[2]! };
}

/** BTCUSDT -> BTC when BTC is one of `symbols`; null for another quote or an asset we do not list. */
export function assetOfPair(pair: string, symbols: ReadonlySet<string>): string | null {
  for (const quote of DOLLAR_QUOTES) {
    if (!pair.endsWith(quote)) continue;
    const base = pair.slice(0, -quote.length);
    if (symbols.has(base)) return base;
  }
  return null;
}

export function isCandleInterval(value: string): value is CandleInterval {
  return (CANDLE_INTERVALS as readonly string[]).includes(value);
}

async function zipSources(zipPath: string): Promise<KlineSource[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new KlineSourceError(`${zipPath}: not a readable zip file (${(error as Error).message})`);
  }
  const names: string[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (!entry.fileName.endsWith('/') && entry.fileName.toLowerCase().endsWith('.csv'))
        names.push(entry.fileName);
    }
  } finally {
    zip.close();
  }
  if (names.length === 0) throw new KlineSourceError(`${zipPath}: the zip holds no .csv file`);
  return names.map((entryName) => ({
    label: `${zipPath}!${entryName}`,
    name: path.basename(entryName),
    open: () => openZipEntry(zipPath, entryName),
  }));
}

/** The entry's inflated bytes as a stream: nothing of the zip is held beyond yauzl's buffers. */
async function openZipEntry(zipPath: string, entryName: string): Promise<Readable> {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName === entryName) return await zip.openReadStreamPromise(entry);
    }
  } finally {
    // The open stream keeps the file open until it ends; this only drops our hold on it.
    zip.close();
  }
  throw new KlineSourceError(`${zipPath}: ${entryName} is gone from the zip`);
}

async function folderFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(csv|zip)$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Every kline CSV that `paths` name: CSV files, zips of them and folders of either (searched
 * through, in name order). A path that does not exist, or a folder without one, is an error.
 */
export async function listKlineSources(paths: readonly string[]): Promise<KlineSource[]> {
  const sources: KlineSource[] = [];
  for (const given of paths) {
    const info = await stat(given).catch(() => null);
    if (!info) throw new KlineSourceError(`${given}: no such file or folder`);
    const files = info.isDirectory() ? await folderFiles(given) : [given];
    if (files.length === 0) throw new KlineSourceError(`${given}: no .csv or .zip file in it`);
    for (const file of files) {
      if (file.toLowerCase().endsWith('.zip')) sources.push(...(await zipSources(file)));
      else
        sources.push({
          label: file,
          name: path.basename(file),
          open: () => Promise.resolve(createReadStream(file)),
        });
    }
  }
  return sources;
}
