/**
 * The SQLite floor of bench:orders (orders.ts): the time SQLite itself spends on one order, the
 * statements the product runs today (its writes and its answer's reads), timed around
 * better-sqlite3's own calls by the tests' statement capture. The app runs in this process
 * (test-app.ts), users order one at a time through app.inject, as in the HTTP load ($10 buys and
 * $5 sells of BTC, each user alternating). SQLite runs on the server's one JavaScript thread, so
 * no order path made of these statements, however lean its own code, can pass
 * 1,000 / (SQLite's milliseconds per order) orders a second on this machine. What an order costs
 * above that is the product's JavaScript.
 */
import { performance } from 'node:perf_hooks';
import { captureStatements } from '../packages/server/test/statement-capture.ts';
import {
  createTestApp,
  createTestUser,
  testDialect,
  type TestUser,
} from '../packages/server/test/test-app.ts';

const USERS = 20;
const WARM_UP = 400;
const ORDERS = 2_000;

export interface SqliteTime {
  /** One order through app.inject, all of it, one at a time. */
  orderMs: number;
  /** Of which inside better-sqlite3 (statements run, rows read and written, commits). */
  sqliteMs: number;
  statements: number;
  /**
   * Of sqliteMs, the session check's statements: one when a session's cache entry is missing or
   * aged out (docs/decisions/023-session-cache.md), none otherwise.
   */
  sessionMs: number;
}

export async function sqliteTimePerOrder(): Promise<SqliteTime> {
  if (testDialect !== 'sqlite')
    throw new Error('the SQLite floor needs SQLite: unset TEST_DATABASE_URL');
  const t = await createTestApp();
  try {
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i += 1) users.push(await createTestUser(t.ctx));
    const sent = new Map<TestUser, number>();
    const order = async (user: TestUser, usd: number | null) => {
      const n = sent.get(user) ?? 0;
      sent.set(user, n + 1);
      const buy = usd !== null || n % 2 === 0;
      const response = await t.app.inject({
        method: 'POST',
        url: buy ? '/purchase-asset' : '/sell-asset',
        headers: user.headers,
        payload: {
          symbol: 'BTC',
          walletAddress: user.walletAddress,
          assetAmount: usd ?? (buy ? 10 : 5),
          unit: 'USD',
        },
      });
      if (response.statusCode !== 200)
        throw new Error(`an order answered ${response.statusCode}: ${response.body}`);
    };
    // As makeUsers: something to sell from the first order on.
    for (const user of users) await order(user, 1_000);
    for (let i = 0; i < WARM_UP; i += 1) await order(users[i % USERS] as TestUser, null);

    let orderMs = 0;
    const statements = await captureStatements(async () => {
      const from = performance.now();
      for (let i = 0; i < ORDERS; i += 1) await order(users[i % USERS] as TestUser, null);
      orderMs = (performance.now() - from) / ORDERS;
    });
    const sqliteMs = statements.reduce((sum, s) => sum + (s.ms ?? 0), 0) / ORDERS;
    const sessionMs =
      statements
        .filter((s) => /FROM sessions JOIN users/.test(s.sql))
        .reduce((sum, s) => sum + (s.ms ?? 0), 0) / ORDERS;
    return { orderMs, sqliteMs, statements: statements.length / ORDERS, sessionMs };
  } finally {
    await t.close();
  }
}
