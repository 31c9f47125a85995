import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import type { PgEventBus } from '../../realtime/pg-event-bus.ts';
import { deleteUser, expectStatus, post } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import {
  createTestApp,
  createTestUser,
  disposeTestDatabase,
  testDialect,
  type TestUser,
} from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { hashToken } from '../auth/public.ts';
import { apiKeyRoute, LAST_USED_EVERY_MS } from './api-key-guard.ts';

/**
 * API keys (docs/api.md "API keys", docs/decisions/030-api-keys.md), their routes and the guard the
 * interface for programs uses, tried through two routes registered only by this test.
 */
function keyTestRoutes(app: FastifyInstance, ctx: AppContext) {
  const answer = (request: { apiKey: unknown; portfolio: unknown }) => ({
    apiKey: request.apiKey,
    portfolio: request.portfolio,
  });
  app.get('/test/key-read', apiKeyRoute(ctx), answer);
  app.post('/test/key-trade', apiKeyRoute(ctx), answer);
}

const RATE = 5;
const {
  t,
  users: [ann, bob],
} = useTestApp({ users: 2, apiKeyRatePerMin: RATE, testRoutes: keyTestRoutes });
const contests = contestKit(t);

interface Created {
  id: string;
  keyId: string;
  secret: string;
  walletAddress: string;
}

async function createKey(
  user: TestUser,
  scopes: string[] = ['read', 'trade'],
  app = t.app,
): Promise<Created> {
  const res = await post(app, user, '/api-keys', { name: 'My bot', scopes });
  expectStatus(res, 201);
  return res.json<Created>();
}

