import type { Contest } from '@papertrade/domain';
import { expectStatus } from './calls.ts';
import { createTestUser, type TestUser } from './test-app.ts';
import type { TestAppView } from './use-test-app.ts';

const HOUR = 3_600_000;

/**
 * The contest tests' calls on one test app: a host with a verified address (a contest's host
 * needs one), a call in a chosen portfolio (its wallet), a running private contest and a join by
 * code. The app is read at each call, since useTestApp makes a new one per test.
 */
export function contestKit(t: TestAppView, defaultName = 'Spring Cup') {
  async function host(kind: 'TEACHER' | 'PERSONAL' = 'PERSONAL'): Promise<TestUser> {
    const user = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ email_verified: 1, account_type: kind })
      .where('id', '=', user.id)
      .execute();
    return user;
  }

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    wallet = user.walletAddress,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.headers, wallet },
      ...(payload ? { payload } : {}),
    });

  async function create(
    owner: TestUser,
    overrides: Record<string, unknown> = {},
  ): Promise<Contest> {
    const now = Date.now();
    const res = await call(owner, 'POST', '/contests', {
      name: defaultName,
      kind: 'CONTEST',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: now - 1_000,
      endsAt: now + 14 * 24 * HOUR,
      ...overrides,
    });
    expectStatus(res, 201);
    return res.json<Contest>();
  }

  async function join(user: TestUser, code: string): Promise<string> {
    const res = await call(user, 'POST', '/contests/join', { code });
    expectStatus(res, 201);
    return res.json<{ walletAddress: string }>().walletAddress;
  }

  /** A new user who joins `contest` by its code, and the wallet of their contest portfolio. */
  async function newMember(contest: Contest): Promise<{ user: TestUser; wallet: string }> {
    const user = await createTestUser(t.ctx);
    return { user, wallet: await join(user, contest.joinCode ?? '') };
  }

  return { host, call, create, join, newMember, HOUR };
}
