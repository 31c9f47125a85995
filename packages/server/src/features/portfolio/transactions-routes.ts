import {
  NEXT_CURSOR_HEADER,
  Transaction,
  TransactionsAnswer,
  TransactionsQuery,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { toTransaction } from '../../users/row-mappers.ts';
import { requireUser, sessionPortfolio } from '../auth/guard.ts';
import { loadHistoryPage } from './history-page.ts';
import { decodeCursor } from './page-cursor.ts';

export function transactionsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/transactions',
    {
      preHandler: requireUser,
      schema: {
        description:
          "A page of the caller's history, newest first: transactions, and working limit orders (LimitPosition " +
          'entries with limitAsk, shown as WORKING) unless type is PURCHASE or SELL. Pass the X-Next-Cursor ' +
          'header of a page as `cursor` to get the next one; the last page has no such header. ' +
          '`archived=true` gives the history from before the last account reset (entries carry archived: true).',
        querystring: TransactionsQuery,
        response: { 200: TransactionsAnswer },
      },
    },
    async (request, reply) => {
      const { cursor, limit, type, symbol, archived } = request.query;
      const page = await loadHistoryPage(ctx.db, {
        portfolioId: sessionPortfolio(request).id,
        limit,
        type,
        symbol,
        archived: archived === 'true',
        cursor: decodeCursor(cursor),
      });
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.entries;
    },
  );

  app.get(
    '/transactions/:id',
    {
      preHandler: requireUser,
      schema: {
        description:
          "One of the caller's own transactions by id (the /transaction?id= page), archived ones included " +
          '(archived: true); 404 TRANSACTION_NOT_FOUND for any other id.',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: Transaction },
      },
    },
    async (request) => {
      const portfolio = sessionPortfolio(request);
      const [row, owner] = await Promise.all([
        ctx.db
          .selectFrom('transactions')
          .selectAll()
          .where('id', '=', request.params.id)
          .where('portfolio_id', '=', portfolio.id)
          .executeTakeFirst(),
        ctx.db
          .selectFrom('portfolios')
          .select('epoch')
          .where('id', '=', portfolio.id)
          .executeTakeFirstOrThrow(),
      ]);
      if (!row) throw notFound('TRANSACTION_NOT_FOUND', 'No such transaction in your history');
      return toTransaction(row, BigInt(owner.epoch));
    },
  );
}
