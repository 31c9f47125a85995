import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.ts';
import { signUpViaApi, type SignedUp } from '../../../test/auth-test-helpers.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { ACCOUNT_RULE, IP_BLOCK_ACCOUNTS, IP_FLAG_ACCOUNTS } from './login-throttle.ts';
import { passwordChecks } from './password.ts';

// Attacks on the login (docs/decisions/007-login-throttling.md), judged by what the database and
// the password counter say, never by timing: Date is frozen, so no wait of the throttle passes
// during a test.
const { t } = useTestApp();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const SCHOOL = '198.51.100.20';

function login(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.device ? { cookies: { [DEVICE_COOKIE]: options.device } } : {}),
  });
}

/** The device cookie a successful sign-up or login set. */
function deviceOf(res: { cookies: { name: string; value: string }[] }): string {
  const value = res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
  if (!value) throw new Error('no device cookie');
  return value;
}

async function signUpWithDevice(): Promise<SignedUp & { device: string }> {
  const me = await signUpViaApi(t.app);
  const res = await login(me.email, me.password, { ip: '192.0.2.1' });
  expect(res.statusCode).toBe(200);
  return { ...me, device: deviceOf(res) };
}

async function failuresFrom(ip: string, accounts: number) {
  const answers = await Promise.all(
    Array.from({ length: accounts }, (_, i) =>
      login(`made-up-${i}@example.test`, 'wrong password', { ip }),
    ),
  );
  return answers.map((a) => a.statusCode);
}

describe('login throttling under attack', () => {
  it('200 parallel wrong passwords for one account: 5 checked, 195 answered 429; the owner signs in from a known browser', async () => {
    const owner = await signUpWithDevice();
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        login(owner.email, `guess number ${i}`, { ip: '203.0.113.66' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(passwordChecks.count - before).toBe(ACCOUNT_RULE.free);
    expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_RULE.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(200 - ACCOUNT_RULE.free);
    expect(answers.find((a) => a.statusCode === 429)?.headers['retry-after']).toBe('1');

    // A new browser with the right password waits like the attacker...
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);
    // ...the browser that signed in before does not.
    const own = await login(owner.email, owner.password, { device: owner.device });
    expect(own.statusCode).toBe(200);
    // A forged or another account's cookie is no device.
    const [, id, mac] = owner.device.split('.');
    expect(
      (await login(owner.email, owner.password, { device: `someone.${id}.${mac}` })).statusCode,
    ).toBe(429);
    const other = await signUpWithDevice();
    expect((await login(owner.email, owner.password, { device: other.device })).statusCode).toBe(
      429,
    );
  });

  it('a stolen device cookie alone buys 5 guesses, then the device waits too', async () => {
    const owner = await signUpWithDevice();
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(owner.email, `guess number ${i}`, { device: owner.device }),
      ),
    );
    expect(passwordChecks.count - before).toBe(ACCOUNT_RULE.free);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - ACCOUNT_RULE.free);
  });

  it('40 users behind one IP sign in with their right passwords while an attacker there has passed the IP limit', async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => signUpViaApi(t.app)));
    expect(await failuresFrom(SCHOOL, IP_FLAG_ACCOUNTS + 5)).toEqual(
      Array(IP_FLAG_ACCOUNTS + 5).fill(401),
    );
    const ipRow = await t.ctx.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `login-ip:${SCHOOL}`)
      .executeTakeFirstOrThrow();
    expect(Number(ipRow.count)).toBe(IP_FLAG_ACCOUNTS + 5);

    // No device cookies: these browsers never signed in.
    const answers = await Promise.all(
      students.map((s) => login(s.email, s.password, { ip: SCHOOL })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    // Their sign-ins were no failures: the IP's count is the attacker's alone again.
    const after = await t.ctx.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `login-ip:${SCHOOL}`)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(IP_FLAG_ACCOUNTS + 5);
  });

  it('past 100 failed accounts an IP is refused for new browsers, and 40 known browsers behind it still sign in', async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => signUpWithDevice()));
    const codes = await failuresFrom(SCHOOL, IP_BLOCK_ACCOUNTS + 20);
    expect(codes.filter((c) => c === 401)).toHaveLength(IP_BLOCK_ACCOUNTS);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);

    const before = passwordChecks.count;
    const fresh = await login(students[0]!.email, students[0]!.password, { ip: SCHOOL });
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(passwordChecks.count).toBe(before);

    const answers = await Promise.all(
      students.map((s) => login(s.email, s.password, { ip: SCHOOL, device: s.device })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
  });
});
