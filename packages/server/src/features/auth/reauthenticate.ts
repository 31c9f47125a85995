import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unauthorized } from '../../http/app-error.ts';
import { wrongCurrentPassword } from './auth-errors.ts';
import { ACCOUNT_RULE, reauthKey } from './login-throttle.ts';
import { verifyPassword } from './password.ts';
import { assertSlot, clearLimit, takeBackoffSlot } from './rate-limit.ts';

/**
 * Sensitive changes of a signed-in account ask for the current password again (docs/product.md, Accounts and access), so
 * a stolen session alone cannot take the account over. Guesses are throttled like logins, with
 * the slot taken before the password is hashed, so parallel guesses cannot race past it.
 */
export async function reauthenticate(
  db: Kysely<DB>,
  reply: FastifyReply,
  userId: string,
  password: string,
) {
  const key = reauthKey(userId);
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  assertSlot(reply, await takeBackoffSlot(db, key, ACCOUNT_RULE), 'Too many wrong passwords');
  if (!(await verifyPassword(password, user.password_hash))) throw wrongCurrentPassword();
  await clearLimit(db, key);
  return user;
}
