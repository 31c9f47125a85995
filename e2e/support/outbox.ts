import {
  readOutbox as readOutboxDir,
  type OutboxMail,
} from '../../packages/server/src/mail/outbox.ts';

export type { OutboxMail };

/**
 * The mails the server under test wrote into `<DATA_DIR>/outbox` (no SMTP_URL in the e2e run),
 * oldest first, each with to, subject, text and its first http link. Parsed by the server's own
 * outbox reader so there is one way to read a mail.
 */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return readOutboxDir(dataDir);
}

/** The newest mail to `to`, once it is there (expect.poll retries until it is). */
export async function latestMailTo(to: string): Promise<OutboxMail | undefined> {
  return (await readOutbox()).filter((mail) => mail.to === to).at(-1);
}
