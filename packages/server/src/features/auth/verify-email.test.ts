import type { User } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox, waitForMail } from '../../mail/outbox.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { login, sessionOf, signUpViaApi, tokenOf } from '../../../test/auth-test-helpers.ts';
import { VERIFY_MAIL_RULE } from './request-limits.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } });
const lastMailTo = async (to: string) =>
  (await readOutbox(t.dataDir)).filter((m) => m.to === to).at(-1);
const changeEmail = (headers: Record<string, string>, currentPassword: string, newEmail: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/change-email',
    headers,
    payload: { currentPassword, newEmail },
  });

describe('POST /auth/verify-email', () => {
  it('the token from the sign-up mail verifies the e-mail, once', async () => {
    const me = await signUpViaApi(t.app);
    const token = tokenOf((await lastMailTo(me.email))?.link);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ email: me.email, emailVerified: true });
    expect((await sessionOf(t.app, me.token)).json<{ user: User }>().user.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN', field: 'token' });
  });

  it('an unknown token answers 400 INVALID_TOKEN', async () => {
    const res = await verify('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('a token older than 24 hours answers 400 and verifies nothing', async () => {
    const me = await signUpViaApi(t.app);
    const token = tokenOf((await lastMailTo(me.email))?.link);
    await t.ctx.db
      .updateTable('verification_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await verify(token)).statusCode).toBe(400);
    expect((await sessionOf(t.app, me.token)).json<{ user: User }>().user.emailVerified).toBe(
      false,
    );
  });

  it('a reset-password token does not verify an e-mail', async () => {
    const me = await signUpViaApi(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: me.email },
    });
    const reset = await waitForMail(t.dataDir, (m) => m.subject === 'Reset your password');
    expect((await verify(tokenOf(reset.link))).statusCode).toBe(400);
  });
});

describe('POST /auth/change-email', () => {
  it('changes the e-mail, marks it unverified and mails a link to the new address', async () => {
    const me = await signUpViaApi(t.app);
    await verify(tokenOf((await lastMailTo(me.email))?.link));
    const res = await changeEmail(me.headers, me.password, ' New.Address@Example.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ ok: boolean; user: User }>()).toMatchObject({
      ok: true,
      user: { email: 'new.address@example.test', emailVerified: false },
    });
    const mail = await lastMailTo('new.address@example.test');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect((await verify(tokenOf(mail?.link))).json<{ user: User }>().user.emailVerified).toBe(
      true,
    );
    expect((await login(t.app, 'new.address@example.test', me.password)).statusCode).toBe(200);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(401);
  });

  it('a verification link sent to the old address stops working', async () => {
    const me = await signUpViaApi(t.app);
    const oldToken = tokenOf((await lastMailTo(me.email))?.link);
    await changeEmail(me.headers, me.password, 'moved@example.test');
    expect((await verify(oldToken)).statusCode).toBe(400);
  });

  it('a wrong current password answers 401 and changes nothing', async () => {
    const me = await signUpViaApi(t.app);
    const res = await changeEmail(me.headers, 'wrong password', 'moved@example.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await sessionOf(t.app, me.token)).json<{ user: User }>().user.email).toBe(me.email);
    expect(await lastMailTo('moved@example.test')).toBeUndefined();
  });

  it("another account's e-mail answers 409 EMAIL_TAKEN", async () => {
    const me = await signUpViaApi(t.app);
    const other = await signUpViaApi(t.app);
    const res = await changeEmail(me.headers, me.password, other.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await sessionOf(t.app, me.token)).json<{ user: User }>().user.email).toBe(me.email);
  });

  it('the same address answers 400 and a malformed one 400 with the field', async () => {
    const me = await signUpViaApi(t.app);
    expect((await changeEmail(me.headers, me.password, me.email)).json()).toMatchObject({
      code: 'SAME_EMAIL',
      field: 'newEmail',
    });
    const bad = await changeEmail(me.headers, me.password, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'newEmail' });
  });

  it('without a session answers 401; with another wallet 403', async () => {
    const me = await signUpViaApi(t.app);
    const other = await signUpViaApi(t.app);
    expect((await changeEmail({}, me.password, 'x@example.test')).statusCode).toBe(401);
    const res = await changeEmail(
      { ...me.headers, wallet: other.user.walletAddress },
      me.password,
      'x@example.test',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
  });
});

describe('verification mail limit', () => {
  it('at most 5 verification mails to one address an hour: the 6th e-mail change to it answers 429', async () => {
    const me = await signUpViaApi(t.app);
    const target = 'often.changed@example.test';
    for (let i = 0; i < VERIFY_MAIL_RULE.max; i += 1) {
      expect((await changeEmail(me.headers, me.password, target)).statusCode).toBe(200);
      expect((await changeEmail(me.headers, me.password, me.email)).statusCode).toBe(200);
    }
    const limited = await changeEmail(me.headers, me.password, target);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await readOutbox(t.dataDir)).filter((m) => m.to === target)).toHaveLength(
      VERIFY_MAIL_RULE.max,
    );
  });
});
