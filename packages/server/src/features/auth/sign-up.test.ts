import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatUsd, STARTING_BALANCE_USD, type User } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../app.ts';
import { readOutbox } from '../../mail/outbox.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { login, sessionOf, signUpViaApi } from '../../../test/auth-test-helpers.ts';
import { SIGN_UPS_PER_IP } from './request-limits.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const signUp = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/auth/sign-up', payload: payload as object });
const userCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /auth/sign-up', () => {
  it('creates the login and a trading account with 100,000 USD and a welcome notification', async () => {
    const res = await signUp({
      email: ' Ann@Example.TEST ',
      password: 'correct horse',
      username: 'Ann_1',
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json<{ token: string; user: User }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      username: 'Ann_1',
      displayName: 'Ann_1',
      email: 'ann@example.test',
      emailVerified: false,
      avatar: null,
      accountType: 'PERSONAL',
      balance: STARTING_BALANCE_USD,
      startingBalance: STARTING_BALANCE_USD,
      assets: {},
      watchlist: [],
      settings: {},
      limitPositions: [],
    });
    expect(user.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(user.notifications).toHaveLength(1);
    expect(user.notifications[0]).toMatchObject({ type: 'INFORMATIVE', read: false });
    expect(user.notifications[0]?.text).toContain(formatUsd(STARTING_BALANCE_USD));
  });

  it('signs the new user in with a token and an httpOnly SameSite=Lax cookie', async () => {
    const res = await signUp({
      email: 'bob@example.test',
      password: 'correct horse',
      username: 'bob',
    });
    const { token } = res.json<{ token: string }>();
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 24 * 3600,
    });
    expect(cookie?.secure).toBeFalsy();
    expect((await sessionOf(t.app, token)).statusCode).toBe(200);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      cookies: { session: token },
    });
    expect(viaCookie.json<{ user: User }>().user.username).toBe('bob');
  });

  it('uses the chosen account type', async () => {
    const { user } = await signUpViaApi(t.app, { accountType: 'STUDENT' });
    expect(user.accountType).toBe('STUDENT');
  });

  it('sends a verification mail with a 24-hour link into the outbox', async () => {
    const { email } = await signUpViaApi(t.app);
    const mails = await readOutbox(t.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Confirm your e-mail address' });
    expect(mails[0]?.link).toMatch(
      /^http:\/\/localhost:\d+\/verify-email\?token=[A-Za-z0-9_-]{43}$/,
    );
  });

  it('a duplicate e-mail answers 409 EMAIL_TAKEN, in any letter case', async () => {
    await signUpViaApi(t.app, { email: 'dup@example.test', username: 'first' });
    const res = await signUp({
      email: 'DUP@example.test',
      password: 'correct horse',
      username: 'second',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'An account with this e-mail already exists',
      code: 'EMAIL_TAKEN',
    });
    expect(await userCount()).toBe(1);
  });

  it('a username taken in another letter case answers 409 USERNAME_TAKEN', async () => {
    await signUpViaApi(t.app, { username: 'Satoshi' });
    const res = await signUp({
      email: 'other@example.test',
      password: 'correct horse',
      username: 'sAtOsHi',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(await userCount()).toBe(1);
  });

  it('two sign-ups racing for one username: one account, one 409', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c'].map((x) =>
        signUp({ email: `${x}@example.test`, password: 'correct horse', username: 'racer' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json<{ code: string }>().code === 'USERNAME_TAKEN'),
    ).toBe(true);
    expect(await userCount()).toBe(1);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a username with spaces', { username: 'two words' }, 'username'],
    ['a 2-character username', { username: 'ab' }, 'username'],
    ['an unknown account type', { accountType: 'ADMIN' }, 'accountType'],
  ])('%s answers 400 with the field and writes nothing', async (_name, change, field) => {
    const res = await signUp({
      email: 'x@example.test',
      password: 'correct horse',
      username: 'valid_name',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(await userCount()).toBe(0);
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });

  it('malformed JSON answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.test", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('a body over the size limit answers 413', async () => {
    const res = await signUp({
      email: 'x@example.test',
      password: 'correct horse',
      username: 'big',
      pad: 'x'.repeat(BODY_LIMIT),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await userCount()).toBe(0);
  });

  it('a failing mail does not undo the sign-up', async () => {
    writeFileSync(path.join(t.dataDir, 'outbox'), 'a file where the outbox folder should be');
    const res = await signUp({
      email: 'nomail@example.test',
      password: 'correct horse',
      username: 'nomail',
    });
    expect(res.statusCode).toBe(201);
    expect(await userCount()).toBe(1);
  });
});

describe('session cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://trade.example.test' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/auth/sign-up',
        payload: { email: 's@example.test', password: 'correct horse', username: 'secure' },
      });
      expect(res.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
      expect((await readOutbox(secure.dataDir))[0]?.link).toMatch(
        /^https:\/\/trade\.example\.test\/verify-email\?token=/,
      );
    } finally {
      await secure.close();
    }
  });
});

describe('sign-up limit per IP', () => {
  const SCHOOL = '198.51.100.30';
  const signUpFrom = (i: number, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/sign-up',
      payload: {
        email: `pupil${i}@example.test`,
        password: 'correct horse battery',
        username: `pupil_${i}`,
      },
      remoteAddress,
    });

  it('a class of 40 signs up and signs in from one address; past 60 an hour the address gets 429', async () => {
    const pupils = Array.from({ length: 40 }, (_, i) => i);
    expect(
      (await Promise.all(pupils.map((i) => signUpFrom(i, SCHOOL)))).map((r) => r.statusCode),
    ).toEqual(Array(40).fill(201));
    const logins = await Promise.all(
      pupils.map((i) => login(t.app, `pupil${i}@example.test`, 'correct horse battery', SCHOOL)),
    );
    expect(logins.map((r) => r.statusCode)).toEqual(Array(40).fill(200));

    const rest = Array.from({ length: SIGN_UPS_PER_IP - 40 }, (_, i) => 40 + i);
    expect(
      (await Promise.all(rest.map((i) => signUpFrom(i, SCHOOL)))).map((r) => r.statusCode),
    ).toEqual(rest.map(() => 201));
    const limited = await signUpFrom(999, SCHOOL);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(await userCount()).toBe(SIGN_UPS_PER_IP);
    // Another address is not affected.
    expect((await signUpFrom(999, '203.0.113.1')).statusCode).toBe(201);
  });

  it('sets a long-lived httpOnly device cookie for the auth routes', async () => {
    const res = await signUpFrom(1, SCHOOL);
    expect(res.cookies.find((c) => c.name === 'device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth',
    });
    expect(res.cookies.find((c) => c.name === 'device')?.maxAge).toBeGreaterThan(365 * 24 * 3600);
  });
});
