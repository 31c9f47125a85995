import type { User } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { login, sessionOf, signUpViaApi } from '../../../test/auth-test-helpers.ts';
import { ACCOUNT_RULE, IP_FLAG_ACCOUNTS } from './login-throttle.ts';

const FREE = ACCOUNT_RULE.free;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('the right password signs in with a new token, a cookie and the user', async () => {
    const me = await signUpViaApi(t.app);
    const res = await login(t.app, me.email.toUpperCase(), me.password);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json<{ token: string; user: User }>();
    expect(token).not.toBe(me.token);
    expect(user.walletAddress).toBe(me.user.walletAddress);
    expect(res.cookies.find((c) => c.name === 'session')).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect((await sessionOf(t.app, token)).statusCode).toBe(200);
  });

  it('a wrong password and an unknown e-mail get the same 401', async () => {
    const me = await signUpViaApi(t.app);
    const wrong = await login(t.app, me.email, 'not the password');
    const unknown = await login(t.app, 'nobody@example.test', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'Wrong e-mail or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('a missing password answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'a@example.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'password' });
  });
});

describe('login throttling', () => {
  // Date frozen, so that the waits (1 s, 2 s, ...) pass only when a test moves the clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('after 5 failures for one e-mail the next attempt waits 1 s (429 with Retry-After), the right password included', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i < FREE; i += 1)
      expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(401);
    const limited = await login(t.app, me.email, me.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBe('1');
    // Another account from the same address is not affected.
    const other = await signUpViaApi(t.app);
    expect((await login(t.app, other.email, other.password)).statusCode).toBe(200);
  });

  it('each further failure doubles the wait; refused attempts do not lengthen it', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i < FREE; i += 1) await login(t.app, me.email, 'wrong password');
    for (const wait of [1, 2, 4, 8]) {
      expect((await login(t.app, me.email, 'wrong password')).headers['retry-after']).toBe(
        String(wait),
      );
      later(wait * 1000 - 1);
      expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(429);
      later(1);
      expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(401);
    }
    later(16_000);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it('the wait stops growing at 15 minutes', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i < FREE + 12; i += 1) {
      await login(t.app, me.email, 'wrong password');
      later(15 * 60 * 1000);
    }
    later(-1);
    expect((await login(t.app, me.email, me.password)).headers['retry-after']).toBe('1');
    later(1);
    expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(401);
    expect((await login(t.app, me.email, me.password)).headers['retry-after']).toBe(
      String(15 * 60),
    );
  });

  it('unknown e-mails are throttled the same way, so a 429 reveals nothing', async () => {
    for (let i = 0; i < FREE; i += 1) await login(t.app, 'ghost@example.test', 'wrong password');
    expect((await login(t.app, 'ghost@example.test', 'wrong password')).statusCode).toBe(429);
  });

  it('failures are forgotten an hour after the last one', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i < FREE + 3; i += 1) {
      await login(t.app, me.email, 'wrong password');
      later(10_000);
    }
    later(ACCOUNT_RULE.idleMs);
    for (let i = 0; i < FREE - 1; i += 1)
      expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(401);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it('a successful login resets the e-mail counter', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i < FREE - 1; i += 1) await login(t.app, me.email, 'wrong password');
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
    for (let i = 0; i < FREE - 1; i += 1)
      expect((await login(t.app, me.email, 'wrong password')).statusCode).toBe(401);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it('failures for many e-mails from one IP leave other users behind it signing in, at the first try', async () => {
    const me = await signUpViaApi(t.app);
    for (let i = 0; i <= IP_FLAG_ACCOUNTS; i += 1) {
      expect(
        (await login(t.app, `guess${i}@example.test`, 'wrong password', '203.0.113.9')).statusCode,
      ).toBe(401);
    }
    expect((await login(t.app, me.email, me.password, '203.0.113.9')).statusCode).toBe(200);
    // From that IP an account gets one free attempt instead of five: the second waits a second.
    expect(
      (await login(t.app, 'guess0@example.test', 'wrong password', '203.0.113.9')).statusCode,
    ).toBe(429);
    expect(
      (await login(t.app, 'fresh@example.test', 'wrong password', '203.0.113.9')).statusCode,
    ).toBe(401);
    expect(
      (await login(t.app, 'fresh@example.test', 'wrong password', '203.0.113.9')).statusCode,
    ).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /auth/session without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('GET /auth/session with an unknown token answers 401 and clears a stale cookie', async () => {
    expect((await sessionOf(t.app, 'not-a-real-token')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      cookies: { session: 'stale' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('logout ends that token only and clears the cookie', async () => {
    const me = await signUpViaApi(t.app);
    const second = (await login(t.app, me.email, me.password)).json<{ token: string }>().token;
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: me.headers });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await sessionOf(t.app, me.token)).statusCode).toBe(401);
    expect((await sessionOf(t.app, second)).statusCode).toBe(200);
  });

  it('logout without a session answers 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });

  it('a cross-site logout through the cookie is refused', async () => {
    const me = await signUpViaApi(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { session: me.token },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await sessionOf(t.app, me.token)).statusCode).toBe(200);
  });

  it('an expired session is no session', async () => {
    const me = await signUpViaApi(t.app);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await sessionOf(t.app, me.token)).statusCode).toBe(401);
  });
});
