import type { ReplaySource } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Trx } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { MINUTE_MS } from './replay-price.ts';

/** A replay plays at most a year: counting its candles stays one short index range per asset. */
export const REPLAY_PERIOD_MAX_MS = 366 * 24 * 60 * MINUTE_MS;

const minuteText = (ms: number) =>
  new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * A replay's period must be wholly covered by imported 1-minute candles of every asset its
 * contest trades (all assets when it allows every one): a gap would leave members without a
 * price mid-contest. A 400 on `priceSource` names each asset short of candles and how many it
 * has, so the host knows what to import (docs/market-data.md, Importing history).
 */
export async function checkReplayCoverage(
  db: Kysely<DB> | Trx,
  symbols: readonly string[],
  replay: Pick<ReplaySource, 'from' | 'to'>,
): Promise<void> {
  if (replay.to - replay.from > REPLAY_PERIOD_MAX_MS)
    throw badRequest('VALIDATION_ERROR', 'A replay can cover at most 366 days', 'priceSource');
  const first = Math.floor(replay.from / MINUTE_MS) * MINUTE_MS;
  const needed = Math.ceil((replay.to - first) / MINUTE_MS);
  let query = db
    .selectFrom('assets')
    .leftJoin('candles', (join) =>
      join
        .onRef('candles.asset_id', '=', 'assets.id')
        .on('candles.interval', '=', '1m')
        .on('candles.start_ts', '>=', BigInt(first))
        .on('candles.start_ts', '<', BigInt(replay.to)),
    )
    .select(['assets.symbol', sql<number | bigint>`COUNT(candles.start_ts)`.as('candles')])
    .groupBy('assets.symbol')
    .orderBy('assets.symbol');
  if (symbols.length) query = query.where('assets.symbol', 'in', [...symbols]);
  const rows = await query.execute();
  const short = rows.filter((r) => Number(r.candles) < needed);
  if (!short.length) return;
  const period = `${minuteText(first)} to ${minuteText(replay.to)}`;
  const list = short
    .slice(0, 10)
    .map((r) => `${r.symbol} (${Number(r.candles)} of ${needed})`)
    .join(', ');
  const more = short.length > 10 ? ` and ${short.length - 10} more` : '';
  throw badRequest(
    'REPLAY_NOT_COVERED',
    `The replay needs every 1-minute candle from ${period}; missing for ${list}${more}: import them (npm run import-history) or allow only assets that have them`,
    'priceSource',
  );
}
