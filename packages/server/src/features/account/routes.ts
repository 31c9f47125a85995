import { DeleteUserBody, ResetUserBody, UpdateUserBody, User } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inTransaction, lockPortfolios } from '../../db/transaction.ts';
import { forbidden } from '../../http/app-error.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { requireUser, sessionPortfolio, sessionUser } from '../auth/guard.ts';
import { clearLimit, clearSessionCookie, reauthenticate, reauthKey } from '../auth/public.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { resetAccount } from './reset-account.ts';
import { updateUser } from './update-user.ts';
import { removeUserUploads } from './upload-files.ts';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, bus } = ctx;

  r.put(
    '/update-user',
    {
      schema: { tags: ['account'], body: UpdateUserBody, response: { 200: User } },
      preHandler: requireUser,
    },
    async (request) => {
      const me = sessionUser(request);
      const portfolio = sessionPortfolio(request);
      await updateUser(ctx, me.id, request.body.key, request.body.updates);
      bus.publish({ type: 'user-changed', userId: me.id });
      if (portfolio.id !== me.id)
        bus.publish({ type: 'user-changed', userId: me.id, portfolioId: portfolio.id });
      return loadUserRecord(ctx, portfolio.id);
    },
  );

  r.post(
    '/reset-user',
    {
      schema: { tags: ['account'], body: ResetUserBody, response: { 200: User } },
      preHandler: requireUser,
    },
    async (request) => {
      const me = sessionUser(request);
      // A contest's portfolio keeps its standing: only the main one starts over.
      if (sessionPortfolio(request).kind !== 'MAIN') {
        throw forbidden(
          'RESET_NOT_ALLOWED',
          'A contest portfolio cannot be reset: its results stay on the board',
        );
      }
      await resetAccount(ctx, me.id, request.body);
      bus.publish({ type: 'user-changed', userId: me.id });
      return loadUserRecord(ctx, me.id);
    },
  );

  r.delete(
    '/delete-user',
    { schema: { tags: ['account'], body: DeleteUserBody }, preHandler: requireUser },
    async (request, reply) => {
      const me = sessionUser(request);
      await reauthenticate(db, reply, me.id, request.body.currentPassword);
      // Foreign keys cascade: sessions, portfolios (contest ones too) with their lot totals, lots,
      // orders, transactions and snapshots, notifications, follows and tokens go with the row. The
      // portfolios' row locks come first (the lock order), so an order in flight finishes before
      // (and goes with the rest) or finds no portfolio after.
      await inTransaction(db, async (trx) => {
        const owned = await trx
          .selectFrom('portfolios')
          .select('id')
          .where('user_id', '=', me.id)
          .execute();
        await lockPortfolios(
          trx,
          owned.map((p) => p.id),
        );
        await trx.deleteFrom('users').where('id', '=', me.id).execute();
      });
      await clearLimit(db, reauthKey(me.id));
      await removeUserUploads(ctx.config.dataDir, me.id);
      clearSessionCookie(reply, ctx.config);
      bus.publish({ type: 'user-deleted', userId: me.id });
      return reply.status(204).send();
    },
  );

  await avatarRoutes(app, ctx);
}
