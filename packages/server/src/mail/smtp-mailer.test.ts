import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './create-mailer.ts';
import { parseEml } from './parse-eml.ts';

/** The SMTP server is outside the product, so a minimal fake one stands in: it records each DATA. */
function fakeSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go ahead\r\n' : '250 ok\r\n');
      }
    });
  });
  return { server, received };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('SMTP mailer', () => {
  it('with SMTP_URL set, mail goes to the SMTP server instead of the outbox', async () => {
    const { server, received } = fakeSmtpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const port = (server.address() as net.AddressInfo).port;
    const logged: string[] = [];
    const config = {
      ...loadConfig({}),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      publicUrl: 'https://trade.example.test',
    };
    const mailer = createMailer(config, (m) => logged.push(m));
    const link = 'https://trade.example.test/verify-email?token=abc';
    await mailer.send({
      to: 'ann@example.test',
      subject: 'Confirm your e-mail address',
      text: `Open ${link}\n`,
      link,
    });

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toContain('no-reply@trade.example.test');
    expect(received[0]?.to).toEqual(['RCPT TO:<ann@example.test>']);
    expect(parseEml(received[0]?.data ?? '')).toMatchObject({
      to: 'ann@example.test',
      subject: 'Confirm your e-mail address',
      link,
    });
    expect(logged).toEqual(['Mail sent to ann@example.test: Confirm your e-mail address']);
  });

  it('an unreachable SMTP server makes send reject (callers decide whether that matters)', async () => {
    const config = { ...loadConfig({}), smtpUrl: 'smtp://127.0.0.1:1' };
    await expect(
      createMailer(config, () => {}).send({ to: 'a@example.test', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });
});
