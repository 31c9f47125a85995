import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { sendSafely } from '../../mail/send-safely.ts';
import { passwordResetMail } from './auth-mails.ts';
import { takeResetMailSlot } from './request-limits.ts';
import { issueToken } from './verification-tokens.ts';

/** Mails a reset link when the address has an account; does nothing visible otherwise. */
export async function requestPasswordReset(
  ctx: AppContext,
  rawEmail: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return;
  // Silent when exhausted: the answer went out already and must not tell the address exists.
  if (!(await takeResetMailSlot(ctx.db, email)).ok) {
    log.warn('password reset mail skipped: too many for this address');
    return;
  }
  const token = await issueToken(ctx.db, {
    userId: user.id,
    purpose: 'reset-password',
    email: user.email,
  });
  await sendSafely(ctx.mailer, passwordResetMail(ctx.config, user.email, token), log);
}