const keyHeaders = (key: Created, secret = key.secret) => ({
  'apca-api-key-id': key.keyId,
  'apca-api-secret-key': secret,
});
const read = (key: Created, secret?: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/test/key-read', headers: keyHeaders(key, secret) });
const trade = (key: Created) =>
  t.app.inject({ method: 'POST', url: '/test/key-trade', headers: keyHeaders(key), payload: {} });
const list = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api-keys', headers: user.headers });
  expectStatus(res, 200);
  return res.json<Record<string, unknown>[]>();
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('API keys', () => {
  it('creating a key shows its secret once and stores only its hash', async () => {
    const key = await createKey(ann, ['trade', 'read']);
    expect(key).toMatchObject({
      name: 'My bot',
      scopes: ['read', 'trade'],
      walletAddress: ann.walletAddress,
    });
    expect(key.keyId).toMatch(/^PK[A-Z0-9]{18}$/);
    expect(key.secret.length).toBeGreaterThanOrEqual(40);
    const row = await t.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(key.secret));
    expect(Object.values(row).map(String)).not.toContain(key.secret);
    expect(JSON.stringify(await list(ann))).not.toContain(key.secret);
  });

  it('the list has no secret and says when each key was last used', async () => {
    const key = await createKey(ann);
    await createKey(bob);
    const before = await list(ann);
    expect(before[0]?.createdAt).toEqual(expect.any(Number));
    expect(before).toEqual([
      {
        id: key.id,
        keyId: key.keyId,
        name: 'My bot',
        scopes: ['read', 'trade'],
        walletAddress: ann.walletAddress,
        createdAt: before[0]?.createdAt,
        lastUsedAt: null,
      },
    ]);
    expectStatus(await read(key), 200);
    expect((await list(ann))[0]?.lastUsedAt).toEqual(expect.any(Number));
  });

  it('a key authenticates as its user on its portfolio', async () => {
    const key = await createKey(ann);
    const res = await read(key);
    expectStatus(res, 200);
    expect(res.json()).toEqual({
      apiKey: { id: key.id, userId: ann.id, scopes: ['read', 'trade'] },
      portfolio: {
        id: ann.id,
        userId: ann.id,
        kind: 'MAIN',
        contestId: null,
        walletAddress: ann.walletAddress,
      },
    });
  });

  it("a key made with a contest portfolio's wallet acts on that portfolio", async () => {
    const host = await contests.host();
    const contest = await contests.create(host);
    const wallet = await contests.join(ann, contest.joinCode ?? '');
    const res = await contests.call(
      ann,
      'POST',
      '/api-keys',
      { name: 'Cup bot', scopes: ['read'] },
      wallet,
    );
    expectStatus(res, 201);
    const key = res.json<Created>();
    expect(key.walletAddress).toBe(wallet);
    const answer = await read(key);
    expectStatus(answer, 200);
    expect(answer.json()).toMatchObject({
      portfolio: { userId: ann.id, kind: 'CONTEST', contestId: contest.id, walletAddress: wallet },
    });
  });

  it('a wrong secret, an unknown key id or a missing header is refused with 401', async () => {
    const key = await createKey(ann);
    expectStatus(await read(key, `${key.secret.slice(0, -1)}x`), 401, 'API_KEY_INVALID');
    expectStatus(await read({ ...key, keyId: 'PKNOTAKEY' }), 401, 'API_KEY_INVALID');
    const onlyId = await t.app.inject({
      method: 'GET',
      url: '/test/key-read',
      headers: { 'apca-api-key-id': key.keyId },
    });
    expectStatus(onlyId, 401, 'API_KEY_INVALID');
  });

  it('a revoked key is refused at once', async () => {
    const key = await createKey(ann);
    expectStatus(await read(key), 200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api-keys/${key.id}`,
      headers: ann.headers,
    });
    expectStatus(res, 204);
    expectStatus(await read(key), 401, 'API_KEY_INVALID');
    expect(await list(ann)).toEqual([]);
  });

  it("another user's key cannot be revoked (404)", async () => {
    const key = await createKey(ann);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api-keys/${key.id}`,
      headers: bob.headers,
    });
    expectStatus(res, 404, 'API_KEY_NOT_FOUND');
    expectStatus(await read(key), 200);
  });

  it('a read key cannot trade and a trade key cannot read', async () => {
    const readOnly = await createKey(ann, ['read']);
    expectStatus(await read(readOnly), 200);
    expectStatus(await trade(readOnly), 403, 'API_KEY_SCOPE');
    const tradeOnly = await createKey(ann, ['trade']);
    expectStatus(await trade(tradeOnly), 200);
    expectStatus(await read(tradeOnly), 403, 'API_KEY_SCOPE');
  });

  it('a key survives a reset of its portfolio', async () => {
    const key = await createKey(ann);
    const res = await post(t.app, ann, '/reset-user', {
      walletAddress: ann.walletAddress,
      startingBalance: 50_000,
    });
    expectStatus(res, 200);
    expectStatus(await read(key), 200);
    expect(await list(ann)).toHaveLength(1);
  });

  it('a deleted account takes its keys along', async () => {
    const key = await createKey(ann);
    expectStatus(await deleteUser(t.app, ann), 204);
    expectStatus(await read(key), 401, 'API_KEY_INVALID');
    const rows = await t.ctx.db.selectFrom('api_keys').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('a key is refused on the web app, account and key routes', async () => {
    const key = await createKey(ann);
    const asKey = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: keyHeaders(key), payload });
    expectStatus(await asKey('GET', '/auth/session'), 403, 'API_KEY_NOT_ALLOWED');
    expectStatus(await asKey('GET', '/api-keys'), 403, 'API_KEY_NOT_ALLOWED');
    expectStatus(
      await asKey('POST', '/api-keys', { name: 'Another', scopes: ['read'] }),
      403,
      'API_KEY_NOT_ALLOWED',
    );
    expectStatus(
      await asKey('POST', '/reset-user', {
        walletAddress: ann.walletAddress,
        startingBalance: 50_000,
      }),
      403,
      'API_KEY_NOT_ALLOWED',
    );
    // Even beside a valid session: a request carrying a key is a program's.
    const both = await t.app.inject({
      method: 'GET',
      url: '/api-keys',
      headers: { ...ann.headers, ...keyHeaders(key) },
    });
    expectStatus(both, 403, 'API_KEY_NOT_ALLOWED');
    expect(await list(ann)).toHaveLength(1);
  });

  it("a key cannot be made for another user's portfolio", async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api-keys',
      headers: { ...ann.headers, wallet: bob.walletAddress },
      payload: { name: 'Not mine', scopes: ['read'] },
    });
    expectStatus(other, 403, 'WALLET_MISMATCH');
  });

  it('bad input is refused with 400 and writes nothing', async () => {
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'Bot', scopes: [] },
      { name: 'Bot', scopes: ['admin'] },
      { name: 'Bot', scopes: ['read', 'read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
    ]) {
      expectStatus(await post(t.app, ann, '/api-keys', body), 400);
    }
    expect(await list(ann)).toEqual([]);
  });

  it('answers carry the rate limit headers and 429 past the limit', async () => {
    const key = await createKey(ann);
    for (let i = 1; i <= RATE; i += 1) {
      const res = await read(key);
      expectStatus(res, 200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(RATE));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(RATE - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    }
    const limited = await read(key);
    expectStatus(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another key of the same user has its own count.
    expectStatus(await read(await createKey(ann)), 200);
  });

  it('the last use is written at most once a minute', async () => {
    const key = await createKey(ann);
    expectStatus(await read(key), 200);
    const first = (await list(ann))[0]?.lastUsedAt as number;
    expectStatus(await read(key), 200);
    expect((await list(ann))[0]?.lastUsedAt).toBe(first);
    const earlier = first - LAST_USED_EVERY_MS;
    await t.ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: earlier })
      .where('id', '=', key.id)
      .execute();
    expectStatus(await read(key), 200);
    expect((await list(ann))[0]?.lastUsedAt).toBeGreaterThan(earlier);
  });
});

