import type { User } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOutbox, waitForMail } from '../../mail/outbox.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { login, sessionOf, signUpViaApi, tokenOf } from '../../../test/auth-test-helpers.ts';
import { ACCOUNT_RULE } from './login-throttle.ts';
import { FORGOT_PASSWORD_IP_RULE } from './request-limits.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { token, password } });
const changePassword = (
  headers: Record<string, string>,
  currentPassword: string,
  newPassword: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/change-password',
    headers,
    payload: { currentPassword, newPassword },
  });
const resetMailTo = (to: string) =>
  waitForMail(t.dataDir, (m) => m.to === to && m.subject === 'Reset your password');

describe('POST /auth/forgot-password', () => {
  it('answers 429 with Retry-After after 30 requests from one IP in an hour, for any address', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email },
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < FORGOT_PASSWORD_IP_RULE.max; i += 1)
      expect((await ask(`who${i}@example.test`)).statusCode).toBe(202);
    const limited = await ask('another@example.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await forgot('another@example.test')).statusCode).toBe(202);
  });

  it('answers 202 for an unknown e-mail and writes no mail', async () => {
    const me = await signUpViaApi(t.app);
    const unknown = await forgot('nobody@example.test');
    const known = await forgot(me.email);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ ok: true });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    await resetMailTo(me.email);
    expect((await readOutbox(t.dataDir)).filter((m) => m.to === 'nobody@example.test')).toEqual([]);
  });

  it('mails a reset link to the account address', async () => {
    const me = await signUpViaApi(t.app);
    await forgot(` ${me.email.toUpperCase()} `);
    const mail = await resetMailTo(me.email);
    expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, ends every session and leaves a notification', async () => {
    const me = await signUpViaApi(t.app);
    const other = (await login(t.app, me.email, me.password)).json<{ token: string }>().token;
    await forgot(me.email);
    const token = tokenOf((await resetMailTo(me.email)).link);
    const res = await reset(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await sessionOf(t.app, me.token)).statusCode).toBe(401);
    expect((await sessionOf(t.app, other)).statusCode).toBe(401);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(401);
    const fresh = await login(t.app, me.email, 'a brand new password');
    expect(fresh.statusCode).toBe(200);
    const user = fresh.json<{ user: User }>().user;
    expect(user.notifications[0]).toMatchObject({
      type: 'INFORMATIVE',
      text: 'Your password was reset',
    });
    expect(user.emailVerified).toBe(true);
  });

  it('a reset link works once', async () => {
    const me = await signUpViaApi(t.app);
    await forgot(me.email);
    const token = tokenOf((await resetMailTo(me.email)).link);
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
    const again = await reset(token, 'another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('a reset link older than an hour answers 400 and keeps the old password', async () => {
    const me = await signUpViaApi(t.app);
    await forgot(me.email);
    const token = tokenOf((await resetMailTo(me.email)).link);
    await t.ctx.db
      .updateTable('verification_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('purpose', '=', 'reset-password')
      .execute();
    expect((await reset(token, 'a brand new password')).statusCode).toBe(400);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it('an unknown token answers 400; a short password 400 VALIDATION_ERROR', async () => {
    expect((await reset('y'.repeat(43), 'a brand new password')).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    const short = await reset('y'.repeat(43), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'password' });
  });

  it('a verify-email token cannot reset a password', async () => {
    const me = await signUpViaApi(t.app);
    const verifyLink = (await readOutbox(t.dataDir)).find((m) => m.to === me.email)?.link;
    expect((await reset(tokenOf(verifyLink), 'a brand new password')).statusCode).toBe(400);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });
});

describe('POST /auth/change-password', () => {
  it('a wrong current password answers 401 and keeps the password', async () => {
    const me = await signUpViaApi(t.app);
    const res = await changePassword(me.headers, 'not my password', 'a brand new password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const me = await signUpViaApi(t.app);
    const other = (await login(t.app, me.email, me.password)).json<{ token: string }>().token;
    const res = await changePassword(me.headers, me.password, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await sessionOf(t.app, me.token)).statusCode).toBe(200);
    expect((await sessionOf(t.app, other)).statusCode).toBe(401);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(401);
    expect((await login(t.app, me.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('a too short new password answers 400', async () => {
    const me = await signUpViaApi(t.app);
    const res = await changePassword(me.headers, me.password, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'newPassword' });
  });

  it('guessing the current password is throttled: after 5 wrong ones the next waits, the right one included', async () => {
    const me = await signUpViaApi(t.app);
    // Date frozen: the 1-second wait after the fifth failure must not pass while the test runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < ACCOUNT_RULE.free; i += 1) {
        expect(
          (await changePassword(me.headers, `guess ${i} guess`, 'a brand new password')).statusCode,
        ).toBe(401);
      }
      const res = await changePassword(me.headers, me.password, 'a brand new password');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      vi.setSystemTime(Date.now() + 1000);
      expect(
        (await changePassword(me.headers, me.password, 'a brand new password')).statusCode,
      ).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('200 parallel guesses of the current password get at most 5 checked', async () => {
    const me = await signUpViaApi(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          changePassword(me.headers, `guess ${i} guess`, 'a brand new password'),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_RULE.free);
      expect(codes.filter((c) => c === 429)).toHaveLength(200 - ACCOUNT_RULE.free);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a session answers 401', async () => {
    expect((await changePassword({}, 'whatever1', 'a brand new password')).statusCode).toBe(401);
  });
});
