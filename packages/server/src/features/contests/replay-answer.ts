import { priceToNumber, type ReplayAnswer } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/app-error.ts';
import { parseList, type ContestRow } from './contest-record.ts';
import { candleAt, replayedAt, replayPriceAt, scheduleOf } from './replay-price.ts';

/**
 * GET /contests/:id/replay: the replay's clock and the replayed price of each asset the contest
 * trades, the same function of time and candles the orders use (replay-price.ts), so what the
 * page shows is what an order placed at that moment trades at. Before the start the clock stands
 * at `from`, after the end at the last moment of the period.
 */
export async function replayAnswer(
  db: Kysely<DB>,
  row: ContestRow,
  now: number,
): Promise<ReplayAnswer> {
  const schedule = scheduleOf(row);
  if (!schedule) throw conflict('NOT_A_REPLAY', `"${row.name}" trades on the live market`);
  const t = replayedAt(schedule, Math.min(now, Number(row.closed_at ?? row.ends_at)));
  let symbols = parseList(row.allowed_symbols);
  if (!symbols.length)
    symbols = (await db.selectFrom('assets').select('symbol').orderBy('symbol').execute()).map(
      (a) => a.symbol,
    );
  const prices: ReplayAnswer['prices'] = [];
  for (const symbol of symbols) {
    const candle = await candleAt(db, symbol, t);
    if (candle) prices.push({ symbol, price: priceToNumber(replayPriceAt(candle, t)) });
  }
  return { from: schedule.from, to: schedule.to, speed: schedule.speed, replayedAt: t, prices };
}
