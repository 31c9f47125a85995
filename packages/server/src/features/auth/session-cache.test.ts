import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus, type BusEvent } from '../../realtime/event-bus.ts';
import { sessionOf } from '../../../test/auth-test-helpers.ts';
import { deleteUser } from '../../../test/calls.ts';
import { captureStatements, type Captured } from '../../../test/statement-capture.ts';
import { createTestUser, testDialect, type TestUser } from '../../../test/test-app.ts';
import { twoInstances } from '../../../test/two-instances.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { createSessionCache } from './session-cache.ts';
import { createSession, readSession } from './sessions.ts';
import { hashToken } from './tokens.ts';
import { issueToken } from './verification-tokens.ts';

/**
 * The session cache (docs/decisions/023-session-cache.md): a signed-in call checked lately runs no
 * session statement, and every way a session ends refuses it on the next call, on every instance.
 */
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2 });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sessionStatements = (statements: Captured[]) =>
  statements.filter((s) => /\bFROM sessions\b/i.test(s.sql));
const status = async (token: string) => (await sessionOf(t.app, token)).statusCode;
/** Another session of the same user, checked once so the cache holds it. */
async function secondSession(user: TestUser): Promise<string> {
  const token = await createSession(t.ctx.db, user.id);
  expect(await status(token)).toBe(200);
  return token;
}
const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

describe('the session cache', () => {
  it('a session checked lately is checked again without a session statement', async () => {
    const first = await captureStatements(() => sessionOf(t.app, ann.token));
    expect(sessionStatements(first)).toHaveLength(1);
    const again = await captureStatements(async () => expect(await status(ann.token)).toBe(200));
    expect(sessionStatements(again)).toEqual([]);
  });

  it('a signed-out token is refused on the next call', async () => {
    expect(await status(ann.token)).toBe(200);
    expect((await post(ann, '/auth/logout', {})).statusCode).toBe(204);
    expect(await status(ann.token)).toBe(401);
  });

  it('a password change refuses the old sessions at once and keeps the one that made it', async () => {
    const other = await secondSession(ann);
    expect(await status(ann.token)).toBe(200);
    const res = await post(ann, '/auth/change-password', {
      currentPassword: ann.password,
      newPassword: 'an entirely new password',
    });
    expect(res.statusCode).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(ann.token)).toBe(200);
  });

  it('a password reset refuses every session of the user at once', async () => {
    const other = await secondSession(ann);
    expect(await status(ann.token)).toBe(200);
    const token = await issueToken(t.ctx.db, {
      userId: ann.id,
      purpose: 'reset-password',
      email: ann.email,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(ann.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(bob.token)).toBe(200);
  });

  it('an e-mail change refuses the other sessions and the kept one reads its new address', async () => {
    const other = await secondSession(ann);
    const res = await post(ann, '/auth/change-email', {
      currentPassword: ann.password,
      newEmail: 'moved@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(await status(other)).toBe(401);
    const kept = await captureStatements(async () => expect(await status(ann.token)).toBe(200));
    expect(sessionStatements(kept)).toHaveLength(1);
    const cached = await t.ctx.sessionCache.find(t.ctx.db, ann.token);
    expect(cached?.email).toBe('moved@example.test');
  });

  it("a deleted account's sessions are refused at once", async () => {
    const other = await secondSession(ann);
    expect((await deleteUser(t.app, ann)).statusCode).toBe(204);
    expect(await status(other)).toBe(401);
    expect(await status(ann.token)).toBe(401);
  });

  it('an expired session is refused even if cached', async () => {
    const cache = createSessionCache(createInProcessBus());
    const stored = await readSession(t.ctx.db, hashToken(ann.token));
    const expiresAt = Number(stored?.expiresAt);
    expect(await cache.find(t.ctx.db, ann.token, expiresAt - 60_000)).toMatchObject({
      id: ann.id,
    });
    expect(cache.size).toBe(1);
    expect(await cache.find(t.ctx.db, ann.token, expiresAt)).toBeNull();
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('a session read while its end is published is answered but not kept', async () => {
    const bus = createInProcessBus();
    const cache = createSessionCache(bus);
    const reading = cache.find(t.ctx.db, ann.token);
    bus.publish({ type: 'session-ended', userId: ann.id, tokenHash: hashToken(ann.token) });
    expect(await reading).toMatchObject({ id: ann.id });
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('a bus that listened again drops every kept session', async () => {
    const bus = createInProcessBus();
    const cache = createSessionCache(bus);
    await cache.find(t.ctx.db, ann.token);
    await cache.find(t.ctx.db, bob.token);
    expect(cache.size).toBe(2);
    bus.publish({ type: 'events-missed' });
    expect(cache.size).toBe(0);
    cache.close();
  });

  it('keeps no more sessions than its bound, and none for an unknown token', async () => {
    const cache = createSessionCache(createInProcessBus(), { maxSessions: 1, ttlMs: 60_000 });
    expect(await cache.find(t.ctx.db, 'not-a-real-token')).toBeNull();
    expect(cache.size).toBe(0);
    await cache.find(t.ctx.db, ann.token);
    await cache.find(t.ctx.db, bob.token);
    expect(cache.size).toBe(1);
    // Bob's, the most recent, is the one kept.
    const again = await captureStatements(() => cache.find(t.ctx.db, bob.token));
    expect(sessionStatements(again)).toEqual([]);
    cache.close();
  });
});

describe.skipIf(testDialect !== 'postgres')(
  'the session cache on two instances (PostgreSQL)',
  () => {
    it('signing out on one instance refuses the token on the other as soon as it hears the event', async () => {
      const [a, b] = await twoInstances(cleanups);

      const carl = await createTestUser(a.ctx);
      const onB = () => sessionOf(b.app, carl.token);
      expect((await onB()).statusCode).toBe(200);
      const cached = await captureStatements(async () =>
        expect((await onB()).statusCode).toBe(200),
      );
      expect(sessionStatements(cached)).toEqual([]);

      const heardOnB = new Promise<BusEvent>((resolve) => {
        const stop = b.ctx.bus.subscribe((event) => {
          if (event.type !== 'session-ended') return;
          stop();
          resolve(event);
        });
      });
      const res = await a.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: carl.headers,
      });
      expect(res.statusCode).toBe(204);
      expect(await heardOnB).toEqual({
        type: 'session-ended',
        userId: carl.id,
        tokenHash: hashToken(carl.token),
      });
      expect((await onB()).statusCode).toBe(401);
    });
  },
);
