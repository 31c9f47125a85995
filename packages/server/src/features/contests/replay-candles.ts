import { priceToNumber, type Candle, type CandleInterval } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { parseList, type ContestRow } from './contest-record.ts';
import { MINUTE_MS, replayedAt, scheduleOf, walkCandle } from './replay-price.ts';

/** As many as GET /assets/:id/candles answers: a day of 1m candles, a month of 1h ones. */
export const REPLAY_CANDLES_MAX = 1000;

const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': MINUTE_MS,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/**
 * GET /contests/:id/candles: what a member of a replay contest would have seen on the chart at
 * the replayed moment (docs/decisions/034-replay-contests.md): the stored candles of the interval
 * that closed before it, and the one in progress built from its 1-minute candles up to that
 * moment, the current minute walked as orders walk it (replay-price.ts), so its close is the
 * price an order placed now trades at. Nothing after the replayed moment leaks out. Before the
 * start the clock stands at `from`, after the end at the last moment of the period.
 */
export async function replayCandles(
  db: Kysely<DB>,
  row: ContestRow,
  query: { symbol: string; interval: CandleInterval },
  now: number,
): Promise<Candle[]> {
  const schedule = scheduleOf(row);
  if (!schedule) throw conflict('NOT_A_REPLAY', `"${row.name}" trades on the live market`);
  const { symbol, interval } = query;
  const symbols = parseList(row.allowed_symbols);
  if (symbols.length && !symbols.includes(symbol))
    throw badRequest(
      'SYMBOL_NOT_ALLOWED',
      `${symbol} is not traded in "${row.name}": it allows ${symbols.join(', ')}`,
      'symbol',
    );
  const asset = await db
    .selectFrom('assets')
    .select('id')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (!asset) throw notFound('ASSET_NOT_FOUND', `No asset "${symbol}"`);
  const t = replayedAt(schedule, Math.min(now, Number(row.closed_at ?? row.ends_at)));
  const length = INTERVAL_MS[interval];
  const current = t - (t % length);
  const columns = ['start_ts', 'open', 'high', 'low', 'close'] as const;
  const closed = await db
    .selectFrom('candles')
    .select(columns)
    .where('asset_id', '=', asset.id)
    .where('interval', '=', interval)
    .where('start_ts', '<', BigInt(current))
    .orderBy('start_ts', 'desc')
    .limit(REPLAY_CANDLES_MAX - 1)
    .execute();
  const minutes = await db
    .selectFrom('candles')
    .select(columns)
    .where('asset_id', '=', asset.id)
    .where('interval', '=', '1m')
    .where('start_ts', '>=', BigInt(current))
    .where('start_ts', '<=', BigInt(t))
    .orderBy('start_ts', 'asc')
    .execute();
  const candles: Candle[] = closed.reverse().map((c) => ({
    time: Number(c.start_ts),
    open: priceToNumber(BigInt(c.open)),
    high: priceToNumber(BigInt(c.high)),
    low: priceToNumber(BigInt(c.low)),
    close: priceToNumber(BigInt(c.close)),
  }));
  const first = minutes[0];
  if (!first) return candles;
  let high = BigInt(first.open);
  let low = high;
  let close = high;
  for (const minute of minutes) {
    const walked = walkCandle(minute, t - Number(minute.start_ts));
    if (walked.high > high) high = walked.high;
    if (walked.low < low) low = walked.low;
    close = walked.price;
  }
  candles.push({
    time: current,
    open: priceToNumber(BigInt(first.open)),
    high: priceToNumber(high),
    low: priceToNumber(low),
    close: priceToNumber(close),
  });
  return candles;
}