describe('what a key request costs', () => {
  it('a key request runs the key lookup and the rate-limit upsert, and its last use once a minute', async () => {
    const key = await createKey(ann);
    const first = await captureStatements(async () => expectStatus(await read(key), 200));
    expect(first.map((s) => s.sql)).toEqual([
      expect.stringMatching(/FROM api_keys JOIN portfolios/),
      expect.stringMatching(/insert into "rate_limits"/i),
      expect.stringMatching(/update "api_keys" set "last_used_at"/i),
    ]);
    const again = await captureStatements(async () => expectStatus(await read(key), 200));
    expect(again).toHaveLength(2);
  });
});

describe.skipIf(testDialect !== 'postgres')('API keys on two instances (PostgreSQL)', () => {
  it('a key revoked on one instance is refused on the other at once', async () => {
    // Two apps on one database, as two instances behind a load balancer.
    const a = await createTestApp({ keep: true, testRoutes: keyTestRoutes });
    cleanups.push(() => disposeTestDatabase({ dataDir: a.dataDir, databaseUrl: a.databaseUrl }));
    cleanups.push(() => a.close());
    const b = await createTestApp({
      keep: true,
      databaseUrl: a.databaseUrl,
      testRoutes: keyTestRoutes,
    });
    cleanups.push(() => disposeTestDatabase({ dataDir: b.dataDir }));
    cleanups.push(() => b.close());
    await Promise.all([(a.ctx.bus as PgEventBus).ready(), (b.ctx.bus as PgEventBus).ready()]);

    const carl = await createTestUser(a.ctx);
    const key = await createKey(carl, ['read'], a.app);
    expectStatus(await read(key, undefined, b.app), 200);
    const res = await a.app.inject({
      method: 'DELETE',
      url: `/api-keys/${key.id}`,
      headers: carl.headers,
    });
    expectStatus(res, 204);
    expectStatus(await read(key, undefined, b.app), 401, 'API_KEY_INVALID');
  });
});
