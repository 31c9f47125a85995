import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { createMailer } from './create-mailer.ts';
import { outboxDir, readOutbox, waitForMail } from './outbox.ts';

let dataDir: string;
let config: Config;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-mail-'));
  config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('outbox mailer', () => {
  it('an empty or missing outbox reads as no mail', async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
  });

  it('writes an .eml file that reads back with its recipient, subject, text and link', async () => {
    const link = `http://localhost:3000/verify-email?token=${'a1B2_-'.repeat(12)}`;
    const logged: string[] = [];
    const mailer = createMailer(config, (m) => logged.push(m));
    await mailer.send({
      to: 'ann@example.test',
      subject: 'Confirm your e-mail',
      text: `Hello,\n\nOpen ${link}\n`,
      link,
    });
    const mails = await readOutbox(dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'ann@example.test',
      subject: 'Confirm your e-mail',
      link,
    });
    expect(mails[0]?.text).toContain('Hello,\n\nOpen ');
    expect(mails[0]?.file).toMatch(/^\d{13}-ann@example\.test-confirm-your-e-mail\.eml$/);
    expect(logged[0]).toContain(link);
  });

  it('keeps non-ASCII subjects and texts intact', async () => {
    const mailer = createMailer(config, () => {});
    await mailer.send({
      to: 'zoë@example.test',
      subject: 'Grüße – €100 ✓',
      text: 'Ünïcödé '.repeat(30),
    });
    const [mail] = await readOutbox(dataDir);
    expect(mail?.subject).toBe('Grüße – €100 ✓');
    expect(mail?.text.trim()).toBe('Ünïcödé '.repeat(30).trim());
    expect(mail?.link).toBeUndefined();
  });

  it('two mails in the same millisecond both stay, in sending order', async () => {
    const mailer = createMailer(config, () => {});
    await Promise.all(
      [1, 2, 3].map((n) =>
        mailer.send({ to: 'a@example.test', subject: 'Same', text: `mail ${n}` }),
      ),
    );
    const mails = await readOutbox(dataDir);
    expect(mails.map((m) => m.text.trim()).sort()).toEqual(['mail 1', 'mail 2', 'mail 3']);
  });

  it('waitForMail finds a mail written a moment later', async () => {
    const mailer = createMailer(config, () => {});
    setTimeout(() => void mailer.send({ to: 'late@example.test', subject: 'Late', text: 'x' }), 50);
    const mail = await waitForMail(dataDir, (m) => m.to === 'late@example.test', 2000);
    expect(mail.subject).toBe('Late');
    await expect(waitForMail(dataDir, (m) => m.to === 'nobody@example.test', 100)).rejects.toThrow(
      /No matching mail/,
    );
  });

  it('ignores files in the outbox that are not mails', async () => {
    const mailer = createMailer(config, () => {});
    await mailer.send({ to: 'a@example.test', subject: 'One', text: 'x' });
    writeFileSync(path.join(outboxDir(dataDir), 'notes.txt'), 'not a mail');
    expect(await readOutbox(dataDir)).toHaveLength(1);
  });
});
