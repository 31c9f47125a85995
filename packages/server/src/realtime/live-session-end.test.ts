import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession } from '../features/auth/sessions.ts';
import { issueToken } from '../features/auth/verification-tokens.ts';
import { deleteUser } from '../../test/calls.ts';
import { createTestUser, testDialect } from '../../test/test-app.ts';
import { twoInstances } from '../../test/two-instances.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  closedWithin,
  connectLive,
  listenLive,
  type Received,
  type TestSocket,
} from '../../test/live-test-socket.ts';

// A /live socket ends with its session (1008 within a second), not at the next
// heartbeat's session check 30 s later.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isUser = (m: Received) => m.type === 'user';
const SESSION_END_MS = 1000;

/** A signed-in socket, once it has its user record (so it is registered with the hub). */
async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const socket = connectLive(url, { authorization: `Bearer ${token}` }, (end) =>
    cleanups.push(end),
  );
  await socket.next(isUser);
  return socket;
}

async function expectEnded(socket: TestSocket): Promise<void> {
  expect((await closedWithin(socket, SESSION_END_MS)).code).toBe(1008);
}

/** Still open a moment after the others closed, and no close on the way. */
async function expectOpen(socket: TestSocket): Promise<void> {
  await new Promise((r) => setTimeout(r, 100));
  expect(socket.ws.readyState).toBe(WebSocket.OPEN);
}

describe('a /live socket ends with its session', () => {
  const {
    t,
    users: [ann],
  } = useTestApp({ users: 1 });

  /** Ann's socket of her test session (current) and one of a second session of hers (other). */
  async function twoSessionsOfAnn() {
    const url = await listenLive(t.app);
    const otherToken = await createSession(t.ctx.db, ann.id);
    return {
      current: await signedInSocket(url, ann.token),
      other: await signedInSocket(url, otherToken),
      otherToken,
    };
  }

  it("logout closes that session's socket with 1008; a socket of another session of the same user stays open", async () => {
    const { current: mine, other } = await twoSessionsOfAnn();

    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: ann.headers });
    expect(res.statusCode).toBe(204);
    await expectEnded(mine);
    await expectOpen(other);
  });

  it("a password change closes the other sessions' sockets and keeps the current one", async () => {
    const { current, other } = await twoSessionsOfAnn();

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/change-password',
      headers: ann.headers,
      payload: { currentPassword: ann.password, newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(other);
    await expectOpen(current);
  });

  it('a password reset closes every socket of the user, before the change reaches them', async () => {
    const url = await listenLive(t.app);
    const bob = await createTestUser(t.ctx);
    const first = await signedInSocket(url, ann.token);
    const second = await signedInSocket(url, await createSession(t.ctx.db, ann.id));
    const bystander = await signedInSocket(url, bob.token);
    const usersBefore = [first, second].map((s) => s.received.filter(isUser).length);

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
    await expectEnded(first);
    await expectEnded(second);
    // The reset's notification (user-changed) is not sent to the sockets it just ended.
    expect([first, second].map((s) => s.received.filter(isUser).length)).toEqual(usersBefore);
    await expectOpen(bystander);
  });

  it('an e-mail change ends the other sessions and closes their sockets; the current one gets the new record', async () => {
    const { current, other, otherToken } = await twoSessionsOfAnn();

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/change-email',
      headers: ann.headers,
      payload: { currentPassword: ann.password, newEmail: 'moved@example.test' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(other);
    const session = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(session.statusCode).toBe(401);
    expect(
      await current.next(
        (m) => isUser(m) && (m.user as { email: string }).email === 'moved@example.test',
      ),
    ).toBeDefined();
    await expectOpen(current);
  });

  it('account deletion closes every socket of the user', async () => {
    const url = await listenLive(t.app);
    const first = await signedInSocket(url, ann.token);
    const second = await signedInSocket(url, await createSession(t.ctx.db, ann.id));

    const res = await deleteUser(t.app, ann);
    expect(res.statusCode).toBe(204);
    await expectEnded(first);
    await expectEnded(second);
  });
});

describe.skipIf(testDialect !== 'postgres')(
  'a /live socket ends with its session on every instance (PostgreSQL)',
  () => {
    it('logout through instance A closes the socket open on instance B', async () => {
      const [a, b] = await twoInstances(cleanups);

      const ann = await createTestUser(a.ctx);
      const onB = await listenLive(b.app);
      const other = await signedInSocket(onB, await createSession(a.ctx.db, ann.id));
      const mine = await signedInSocket(onB, ann.token);

      const res = await a.app.inject({ method: 'POST', url: '/auth/logout', headers: ann.headers });
      expect(res.statusCode).toBe(204);
      await expectEnded(mine);
      await expectOpen(other);
    });
  },
);
