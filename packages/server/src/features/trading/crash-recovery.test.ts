import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { ledgerViolations } from '../../../test/ledger-check.ts';
import {
  answerOf,
  quote,
  raceSeed,
  seededRandom,
  unacceptable,
  type Answer,
  type Random,
} from '../../../test/race-kit.ts';
import { killAllServers, startServer, type ServerProcess } from '../../../test/server-process.ts';
import {
  createTestApp,
  createTestUser,
  disposeTestDatabase,
  testDialect,
  type TestUser,
} from '../../../test/test-app.ts';

/**
 * The crash test: the real server as a child process under a load of orders over real
 * HTTP, killed with kill -9 at a random moment, three times, and restarted on the same data each
 * time. Whatever it answered 2xx must still be there after the restart, and every ledger must be
 * sound (test/ledger-check.ts). Runs on SQLite, or on a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set. Replay with RACE_SEED=<seed printed below>.
 */

const SEED = raceSeed();
console.log(`crash-recovery seed: RACE_SEED=${SEED} (${testDialect})`);

const KILLS = 3;
const WORKERS = 12;
const SYMBOLS = ['BTC', 'ETH', 'SOL', 'DOGE'] as const;

let kept: { dataDir: string; databaseUrl: string | undefined } | undefined;
let users: TestUser[] = [];
let direct: Database | undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  // The database is made (migrations, assets, users with sessions) by a test app that then lets go of it.
  const setup = await createTestApp({ keep: true });
  kept = { dataDir: setup.dataDir, databaseUrl: setup.databaseUrl };
  for (let i = 0; i < 4; i += 1) users.push(await createTestUser(setup.ctx));
  await setup.close();
  const emptyWeb = path.join(setup.dataDir, 'no-web');
  mkdirSync(emptyWeb, { recursive: true });
  env = {
    DATA_DIR: setup.dataDir,
    DATABASE_URL: setup.databaseUrl ?? '',
    // Ticks every 200 ms, so the limit trigger fills orders while the load runs.
    MARKET_TICK_MS: '200',
    MARKET_CONTROL: '1',
    MARKET_HISTORY_DAYS: '0',
    MARKET_LEADER_RETRY_MS: '200',
    LOG_LEVEL: 'warn',
    WEB_DIST: emptyWeb,
  };
  // The test's own connection to the same data, for the checks.
  direct = openDatabase({ databaseUrl: setup.databaseUrl, dataDir: setup.dataDir });
});

afterAll(async () => {
  await killAllServers();
  await direct?.close();
  if (kept) await disposeTestDatabase(kept);
  users = [];
});

/** What the server answered 2xx: it committed, so it must survive any crash after. */
type Acked =
  | { kind: 'transaction'; id: string; userId: string; type: string; symbol: string; what: string }
  | { kind: 'order'; id: string; userId: string; symbol: string; what: string }
  | { kind: 'cancel'; id: string; userId: string; what: string };

interface Load {
  stop: boolean;
  acked: Acked[];
  answers: Answer[];
  /** Requests cut off by the kill (no answer): their outcome is unknown, so they are not checked. */
  cutOff: number;
  prices: Map<string, number>;
  orders: Map<string, string[]>;
}

async function call(
  server: ServerProcess,
  user: TestUser,
  url: string,
  body: Record<string, unknown>,
): Promise<{ status: number; text: string } | null> {
  try {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.headers },
      body: JSON.stringify({ walletAddress: user.walletAddress, ...body }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, text: await res.text() };
  } catch {
    return null;
  }
}

async function refreshPrices(server: ServerProcess, load: Load): Promise<void> {
  try {
    const res = await fetch(`${server.baseUrl}/all-assets`, { signal: AbortSignal.timeout(5_000) });
    if (res.status !== 200) return;
    for (const a of (await res.json()) as { symbol: string; currentPrice: number }[])
      load.prices.set(a.symbol, a.currentPrice);
  } catch {
    // The server is being killed.
  }
}

/** One worker: random orders of random users until the load stops. */
async function worker(server: ServerProcess, rng: Random, load: Load): Promise<void> {
  while (!load.stop) {
    const user = rng.pick(users);
    const symbol = rng.pick(SYMBOLS);
    const price = load.prices.get(symbol);
    if (price === undefined) {
      await refreshPrices(server, load);
      continue;
    }
    const roll = rng.next();
    let url: string;
    let body: Record<string, unknown>;
    if (roll < 0.3) {
      url = '/purchase-asset';
      body = { symbol, assetAmount: rng.int(5_000, 300_000) / 100, unit: 'USD' };
    } else if (roll < 0.5) {
      url = '/sell-asset';
      body = { symbol, assetAmount: rng.int(2_000, 150_000) / 100, unit: 'USD' };
    } else if (roll < 0.8) {
      // Limits a hair from the price: the 200 ms ticks cross many of them while the load runs.
      const type = rng.chance(0.5) ? 'PURCHASE' : 'SELL';
      const limitAsk = quote(price * rng.between(0.998, 1.002));
      url = '/open-limit-position';
      body =
        type === 'PURCHASE'
          ? { type, symbol, limitAsk, purchaseAsk: rng.int(5_000, 200_000) / 100 }
          : {
              type,
              symbol,
              limitAsk,
              sellAsk: Number((rng.int(500, 100_000) / 100 / price).toFixed(8)),
            };
    } else if (roll < 0.95) {
      const mine = load.orders.get(user.id) ?? [];
      if (mine.length === 0) continue;
      url = '/cancel-limit-position';
      body = { positionId: rng.pick(mine.slice(-10)) };
    } else {
      await refreshPrices(server, load);
      continue;
    }
    const what = `${url} ${JSON.stringify(body)} [${user.id}]`;
    const res = await call(server, user, url, body);
    if (res === null) {
      load.cutOff += 1;
      continue;
    }
    load.answers.push(answerOf(what, res.status, res.text));
    if (res.status < 200 || res.status >= 300) continue;
    const answer = JSON.parse(res.text) as {
      transaction?: { id: string; type: string; symbol: string };
      limitPosition?: { positionId: string };
    };
    if (url === '/open-limit-position' && answer.limitPosition) {
      const id = answer.limitPosition.positionId;
      load.acked.push({ kind: 'order', id, userId: user.id, symbol, what });
      load.orders.set(user.id, [...(load.orders.get(user.id) ?? []), id]);
    } else if (url === '/cancel-limit-position') {
      load.acked.push({ kind: 'cancel', id: String(body.positionId), userId: user.id, what });
    } else if (answer.transaction) {
      const { id, type, symbol: s } = answer.transaction;
      load.acked.push({ kind: 'transaction', id, userId: user.id, type, symbol: s, what });
    } else {
      load.answers.push(answerOf(`${what}: a 2xx without its transaction`, 599, res.text));
    }
  }
}

