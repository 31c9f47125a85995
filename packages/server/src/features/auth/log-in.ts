import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { invalidCredentials } from './auth-errors.ts';
import { deviceFromRequest, setDeviceCookie, signDevice } from './device-cookie.ts';
import { loginSucceeded, takeLoginSlot, type LoginAttempt } from './login-throttle.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.ts';
import { assertSlot, sweepLimits } from './rate-limit.ts';
import { invalidTotp, totpRequired, twoFactorEnabled, useSecondFactor } from './second-factor.ts';
import { secretKey } from './secret-key.ts';

/**
 * Checks e-mail and password under the login throttle and answers the user id. The throttle's
 * slot is taken first, so a refused attempt costs one upsert and no scrypt. An account with
 * two-factor on also needs `totp` (a current code or a recovery code).
 */
export async function logIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string; totp?: string | undefined },
): Promise<string> {
  const { db, config } = ctx;
  const email = body.email.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  const key = await secretKey(db, config);
  const device = deviceFromRequest(request, key);
  // A device cookie only counts for the account it was issued to.
  const attempt: LoginAttempt = {
    email,
    ip: request.ip,
    device: user && device?.userId === user.id ? device : null,
  };

  assertSlot(reply, await takeLoginSlot(db, attempt), 'Too many sign-in attempts');
  // An unknown e-mail still costs one scrypt, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(body.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
  await sweepLimits(db);
  if (!user || !ok) throw invalidCredentials();
  // With two-factor on, the right password alone is no success: the slot it took stays a failure
  // until a right code comes, so codes are guessed under the same delays as passwords.
  if (await twoFactorEnabled(db, user.id)) {
    if (!body.totp) throw totpRequired();
    if (!(await useSecondFactor(db, key, user.id, body.totp))) throw invalidTotp();
  }

  await loginSucceeded(db, attempt);
  rememberDevice(reply, ctx, key, user.id, attempt.device?.deviceId);
  return user.id;
}

/** Marks this browser as one that signed in to the account (kept id when it already was). */
export function rememberDevice(
  reply: FastifyReply,
  ctx: AppContext,
  key: Buffer,
  userId: string,
  deviceId?: string,
): void {
  setDeviceCookie(reply, ctx.config, signDevice(key, userId, deviceId));
}
