import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { sendSafely } from '../../mail/send-safely.ts';
import { passwordResetMail } from './auth-mails.ts';
import { recordFailure, retryAfterSeconds, type LimitKey } from './rate-limit.ts';
import { hashToken } from './tokens.ts';
import { issueToken } from './verification-tokens.ts';

/** A few reset mails per address and quarter hour: enough to retry, too few to flood an inbox. */
const MAX_RESET_MAILS = 3;
const resetKey = (email: string): LimitKey => ({ key: `reset-mail:${hashToken(email).slice(0, 40)}`, max: MAX_RESET_MAILS });

/** Mails a reset link when the address has an account; does nothing visible otherwise. */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string, log: FastifyBaseLogger): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const key = resetKey(email);
  if ((await retryAfterSeconds(ctx.db, [key])) > 0) {
    log.warn('password reset mail skipped: too many for this address');
    return;
  }
  await recordFailure(ctx.db, [key]);
  const token = await issueToken(ctx.db, { userId: user.id, purpose: 'reset-password', email: user.email });
  await sendSafely(ctx.mailer, passwordResetMail(ctx.config, user.email, token), log);
}
