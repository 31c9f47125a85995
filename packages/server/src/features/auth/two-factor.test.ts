import type { User } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { login, sessionOf, signUpViaApi, type SignedUp } from '../../../test/auth-test-helpers.ts';
import { ACCOUNT_RULE } from './login-throttle.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  // Date frozen: each test moves the clock between time steps itself.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

const post = (me: SignedUp, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: me.headers, payload });
const loginWith = (email: string, password: string, totp?: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password, totp } });

/** Signs up and turns two-factor on; answers the secret and the recovery codes. */
async function withTwoFactor() {
  const me = await signUpViaApi(t.app);
  const setup = await post(me, '/auth/totp/setup', { currentPassword: me.password });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enable = await post(me, '/auth/totp/enable', { code: totpCode(secret) });
  expect(enable.statusCode).toBe(200);
  const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
  // The enabling code's step is used: the next code comes from the next step.
  later(30_000);
  return { me, secret, recoveryCodes };
}

describe('two-factor setup', () => {
  it('setup needs the password, enable needs a right code, then the user says so and the secret appears nowhere', async () => {
    const me = await signUpViaApi(t.app);
    expect(me.user.twoFactorEnabled).toBe(false);
    expect((await post(me, '/auth/totp/setup', { currentPassword: 'wrong' })).json()).toMatchObject(
      { code: 'INVALID_CREDENTIALS' },
    );
    const { secret } = (await post(me, '/auth/totp/setup', { currentPassword: me.password })).json<{
      secret: string;
    }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Pending only: login still needs just the password.
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
    const wrong = await post(me, '/auth/totp/enable', {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TOTP' });
    const enable = await post(me, '/auth/totp/enable', { code: totpCode(secret) });
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const session = await sessionOf(t.app, me.token);
    expect(session.json<{ user: User }>().user.twoFactorEnabled).toBe(true);
    expect(session.body).not.toContain(secret);
    const stored = await t.ctx.db
      .selectFrom('second_factors')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    // A second setup while enabled is refused.
    expect((await post(me, '/auth/totp/setup', { currentPassword: me.password })).statusCode).toBe(
      409,
    );
  });
});

describe('login with two-factor on', () => {
  it('the right password alone answers TOTP_REQUIRED; with the current code it signs in', async () => {
    const { me, secret } = await withTwoFactor();
    const required = await login(t.app, me.email, me.password);
    expect(required.statusCode).toBe(401);
    expect(required.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect(required.cookies).toEqual([]);
    // A wrong password never reveals that the account has a second factor.
    expect((await loginWith(me.email, 'wrong password', totpCode(secret))).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const ok = await loginWith(me.email, me.password, totpCode(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ user: User }>().user.twoFactorEnabled).toBe(true);
  });

  it('a used time step cannot be replayed, and a code from the previous step is refused once a later one was used', async () => {
    const { me, secret } = await withTwoFactor();
    const code = totpCode(secret);
    expect((await loginWith(me.email, me.password, code)).statusCode).toBe(200);
    const replay = await loginWith(me.email, me.password, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_TOTP' });
    later(30_000);
    expect((await loginWith(me.email, me.password, totpCode(secret))).statusCode).toBe(200);
  });

  it('wrong codes are 401 INVALID_TOTP and use the login throttle: after 5 the next attempt waits', async () => {
    const { me, secret } = await withTwoFactor();
    const right = totpCode(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < ACCOUNT_RULE.free; i += 1) {
      const res = await loginWith(me.email, me.password, wrongCode);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOTP' });
    }
    const limited = await loginWith(me.email, me.password, right);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    // Asking without a code does not reset the count either.
    later(1000);
    expect((await login(t.app, me.email, me.password)).json()).toMatchObject({
      code: 'TOTP_REQUIRED',
    });
    expect((await loginWith(me.email, me.password, right)).statusCode).toBe(429);
    later(2000);
    expect((await loginWith(me.email, me.password, right)).statusCode).toBe(200);
  });

  it('a recovery code works once, in any case and spacing', async () => {
    const { me, recoveryCodes } = await withTwoFactor();
    const [first = '', second = ''] = recoveryCodes;
    expect((await loginWith(me.email, me.password, first.toUpperCase())).statusCode).toBe(200);
    expect((await loginWith(me.email, me.password, first)).json()).toMatchObject({
      code: 'INVALID_TOTP',
    });
    expect((await loginWith(me.email, me.password, second.replace('-', ''))).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('recovery_codes').select('code_hash').execute()).toHaveLength(
      8,
    );
  });
});

describe('disable', () => {
  it('needs the password and a code; afterwards the password alone signs in', async () => {
    const { me, secret } = await withTwoFactor();
    const code = totpCode(secret);
    expect(
      (await post(me, '/auth/totp/disable', { currentPassword: 'wrong', code })).json(),
    ).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const badCode = await post(me, '/auth/totp/disable', {
      currentPassword: me.password,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ code: 'INVALID_TOTP' });
    expect(
      (await post(me, '/auth/totp/disable', { currentPassword: me.password, code })).statusCode,
    ).toBe(200);
    expect((await sessionOf(t.app, me.token)).json<{ user: User }>().user.twoFactorEnabled).toBe(
      false,
    );
    expect(await t.ctx.db.selectFrom('recovery_codes').select('code_hash').execute()).toEqual([]);
    expect((await login(t.app, me.email, me.password)).statusCode).toBe(200);
    expect(
      (await post(me, '/auth/totp/disable', { currentPassword: me.password, code })).statusCode,
    ).toBe(409);
  });
});
