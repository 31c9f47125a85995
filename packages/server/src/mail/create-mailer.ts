import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Mail, MailLog, Mailer } from './mailer.ts';
import { outboxDir, writeOutboxMail } from './outbox.ts';

export const MAIL_FROM_NAME = 'PaperTrade';

function fromAddress(config: Config): string {
  let host = 'localhost';
  try {
    host = new URL(config.publicUrl).hostname || host;
  } catch {
    // A malformed PUBLIC_URL only costs a plainer sender address.
  }
  return `"${MAIL_FROM_NAME}" <no-reply@${host}>`;
}

function defaultLog(config: Config): MailLog {
  // Tests run silent; a local user wants to see where the link went.
  return config.logLevel === 'silent' ? () => {} : (message) => console.info(message);
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in `<dataDir>/outbox/`
 * (built by nodemailer, so it is the same message SMTP would carry) and its link is logged.
 */
export function createMailer(config: Config, log: MailLog = defaultLog(config)): Mailer {
  const from = fromAddress(config);
  const message = (mail: Mail) => ({ from, to: mail.to, subject: mail.subject, text: mail.text });

  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
        log(`Mail sent to ${mail.to}: ${mail.subject}`);
      },
    };
  }

  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const { message: raw } = await composer.sendMail(message(mail));
      if (!Buffer.isBuffer(raw)) throw new Error('The mail composer did not buffer the message');
      const file = await writeOutboxMail(config.dataDir, mail, raw);
      log(
        `Mail to ${mail.to} written to ${outboxDir(config.dataDir)}/${file}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`,
      );
    },
  };
}