/** Everything acknowledged is in the database, as acknowledged. */
async function missingAcked(db: Database, acked: Acked[]): Promise<string[]> {
  const missing: string[] = [];
  const txIds = acked.filter((a) => a.kind === 'transaction').map((a) => a.id);
  const orderIds = [...new Set(acked.filter((a) => a.kind !== 'transaction').map((a) => a.id))];
  const txs = new Map<string, { portfolio_id: string; type: string; symbol: string }>();
  const orders = new Map<string, { portfolio_id: string; symbol: string; status: string }>();
  for (let i = 0; i < txIds.length; i += 500) {
    const rows = await db.db
      .selectFrom('transactions')
      .select(['id', 'portfolio_id', 'type', 'symbol'])
      .where('id', 'in', txIds.slice(i, i + 500))
      .execute();
    for (const r of rows) txs.set(r.id, r);
  }
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db.db
      .selectFrom('limit_orders')
      .select(['id', 'portfolio_id', 'symbol', 'status'])
      .where('id', 'in', orderIds.slice(i, i + 500))
      .execute();
    for (const r of rows) orders.set(r.id, r);
  }
  for (const a of acked) {
    if (a.kind === 'transaction') {
      const row = txs.get(a.id);
      if (!row || row.portfolio_id !== a.userId || row.type !== a.type || row.symbol !== a.symbol) {
        missing.push(
          `transaction ${a.id} of ${a.what} is ${row ? JSON.stringify(row) : 'missing'}`,
        );
      }
    } else {
      const row = orders.get(a.id);
      if (!row || row.portfolio_id !== a.userId)
        missing.push(`order ${a.id} of ${a.what} is ${row ? JSON.stringify(row) : 'missing'}`);
      else if (a.kind === 'cancel' && row.status !== 'CANCELLED')
        missing.push(`order ${a.id} was cancelled (${a.what}) but is ${row.status}`);
    }
  }
  return missing;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`crash recovery (${testDialect})`, () => {
  it('kill -9 under a load of orders, three times: every answered order survives the restart and every ledger is sound', async () => {
    const rng = seededRandom(SEED);
    const db = direct as Database;
    const ids = users.map((u) => u.id);
    const acked: Acked[] = [];
    const problems: string[] = [];
    const orders = new Map<string, string[]>();
    let server = await startServer({ env });
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const ackedBefore = acked.length;
      const load: Load = { stop: false, acked, answers: [], cutOff: 0, prices: new Map(), orders };
      await refreshPrices(server, load);
      const workers = Array.from({ length: WORKERS }, (_, w) =>
        worker(server, seededRandom(SEED * 31 + kill * 1_000 + w), load),
      );
      // kill -9 at a random moment of the load.
      await sleep(rng.int(700, 2_500));
      await server.kill9();
      load.stop = true;
      await Promise.all(workers);
      console.log(
        `kill ${kill}: ${load.answers.length} answers (${acked.length - ackedBefore} 2xx), ${load.cutOff} requests cut off by the kill`,
      );
      problems.push(
        ...load.answers
          .map(unacceptable)
          .filter((x): x is string => x !== null)
          .map((x) => `kill ${kill}: answer ${x}`),
      );

      server = await startServer({ env });
      problems.push(...(await missingAcked(db, acked)).map((m) => `after restart ${kill}: ${m}`));
      problems.push(...(await ledgerViolations(db, ids)).map((v) => `after restart ${kill}: ${v}`));
      // The restarted server serves those users again.
      for (const user of users) {
        const res = await call(server, user, '/user-details', {});
        if (res?.status !== 200)
          problems.push(
            `after restart ${kill}: /user-details of ${user.id} answered ${res?.status ?? 'nothing'}`,
          );
      }
    }
    await server.kill9();
    const filled = await db.db
      .selectFrom('limit_orders')
      .select('id')
      .where('status', '=', 'FILLED')
      .execute();
    console.log(
      `crash recovery: ${acked.length} answered 2xx in all, ${filled.length} limit orders filled by the trigger`,
    );
    expect(acked.length).toBeGreaterThan(50);
    expect(problems, `RACE_SEED=${SEED}, ${testDialect}`).toEqual([]);
  }, 90_000);
});
