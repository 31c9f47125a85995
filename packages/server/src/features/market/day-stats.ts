import { AssetDayStats, centsToNumber, priceToNumber } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/app-error.ts';

const DAY_MS = 86_400_000;

/** Aggregates come back as bigint (SQLite), string (PostgreSQL numeric or int8) or null for no rows. */
const big = (v: string | number | bigint | null | undefined): bigint | null =>
  v === null || v === undefined ? null : BigInt(v);

/**
 * One asset's last 24 hours: the low and high of its 1m candles that overlap them (kept two days,
 * tick-store.ts) and of the price now, and what PaperTrade users traded in it. The market is
 * simulated, so there is no outside volume to show: the volume is our own fills, and says so.
 */
export async function loadDayStats(
  db: Kysely<DB>,
  id: string,
  now = Date.now(),
): Promise<AssetDayStats> {
  const asset = await db
    .selectFrom('assets')
    .select(['id', 'symbol', 'price'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!asset) throw notFound('ASSET_NOT_FOUND', `No asset with id "${id}"`);
  const since = now - DAY_MS;
  const [range, traded] = await Promise.all([
    db
      .selectFrom('candles')
      .select((eb) => [
        eb.fn.min<string | bigint | null>('low').as('low'),
        eb.fn.max<string | bigint | null>('high').as('high'),
      ])
      .where('asset_id', '=', id)
      .where('interval', '=', '1m')
      // A candle that started up to a minute before the window still has ticks inside it.
      .where('start_ts', '>', BigInt(since - 60_000))
      .executeTakeFirst(),
    db
      .selectFrom('transactions')
      .select((eb) => [
        eb.fn.countAll<string | bigint>().as('n'),
        eb.fn.sum<string | bigint | null>('total_cents').as('cents'),
      ])
      .where('symbol', '=', asset.symbol)
      .where('created_at', '>=', BigInt(since))
      .executeTakeFirst(),
  ]);
  const price = BigInt(asset.price);
  const low = big(range?.low);
  const high = big(range?.high);
  return {
    id: asset.id,
    symbol: asset.symbol,
    low: priceToNumber(low !== null && low < price ? low : price),
    high: priceToNumber(high !== null && high > price ? high : price),
    volume: centsToNumber(big(traded?.cents) ?? 0n),
    trades: Number(big(traded?.n) ?? 0n),
  };
}

export function dayStatsRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/assets/:id/day-stats',
    {
      schema: {
        tags: ['market'],
        summary:
          "One asset's last 24 hours: price low and high, and the USD volume and number of PaperTrade fills",
        params: z.object({ id: z.string().max(40) }),
        response: { 200: AssetDayStats },
      },
    },
    (request) => loadDayStats(ctx.db, request.params.id),
  );
}
