import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import type { AppContext, Routes } from '../src/app-context.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { hashPassword } from '../src/features/auth/password.ts';
import { createSession } from '../src/features/auth/sessions.ts';
import { logOptions } from '../src/observability/log-options.ts';
import { insertUser } from '../src/users/create-user.ts';

/**
 * The database the server tests run on: SQLite in a fresh temporary folder by default, or a
 * fresh PostgreSQL database when TEST_DATABASE_URL points at a server (npm test sets it when one
 * is reachable). Either way each test app gets its own empty database built by the real migrations
 * (on SQLite under Vitest, a copy of the run's one migrated file: migrated-template.ts).
 */
export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** Where a test app's log lines go when a test reads them (one JSON line per write). */
export interface LogSink {
  write(line: string): void;
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

export async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `pt_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Removes a test database and its data folder: what close() does, and what a test that kept its
 * database (`keep: true`) calls once it is done with it. Only databases made here are dropped.
 * FORCE ends connections something leaked; the app's own pool is fully closed before this runs
 * (Database.close waits for it), so no live client of ours is cut off.
 */
export async function disposeTestDatabase(kept: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = kept.databaseUrl ? new URL(kept.databaseUrl).pathname.slice(1) : '';
  if (adminUrl && /^pt_test_[0-9a-f]+$/.test(name)) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  rmSync(kept.dataDir, { recursive: true, force: true });
}

/**
 * A closed SQLite database's files (its write-ahead log, if one was left), copied from the run's
 * migrated template (migrated-template.ts) when there is one: outside Vitest, as in the benches,
 * every app migrates its own.
 */
const SQLITE_FILES = ['app.db', 'app.db-wal'];

/**
 * A fresh app over a fresh database. To test a restart, create the first app with `{ keep: true }`
 * (its close() then leaves the database), open the same one again with its `{ dataDir, databaseUrl }`,
 * and call disposeTestDatabase once done: an app made with `keep` never removes its database.
 */
export async function createTestApp(
  overrides: Partial<Config> & {
    keep?: boolean;
    logTo?: LogSink;
    /** Routes only the test has (a guard's tests), registered before the app is ready. */
    testRoutes?: Routes;
  } = {},
): Promise<TestApp & { databaseUrl: string | undefined }> {
  const { keep = false, logTo, testRoutes, ...configOverrides } = overrides;
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'papertrade-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl =
    overrides.databaseUrl ?? (adminUrl ? await createPgDatabase(adminUrl) : undefined);
  // A new SQLite app starts from the run's migrated file; the migrations still run, and find nothing to do.
  const template = process.env.TEST_TEMPLATE_SQLITE_DIR;
  if (!databaseUrl && !overrides.dataDir && template) {
    for (const file of SQLITE_FILES) {
      if (existsSync(path.join(template, file)))
        copyFileSync(path.join(template, file), path.join(dataDir, file));
    }
  }
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    marketTickMs: 0,
    marketControl: true,
    // No price history unless a test asks for it: filling it in is most of an app's start-up time.
    marketHistoryDays: 0,
    logLevel: 'silent',
    webDist: path.join(dataDir, 'no-web'),
    // Orders fill at one price unless a test or its portfolio asks for the book: the tests of
    // prices, fees and money predate the book, whose depth a market control jump thins at once.
    // TEST_FILL_MODEL=BOOK runs any suite on the book, to look for what it changes.
    fillModel: process.env.TEST_FILL_MODEL === 'BOOK' ? 'BOOK' : 'IDEAL',
    ...configOverrides,
  };
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  // Silent unless a test reads the log: then its warnings and errors, as JSON lines, go to logTo.
  const logger = logTo ? { ...logOptions('warn'), stream: logTo } : false;
  const { app, ctx } = await buildApp({ config, database, logger });
  if (testRoutes) await app.register(async (scope) => testRoutes(scope, ctx));
  await ctx.market.start();
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      if (!keep) await disposeTestDatabase({ dataDir, databaseUrl });
    },
  };
}

export interface TestUser {
  id: string;
  walletAddress: string;
  token: string;
  email: string;
  password: string;
  /** Authorization and Wallet headers for app.inject. */
  headers: Record<string, string>;
}

let userCounter = 0;

/**
 * One scrypt hash per password for the test process: a test user's hash is real and checked by the
 * real verifyPassword, but users sharing a password may share its salt. Hashing took ~72 ms per
 * user on the 2-core machine, and a run makes hundreds of users.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A signed-in user made straight in the database (auth routes have their own tests). */
export async function createTestUser(
  ctx: AppContext,
  options: { username?: string; password?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const username = options.username ?? `user${userCounter}_${randomBytes(3).toString('hex')}`;
  const password = options.password ?? 'correct horse battery';
  const email = `${username.toLowerCase()}@example.test`;
  const { id, walletAddress } = await insertUser(ctx.db, {
    email,
    username,
    passwordHash: await hashOnce(password),
  });
  const token = await createSession(ctx.db, id);
  return {
    id,
    walletAddress,
    token,
    email,
    password,
    headers: { authorization: `Bearer ${token}`, wallet: walletAddress },
  };
}

/** The body of a JSON answer, typed by the caller. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
