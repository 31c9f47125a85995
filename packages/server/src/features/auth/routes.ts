import { AuthAnswer, LoginBody, SessionAnswer, SignUpBody } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { unauthorized } from '../../http/app-error.ts';
import { sendSafely } from '../../mail/send-safely.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { credentialRoutes } from './credential-routes.ts';
import { requireUser, sessionUser } from './guard.ts';
import { logIn, rememberDevice } from './log-in.ts';
import { assertSlot } from './rate-limit.ts';
import { takeSignUpSlot } from './request-limits.ts';
import { secretKey } from './secret-key.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions.ts';
import { signUp } from './sign-up.ts';
import { totpRoutes } from './totp-routes.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  r.post(
    '/auth/sign-up',
    { schema: { tags: ['auth'], body: SignUpBody, response: { 201: AuthAnswer } } },
    async (request, reply) => {
      // Counted before the password is hashed, whatever the outcome: a script gains nothing by failing.
      assertSlot(
        reply,
        await takeSignUpSlot(db, request.ip, config.signUpsPerIp),
        'Too many sign-ups from this network',
      );
      const { userId, token, mail } = await signUp(ctx, request.body);
      await sendSafely(ctx.mailer, mail, request.log);
      setSessionCookie(reply, config, token);
      rememberDevice(reply, ctx, await secretKey(db, config), userId);
      return reply.status(201).send({ token, user: await loadUserRecord(ctx, userId) });
    },
  );

  r.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthAnswer } } },
    async (request, reply) => {
      const userId = await logIn(ctx, request, reply, request.body);
      const token = await createSession(db, userId);
      setSessionCookie(reply, config, token);
      return { token, user: await loadUserRecord(ctx, userId) };
    },
  );

  r.post(
    '/auth/logout',
    { schema: { tags: ['auth'] }, preHandler: requireUser },
    async (request, reply) => {
      const me = sessionUser(request);
      await deleteSession(db, me.tokenHash);
      ctx.bus.publish({ type: 'session-ended', userId: me.id, tokenHash: me.tokenHash });
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  r.get(
    '/auth/session',
    { schema: { tags: ['auth'], response: { 200: SessionAnswer } } },
    async (request, reply) => {
      if (!request.user) {
        // A cookie that no longer opens a session (logged out elsewhere, expired) is just noise.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, config);
        throw unauthorized();
      }
      return { user: await loadUserRecord(ctx, request.user.id) };
    },
  );

  credentialRoutes(app, ctx);
  totpRoutes(app, ctx);
}
