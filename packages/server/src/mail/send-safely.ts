import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Sends and logs a failure instead of throwing: a mail server being down must not undo a
 * sign-up or an e-mail change that already committed (the user can ask for the mail again).
 */
export async function sendSafely(
  mailer: Mailer,
  mail: Mail,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (err) {
    log.error({ err, subject: mail.subject }, 'sending a mail failed');
    return false;
  }
}
