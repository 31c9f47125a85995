import { centsToNumber, MostTradedAnswer, MostTradedQuery } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Explore: what the platform trades most (public, aggregated; no user is identifiable). */
export function exploreRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/explore/most-traded',
    {
      schema: {
        description:
          'The 10 symbols with the most transactions over the last `days` days (default 7), with their USD ' +
          'volume; most transactions first, ties by volume then symbol.',
        querystring: MostTradedQuery,
        response: { 200: MostTradedAnswer },
      },
    },
    async (request) => {
      const since = BigInt(Date.now() - request.query.days * DAY_MS);
      const rows = await ctx.db
        .selectFrom('transactions')
        .select((eb) => [
          'symbol',
          eb.fn.countAll().as('count'),
          eb.fn.sum<string | number | bigint>('total_cents').as('volume'),
        ])
        .where('created_at', '>=', since)
        .groupBy('symbol')
        .orderBy('count', 'desc')
        .orderBy('volume', 'desc')
        .orderBy('symbol', 'asc')
        .limit(10)
        .execute();
      // Integer aggregates come back as bigint (SQLite) or string (PostgreSQL numeric).
      return rows.map((row) => ({
        symbol: row.symbol,
        count: Number(row.count),
        volume: centsToNumber(BigInt(String(row.volume ?? 0))),
      }));
    },
  );
}
