import { priceToNumber, type Asset, type PriceUnits } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { assetImageUrl } from './asset-catalog.ts';
import { INTERVAL_MS } from './simulator.ts';

const DAY_MS = INTERVAL_MS['1d'];

/**
 * Each asset's price 24 hours before `now`: the close of the 1m candle at or before then,
 * or the open of the oldest candle there is when the history is shorter (a new or long-stopped market).
 */
export async function loadDayReferences(
  db: Kysely<DB>,
  now: number,
): Promise<Map<string, PriceUnits>> {
  const cutoff = BigInt(now - DAY_MS);
  // One query, two index seeks per asset (candles' primary key is asset, interval, start).
  const rows = await db
    .selectFrom('assets')
    .select((eb) => [
      'assets.id',
      eb
        .selectFrom('candles')
        .select('close')
        .whereRef('candles.asset_id', '=', 'assets.id')
        .where('interval', '=', '1m')
        .where('start_ts', '<=', cutoff)
        .orderBy('start_ts', 'desc')
        .limit(1)
        .as('before'),
      // The first candle's open is the first price there is (its close still moves).
      eb
        .selectFrom('candles')
        .select('open')
        .whereRef('candles.asset_id', '=', 'assets.id')
        .where('interval', '=', '1m')
        .orderBy('start_ts', 'asc')
        .limit(1)
        .as('first'),
    ])
    .execute();
  const map = new Map<string, PriceUnits>();
  for (const row of rows) {
    const reference = row.before ?? row.first;
    if (reference !== null) map.set(row.id, BigInt(reference));
  }
  return map;
}

/** Percent change from the reference, to two decimals (what screens show). */
export function dayChangePercentage(price: PriceUnits, reference: PriceUnits | undefined): number {
  if (!reference || reference <= 0n) return 0;
  const percent = (Number(price - reference) * 100) / Number(reference);
  return Math.round(percent * 100) / 100 || 0;
}

export interface AssetRow {
  id: string;
  symbol: string;
  name: string;
  price: bigint;
  /** When the price was set (ms). */
  updatedAt: number;
}

export async function loadAssetRows(db: Kysely<DB>): Promise<AssetRow[]> {
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'symbol', 'name', 'price', 'updated_at'])
    .orderBy('position')
    .execute();
  return rows.map(({ updated_at, ...row }) => ({
    ...row,
    price: BigInt(row.price),
    updatedAt: Number(updated_at),
  }));
}

/** Where an asset's price comes from and whether it can be traded now (docs/market-data.md). */
export interface PriceStatus {
  source: Asset['source'];
  stale: boolean;
  tradable: boolean;
}

const SIMULATED: PriceStatus = { source: 'simulator', stale: false, tradable: true };

export function toAsset(
  row: AssetRow,
  reference: PriceUnits | undefined,
  status: PriceStatus = SIMULATED,
): Asset {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    image: assetImageUrl(row.symbol),
    currentPrice: priceToNumber(row.price),
    dayChangePercentage: dayChangePercentage(row.price, reference),
    source: status.source,
    priceAt: row.updatedAt,
    stale: status.stale,
    tradable: status.tradable,
  };
}
