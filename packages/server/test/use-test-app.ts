import { afterEach, beforeEach } from 'vitest';
import type { Routes } from '../src/app-context.ts';
import type { Config } from '../src/config.ts';
import { createTestApp, createTestUser, type TestApp, type TestUser } from './test-app.ts';

/** The current test's app; closing it is the helper's job. */
export type TestAppView = Omit<TestApp, 'close'>;

/** `[TestUser, TestUser]` for 2: the users can be destructured without an undefined check. */
type Users<N extends number, Acc extends TestUser[] = []> = number extends N
  ? TestUser[]
  : Acc['length'] extends N
    ? Acc
    : Users<N, [...Acc, TestUser]>;

function present<T>(value: T | undefined): T {
  // The app exists from the helper's beforeEach to its afterEach, not at file level.
  if (value === undefined) throw new Error('useTestApp: the test app was read outside a test');
  return value;
}

/**
 * An object whose `keys` read through to whatever `current()` is at the time: one test's app or
 * user now, the next test's later. Assigning it to the full type checks that no key is missing.
 */
function liveView<T extends object, K extends keyof T>(
  current: () => T,
  keys: readonly K[],
): Pick<T, K> {
  const view = {};
  for (const key of keys)
    Object.defineProperty(view, key, { get: () => current()[key], enumerable: true });
  return view as Pick<T, K>;
}

/**
 * A fresh app (and `users` signed-in users, made in order) before each test of the file, closed
 * after it. What it returns is read through getters, so `t.app` and `ann.headers` are always the
 * current test's: `const { t, users: [ann, bob] } = useTestApp({ users: 2 })` at the top of a file.
 * A file's own beforeEach, registered after this call, runs after the app and users exist.
 */
export function useTestApp<N extends number = 0>(
  options: Partial<Config> & { users?: N; testRoutes?: Routes } = {},
): { t: TestAppView; users: Users<N> } {
  const { users: userCount = 0, ...overrides } = options;
  let current: TestApp | undefined;
  let currentUsers: TestUser[] = [];
  beforeEach(async () => {
    current = await createTestApp(overrides);
    currentUsers = [];
    for (let i = 0; i < userCount; i += 1) currentUsers.push(await createTestUser(current.ctx));
  });
  afterEach(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });

  const t: TestAppView = liveView(() => present(current), ['app', 'ctx', 'dataDir']);
  const users = Array.from({ length: userCount }, (_, i): TestUser =>
    liveView(
      () => present(currentUsers[i]),
      ['id', 'walletAddress', 'token', 'email', 'password', 'headers'],
    ),
  );
  return { t, users: users as Users<N> };
}
