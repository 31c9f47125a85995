import { AuthAnswer, LoginBody, SessionAnswer, SignUpBody } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { unauthorized } from '../../http/app-error.ts';
import { sendSafely } from '../../mail/send-safely.ts';
import { loadUserRecord } from '../../users/user-record.ts';
import { invalidCredentials } from './auth-errors.ts';
import { credentialRoutes } from './credential-routes.ts';
import { requireUser, sessionUser } from './guard.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.ts';
import { clearLimit, emailKey, ipKey, recordFailure, assertNotLimited } from './rate-limit.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions.ts';
import { signUp } from './sign-up.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  r.post(
    '/auth/sign-up',
    { schema: { tags: ['auth'], body: SignUpBody, response: { 201: AuthAnswer } } },
    async (request, reply) => {
      const { userId, token, mail } = await signUp(ctx, request.body);
      await sendSafely(ctx.mailer, mail, request.log);
      setSessionCookie(reply, config, token);
      return reply.status(201).send({ token, user: await loadUserRecord(db, userId) });
    },
  );

  r.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthAnswer } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const keys = [emailKey(email), ipKey(request.ip)];
      await assertNotLimited(db, reply, keys);

      const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
      // An unknown e-mail still costs one scrypt, so timing does not tell which e-mails exist.
      const ok = await verifyPassword(request.body.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!user || !ok) {
        await recordFailure(db, keys);
        throw invalidCredentials();
      }
      await clearLimit(db, emailKey(email));
      const token = await createSession(db, user.id);
      setSessionCookie(reply, config, token);
      return { token, user: await loadUserRecord(db, user.id) };
    },
  );

  r.post('/auth/logout', { schema: { tags: ['auth'] }, preHandler: requireUser }, async (request, reply) => {
    const me = sessionUser(request);
    await deleteSession(db, me.tokenHash);
    ctx.bus.publish({ type: 'session-ended', userId: me.id, tokenHash: me.tokenHash });
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  r.get('/auth/session', { schema: { tags: ['auth'], response: { 200: SessionAnswer } } }, async (request, reply) => {
    if (!request.user) {
      // A cookie that no longer opens a session (logged out elsewhere, expired) is just noise.
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, config);
      throw unauthorized();
    }
    return { user: await loadUserRecord(db, request.user.id) };
  });

  credentialRoutes(app, ctx);
}
