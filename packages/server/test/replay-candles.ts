import { PRICE_SCALE, SHARE_SCALE } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

const MINUTE = 60_000;

/**
 * Flat 1-minute candles for a replay to play (docs/decisions/034-replay-contests.md): from `from`,
 * `minutes` of them, each at `priceAt(minute)` USD with `volumeAt(minute)` whole shares traded.
 */
export async function storeFlatCandles(
  db: Kysely<DB>,
  {
    assetId,
    from,
    minutes = 60,
    priceAt,
    volumeAt = () => 1,
  }: {
    assetId: string;
    from: number;
    minutes?: number;
    priceAt: (minute: number) => number;
    volumeAt?: (minute: number) => number;
  },
): Promise<void> {
  const rows = Array.from({ length: minutes }, (_, minute) => {
    const p = BigInt(priceAt(minute)) * PRICE_SCALE;
    return {
      asset_id: assetId,
      interval: '1m',
      start_ts: from + minute * MINUTE,
      open: p,
      high: p,
      low: p,
      close: p,
      volume: BigInt(volumeAt(minute)) * SHARE_SCALE,
    };
  });
  await db.insertInto('candles').values(rows).execute();
}
