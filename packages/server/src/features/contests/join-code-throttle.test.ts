import type { Contest } from '@papertrade/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectStatus } from '../../../test/calls.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { JOIN_CODE_ACCOUNT_RULE, JOIN_CODE_IP_RULE } from './join-code-throttle.ts';

// Guesses judged by the answers, never by timing: Date is frozen, so no wait of the throttle passes.
const { t } = useTestApp();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const SCHOOL = '198.51.100.30';
const FREE = JOIN_CODE_ACCOUNT_RULE.free;

const joinByCode = (user: TestUser, code: string, ip = SCHOOL) =>
  t.app.inject({
    method: 'POST',
    url: '/contests/join',
    headers: user.headers,
    payload: { code },
    remoteAddress: ip,
  });
const lookUp = (user: TestUser, code: string, ip = SCHOOL) =>
  t.app.inject({
    method: 'GET',
    url: `/contests/code/${code}`,
    headers: user.headers,
    remoteAddress: ip,
  });

/** A made-up code, different for each n; no contest has it. */
const wrongCode = (n: number) => `NOPE${n}`;

async function contestCode(): Promise<string> {
  const host = await createTestUser(t.ctx);
  await t.ctx.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', host.id)
    .execute();
  const now = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/contests',
    headers: host.headers,
    payload: {
      name: 'Period 3',
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: now + 3_600_000,
      endsAt: now + 7_200_000,
    },
  });
  expectStatus(res, 201);
  return res.json<Contest>().joinCode ?? '';
}

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (codes: number[], status: number) => codes.filter((c) => c === status).length;

describe('join code guessing', () => {
  it('30 parallel wrong codes to POST /contests/join from one account: 10 looked up, 20 answered 429 with Retry-After; GET /contests/code/:code is refused too', async () => {
    const mallory = await createTestUser(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => joinByCode(mallory, wrongCode(i))),
    );
    const codes = statuses(answers);
    expect(count(codes, 404)).toBe(FREE);
    expect(count(codes, 429)).toBe(30 - FREE);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    const body = refused?.json<{ code: string; error: string }>();
    expect(body?.code).toBe('RATE_LIMITED');
    expect(body?.error).toContain('Try again in 1 second');
    expectStatus(await lookUp(mallory, wrongCode(99)), 429, 'RATE_LIMITED');
  });

  it('30 parallel wrong codes to GET /contests/code/:code from one account: 10 looked up, 20 answered 429; the right code waits too', async () => {
    const mallory = await createTestUser(t.ctx);
    const code = await contestCode();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => lookUp(mallory, wrongCode(i))),
    );
    const codes = statuses(answers);
    expect(count(codes, 404)).toBe(FREE);
    expect(count(codes, 429)).toBe(30 - FREE);
    expect(answers.find((a) => a.statusCode === 429)?.headers['retry-after']).toBe('1');
    expectStatus(await joinByCode(mallory, code), 429, 'RATE_LIMITED');
  });

  it('a code that names a contest is no failure: a student who mistyped it nine times still looks it up and joins', async () => {
    const student = await createTestUser(t.ctx);
    const code = await contestCode();
    for (let i = 0; i < FREE - 1; i += 1)
      expectStatus(await joinByCode(student, wrongCode(i)), 404, 'CONTEST_NOT_FOUND');
    for (let i = 0; i < 5; i += 1) expectStatus(await lookUp(student, code.toLowerCase()), 200);
    expectStatus(await joinByCode(student, code), 201);
    expectStatus(await lookUp(student, wrongCode(50)), 404, 'CONTEST_NOT_FOUND');
    expectStatus(await lookUp(student, wrongCode(51)), 429, 'RATE_LIMITED');
  });

  it('wrong codes from many accounts behind one address stop at 100; the same account elsewhere still looks codes up', async () => {
    const accounts = await Promise.all(
      Array.from({ length: JOIN_CODE_IP_RULE.max / FREE }, () => createTestUser(t.ctx)),
    );
    for (const [a, user] of accounts.entries()) {
      const answers = await Promise.all(
        Array.from({ length: FREE }, (_, i) => lookUp(user, wrongCode(a * FREE + i))),
      );
      expect(statuses(answers)).toEqual(Array.from({ length: FREE }, () => 404));
    }
    const fresh = await createTestUser(t.ctx);
    const refused = await joinByCode(fresh, wrongCode(500));
    expectStatus(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1);
    expectStatus(await joinByCode(fresh, wrongCode(501), '203.0.113.7'), 404, 'CONTEST_NOT_FOUND');
  });
});
