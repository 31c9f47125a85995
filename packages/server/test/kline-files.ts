import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** Binance's header row, as its newer files carry it (older ones start with the first candle). */
export const KLINE_HEADER =
  'open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore';

export interface KlineFields {
  /** Open time in milliseconds. */
  openMs: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume?: string;
  /** Write times in microseconds, as Binance's spot files do from 2025 on. */
  micro?: boolean;
  intervalMs?: number;
}

/** One line of a kline file, its unstored columns filled with plausible values. */
export function klineLine(fields: KlineFields): string {
  const intervalMs = fields.intervalMs ?? 60_000;
  const scale = fields.micro ? 1000n : 1n;
  const open = BigInt(fields.openMs) * scale;
  const closeTime = open + BigInt(intervalMs) * scale - 1n;
  return [
    open,
    fields.open,
    fields.high,
    fields.low,
    fields.close,
    fields.volume ?? '12.34500000',
    closeTime,
    '521234.56789012',
    '1234',
    '6.10000000',
    '257000.12345678',
    '0',
  ].join(',');
}

/** A fresh temporary folder for a test's files (the OS cleans its temp folder). */
export function klineDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'papertrade-klines-'));
}

export function writeKlineFile(dir: string, name: string, lines: readonly string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  return file;
}

/**
 * A zip of one deflated file, laid out as Binance's are (local header, data, central directory),
 * written by hand so the tests need no zip writer: what is read back is yauzl's business.
 */
export function writeZip(file: string, entryName: string, content: string): string {
  const data = Buffer.from(content);
  const packed = deflateRawSync(data);
  const name = Buffer.from(entryName);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // local header offset
  const centralOffset = local.length + name.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  writeFileSync(file, Buffer.concat([local, name, packed, central, name, end]));
  return file;
}
