/**
 * The SQLite floor of bench:orders (orders.ts): the time SQLite itself spends on one order, the
 * statements the product runs today (its writes and its answer's reads), timed around
 * better-sqlite3's own calls. The app runs in this process (test-app.ts), users order one at a
 * time through app.inject, as in the HTTP load ($10 buys and $5 sells of BTC, each user
 * alternating). SQLite runs on the server's one JavaScript thread, so no order path made of these
 * statements, however lean its own code, can pass 1,000 / (SQLite's milliseconds per order)
 * orders a second on this machine. What an order costs above that is the product's JavaScript.
 */
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createTestApp, createTestUser, testDialect, type TestUser } from '../packages/server/src/test-support/test-app.ts';

const USERS = 20;
const WARM_UP = 400;
const ORDERS = 2_000;

export interface SqliteTime {
  /** One order through app.inject, all of it, one at a time. */
  orderMs: number;
  /** Of which inside better-sqlite3 (statements run, rows read and written, commits). */
  sqliteMs: number;
  statements: number;
}

type Call = (this: Database.Statement, ...parameters: unknown[]) => unknown;

/** Adds each call's time on every statement to `into` until the returned function is called. */
function timeStatements(into: { ms: number; calls: number }): () => void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, Call>;
  probe.close();
  // iterate returns before its rows are read; no order statement uses it (the floor would only be lower).
  const methods = ['run', 'get', 'all'] as const;
  const originals = methods.map((name) => proto[name] as Call);
  methods.forEach((name, i) => {
    const original = originals[i] as Call;
    proto[name] = function timed(...parameters) {
      const from = performance.now();
      try {
        return original.apply(this, parameters);
      } finally {
        into.ms += performance.now() - from;
        into.calls += 1;
      }
    };
  });
  return () => methods.forEach((name, i) => (proto[name] = originals[i] as Call));
}

export async function sqliteTimePerOrder(): Promise<SqliteTime> {
  if (testDialect !== 'sqlite') throw new Error('the SQLite floor needs SQLite: unset TEST_DATABASE_URL');
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
        payload: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: usd ?? (buy ? 10 : 5), unit: 'USD' },
      });
      if (response.statusCode !== 200) throw new Error(`an order answered ${response.statusCode}: ${response.body}`);
    };
    // As makeUsers: something to sell from the first order on.
    for (const user of users) await order(user, 1_000);
    for (let i = 0; i < WARM_UP; i += 1) await order(users[i % USERS] as TestUser, null);

    const sqlite = { ms: 0, calls: 0 };
    const stop = timeStatements(sqlite);
    const from = performance.now();
    try {
      for (let i = 0; i < ORDERS; i += 1) await order(users[i % USERS] as TestUser, null);
    } finally {
      stop();
    }
    return { orderMs: (performance.now() - from) / ORDERS, sqliteMs: sqlite.ms / ORDERS, statements: sqlite.calls / ORDERS };
  } finally {
    await t.close();
  }
}
