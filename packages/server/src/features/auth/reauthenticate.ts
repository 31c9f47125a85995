import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unauthorized } from '../../http/app-error.ts';
import { wrongCurrentPassword } from './auth-errors.ts';
import { verifyPassword } from './password.ts';
import { assertNotLimited, clearLimit, reauthKey, recordFailure } from './rate-limit.ts';

/**
 * Sensitive changes of a signed-in account ask for the current password again (SPEC.md §8), so
 * a stolen session alone cannot take the account over; wrong guesses are limited like logins.
 */
export async function reauthenticate(db: Kysely<DB>, reply: FastifyReply, userId: string, password: string) {
  const key = reauthKey(userId);
  await assertNotLimited(db, reply, [key]);
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  if (!(await verifyPassword(password, user.password_hash))) {
    await recordFailure(db, [key]);
    throw wrongCurrentPassword();
  }
  await clearLimit(db, key);
  return user;
}
