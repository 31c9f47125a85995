import type { Config } from '../../config.ts';
import type { Mail } from '../../mail/mailer.ts';

export function verificationMail(config: Config, to: string, token: string): Mail {
  const link = `${config.publicUrl}/verify-email?token=${token}`;
  return {
    to,
    subject: 'Confirm your e-mail address',
    link,
    text:
      `Please confirm that ${to} is your e-mail address by opening this link:\n\n${link}\n\n` +
      'The link works once and for 24 hours. If you did not sign up, you can ignore this mail.\n',
  };
}

export function passwordResetMail(config: Config, to: string, token: string): Mail {
  const link = `${config.publicUrl}/reset-password?token=${token}`;
  return {
    to,
    subject: 'Reset your password',
    link,
    text:
      `Somebody asked to reset the password of the account for ${to}. To choose a new password, open:\n\n` +
      `${link}\n\nThe link works once and for 1 hour. If it was not you, ignore this mail: ` +
      'your password stays as it is.\n',
  };
}
