import { UpdateWatchlistBody, WatchlistAnswer } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';

export function watchlistRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/update-watchlist',
    {
      preHandler: requireUser,
      schema: {
        description:
          "Replaces the caller's watchlist with these symbols, in this order, duplicates dropped. " +
          '400 UNKNOWN_SYMBOL when one is not a listed asset.',
        body: UpdateWatchlistBody,
        response: { 200: WatchlistAnswer },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const watchlist = [...new Set(request.body.watchlist)];
      if (watchlist.length > 0) {
        const rows = await ctx.db
          .selectFrom('assets')
          .select('symbol')
          .where('symbol', 'in', watchlist)
          .execute();
        const known = new Set(rows.map((r) => r.symbol));
        const unknown = watchlist.find((s) => !known.has(s));
        if (unknown !== undefined) {
          throw badRequest(
            'UNKNOWN_SYMBOL',
            `Unknown symbol: ${unknown} is not a listed asset`,
            'watchlist',
          );
        }
      }
      // The list replaces the stored one whole (docs/api.md, Core calls), written under the user's row lock
      // like every other write of that user.
      await inUserTransaction(ctx.db, user.id, (trx) =>
        trx
          .updateTable('users')
          .set({ watchlist: JSON.stringify(watchlist) })
          .where('id', '=', user.id)
          .execute(),
      );
      ctx.bus.publish({ type: 'user-changed', userId: user.id });
      return { watchlist };
    },
  );
}
