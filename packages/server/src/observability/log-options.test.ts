import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { logOptions, redactUrl } from './log-options.ts';

describe('redactUrl', () => {
  it.each([
    ['/live?token=abc123secret', '/live?token=[REDACTED]'],
    ['/reset-password?token=xyz&next=%2Fhome', '/reset-password?token=[REDACTED]&next=%2Fhome'],
    ['/verify-email?code=123456', '/verify-email?code=[REDACTED]'],
    ['/x?a=1&Password=hunter2&b', '/x?a=1&Password=[REDACTED]&b'],
    ['/x?to%6Ben=abc', '/x?to%6Ben=[REDACTED]'],
    ['/assets/btcusd/candles?interval=1h', '/assets/btcusd/candles?interval=1h'],
    ['/health', '/health'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the app log', () => {
  it('holds no token, password, cookie or authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-log-'));
    const database = openDatabase({ dataDir });
    const config = {
      ...loadConfig({}),
      dataDir,
      marketTickMs: 0,
      marketHistoryDays: 0,
      webDist: path.join(dataDir, 'none'),
    };
    const { app } = await buildApp({ config, database, logger: { ...logOptions('info'), stream } });
    try {
      await app.inject({ method: 'GET', url: '/live?token=abc123secret' });
      await app.inject({ method: 'GET', url: '/reset-password?token=xyz' });
      await app.inject({ method: 'GET', url: '/verify-email?token=verif-42&code=code-77' });
      await app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { authorization: 'Bearer bearer-secret-1', cookie: 'session=cookie-secret-2' },
        payload: { email: 'ann@example.test', password: 'password-secret-3' },
      });
      // Someone logging headers by hand is caught by `redact`.
      app.log.info(
        { headers: { authorization: 'Bearer bearer-secret-4', cookie: 'c=cookie-secret-5' } },
        'by hand',
      );
      app.log.info({ user: { password: 'password-secret-6' } }, 'by hand');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/live?token=[REDACTED]"');
    expect(log).toContain('"url":"/reset-password?token=[REDACTED]"');
    for (const secret of [
      'abc123secret',
      'xyz',
      'verif-42',
      'code-77',
      'bearer-secret',
      'cookie-secret',
      'password-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
