import { DeleteUserBody, ResetUserBody, UpdateUserBody, User } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { reauthKey } from '../auth/login-throttle.ts';
import { clearLimit } from '../auth/rate-limit.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { resetAccount } from './reset-account.ts';
import { updateUser } from './update-user.ts';
import { removeUserUploads } from './upload-files.ts';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, bus } = ctx;

  r.put(
    '/update-user',
    { schema: { tags: ['account'], body: UpdateUserBody, response: { 200: User } }, preHandler: requireUser },
    async (request) => {
      const me = sessionUser(request);
      await updateUser(ctx, me.id, request.body.key, request.body.updates);
      bus.publish({ type: 'user-changed', userId: me.id });
      return loadUserRecord(db, me.id);
    },
  );

  r.post(
    '/reset-user',
    { schema: { tags: ['account'], body: ResetUserBody, response: { 200: User } }, preHandler: requireUser },
    async (request) => {
      const me = sessionUser(request);
      await resetAccount(ctx, me.id, request.body);
      bus.publish({ type: 'user-changed', userId: me.id });
      return loadUserRecord(db, me.id);
    },
  );

  r.delete(
    '/delete-user',
    { schema: { tags: ['account'], body: DeleteUserBody }, preHandler: requireUser },
    async (request, reply) => {
      const me = sessionUser(request);
      await reauthenticate(db, reply, me.id, request.body.currentPassword);
      // Foreign keys cascade: sessions, holdings, lots, orders, transactions, notifications,
      // follows, snapshots and tokens go with the row. The row lock comes first, so an order of
      // this user in flight finishes before (and goes with the rest) or finds no user after.
      await inUserTransaction(db, me.id, (trx) => trx.deleteFrom('users').where('id', '=', me.id).execute());
      await clearLimit(db, reauthKey(me.id));
      await removeUserUploads(ctx.config.dataDir, me.id);
      clearSessionCookie(reply, ctx.config);
      bus.publish({ type: 'user-deleted', userId: me.id });
      return reply.status(204).send();
    },
  );

  await avatarRoutes(app, ctx);
}
