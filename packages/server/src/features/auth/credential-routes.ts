import {
  ChangeEmailBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  OkAnswer,
  ResetPasswordBody,
  SessionAnswer,
  User,
  VerifyEmailBody,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/app-error.ts';
import { sendSafely } from '../../mail/send-safely.ts';
import { notify } from '../../users/notify.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { verificationMail } from './auth-mails.ts';
import { emailTaken, invalidToken } from './auth-errors.ts';
import { requestPasswordReset } from './forgot-password.ts';
import { requireUser, sessionUser } from './guard.ts';
import { hashPassword } from './password.ts';
import { clearAccountThrottle } from './login-throttle.ts';
import { assertSlot } from './rate-limit.ts';
import { takeForgotPasswordSlot, takeVerifyMailSlot } from './request-limits.ts';
import { reauthenticate } from './reauthenticate.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { deleteOtherSessions } from './sessions.ts';
import { uniqueViolation } from './unique-violation.ts';
import { consumeToken, issueToken } from './verification-tokens.ts';
import { inTransaction, inUserTransaction } from '../../db/transaction.ts';

export const ChangeEmailAnswer = OkAnswer.extend({ user: User });

/** The mailed-link flows and the signed-in credential changes of docs/api.md "Auth". */
export function credentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, bus } = ctx;

  r.post(
    '/auth/verify-email',
    { schema: { tags: ['auth'], body: VerifyEmailBody, response: { 200: SessionAnswer } } },
    async (request) => {
      const userId = await inTransaction(db, async (trx) => {
        const used = await consumeToken(trx, request.body.token, 'verify-email');
        if (!used) throw invalidToken();
        await trx
          .updateTable('users')
          .set({ email_verified: 1 })
          .where('id', '=', used.userId)
          .execute();
        return used.userId;
      });
      bus.publish({ type: 'user-changed', userId });
      return { user: await loadUserRecord(ctx, userId) };
    },
  );

  r.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: ForgotPasswordBody, response: { 202: OkAnswer } } },
    async (request, reply) => {
      // Per IP only, so the 429 says nothing about the address; per address it is silent (forgot-password.ts).
      assertSlot(
        reply,
        await takeForgotPasswordSlot(db, request.ip),
        'Too many password reset requests from this network',
      );
      // Everything happens after the answer, so neither its content nor its timing tells
      // whether the address has an account.
      void requestPasswordReset(ctx, request.body.email, request.log).catch((err: unknown) =>
        request.log.error({ err }, 'password reset request failed'),
      );
      return reply.status(202).send({ ok: true as const });
    },
  );

  r.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: OkAnswer } } },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const used = await inTransaction(db, async (trx) => {
        const found = await consumeToken(trx, request.body.token, 'reset-password');
        if (!found) throw invalidToken();
        // Following the mailed link also proves the address belongs to this person.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, email_verified: 1 })
          .where('id', '=', found.userId)
          .execute();
        await deleteOtherSessions(trx, found.userId);
        await trx
          .deleteFrom('verification_tokens')
          .where('user_id', '=', found.userId)
          .where('purpose', '=', 'reset-password')
          .execute();
        await notify(trx, {
          userId: found.userId,
          type: 'INFORMATIVE',
          text: 'Your password was reset',
          url: '/account',
        });
        return found;
      });
      await clearAccountThrottle(db, used.email);
      clearSessionCookie(reply, config);
      bus.publish({ type: 'sessions-ended', userId: used.userId });
      bus.publish({ type: 'user-changed', userId: used.userId });
      return { ok: true as const };
    },
  );

  r.post(
    '/auth/change-password',
    {
      schema: { tags: ['auth'], body: ChangePasswordBody, response: { 200: OkAnswer } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const me = sessionUser(request);
      await reauthenticate(db, reply, me.id, request.body.currentPassword);
      const passwordHash = await hashPassword(request.body.newPassword);
      await inUserTransaction(db, me.id, async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', me.id)
          .execute();
        await deleteOtherSessions(trx, me.id, me.tokenHash);
      });
      bus.publish({ type: 'sessions-ended', userId: me.id, keepTokenHash: me.tokenHash });
      return { ok: true as const };
    },
  );

  r.post(
    '/auth/change-email',
    {
      schema: { tags: ['auth'], body: ChangeEmailBody, response: { 200: ChangeEmailAnswer } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const current = await reauthenticate(db, reply, me.id, request.body.currentPassword);
      const email = request.body.newEmail.trim().toLowerCase();
      if (email === current.email)
        throw badRequest('SAME_EMAIL', 'That is already your e-mail address', 'newEmail');
      // Changing back and forth would otherwise mail any address without end.
      assertSlot(
        reply,
        await takeVerifyMailSlot(db, email),
        'Too many verification mails to this address',
      );
      let token: string;
      try {
        token = await inUserTransaction(db, me.id, async (trx) => {
          const taken = await trx
            .selectFrom('users')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirst();
          if (taken) throw emailTaken();
          await trx
            .updateTable('users')
            .set({ email, email_verified: 0 })
            .where('id', '=', me.id)
            .execute();
          await trx.deleteFrom('verification_tokens').where('user_id', '=', me.id).execute();
          // The login name and reset address moved: like a password change, other sessions end (docs/api.md).
          await deleteOtherSessions(trx, me.id, me.tokenHash);
          return issueToken(trx, { userId: me.id, purpose: 'verify-email', email });
        });
      } catch (error) {
        if (uniqueViolation(error) === 'email') throw emailTaken();
        throw error;
      }
      bus.publish({ type: 'sessions-ended', userId: me.id, keepTokenHash: me.tokenHash });
      await sendSafely(ctx.mailer, verificationMail(config, email, token), request.log);
      bus.publish({ type: 'user-changed', userId: me.id });
      return { ok: true as const, user: await loadUserRecord(ctx, me.id) };
    },
  );
}
