import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TradeAnswer, User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { fakeImage, multipartBody } from '../../test/account-test-helpers.ts';
import { tokenOf } from '../../test/auth-test-helpers.ts';
import {
  answerRecorder,
  documentValidator,
  type OpenApiDocument,
  type RecordedAnswer,
} from '../../test/openapi-kit.ts';
import { listRoutes } from '../../test/route-list.ts';
import { createTestUser, type TestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { readOutbox, waitForMail } from '../mail/outbox.ts';
import { totpCode } from '../features/auth/totp.ts';
import { OPERATIONS } from './api-operations.ts';
import { openapiPath, operationKey } from './api-docs.ts';

/**
 * /openapi.json against the app that serves it (docs/api.md, The OpenAPI document): every route
 * in it, described enough for a generator, its schemas valid for Ajv, every route's real answers
 * valid by those schemas, and Redocly's recommended rules passing.
 */
const { t } = useTestApp({ marketControl: true });

/**
 * Routes the document leaves out: Swagger UI's pages, the operations endpoints (docs/api.md), and
 * Alpaca's interface: the Trading API v2 (/v2/...), the market data and the streams, which
 * Alpaca's own reference documents, answering Alpaca's shapes and errors rather than ours
 * (docs/decisions/031-alpaca-trading.md, 032-alpaca-data-and-streams.md).
 */
const UNDOCUMENTED =
  /^\/(docs(\/|$)|openapi\.json$|health$|ready$|metrics$|v2\/|v1beta3\/|stream$)/;

const documentOf = async () =>
  (await t.app.inject({ url: '/openapi.json' })).json<OpenApiDocument>();

/** Every documented operation of the app, by listRoutes (HEAD routes are Fastify's own). */
const documentedRoutes = () =>
  listRoutes(t.app).filter((r) => r.method !== 'HEAD' && !UNDOCUMENTED.test(r.url));

describe('/openapi.json', () => {
  it('lists every route with an operationId, a summary, tags, security and {error, code} error answers', async () => {
    const document = await documentOf();
    const ids = new Set<string>();
    for (const route of documentedRoutes()) {
      const key = operationKey(route.method, route.url);
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(OPERATIONS[key], `${key} has no entry in api-operations.ts`).toBeDefined();
      expect(operation?.operationId, key).toBe(OPERATIONS[key]?.operationId);
      expect(ids.has(operation?.operationId ?? ''), key).toBe(false);
      ids.add(operation?.operationId ?? '');
      expect(operation?.summary, key).toBeTruthy();
      expect(operation?.tags?.length, key).toBeGreaterThan(0);
      expect(operation?.security, key).toBeDefined();
      for (const [status, answer] of Object.entries(operation?.responses ?? {})) {
        if (!status.startsWith('4')) continue;
        const shared = '$ref' in answer ? answer.$ref.split('/').at(-1) : undefined;
        const body = ('$ref' in answer ? document.components.responses[shared ?? ''] : answer)
          ?.content?.['application/json'];
        expect(body?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    expect(Object.keys(OPERATIONS).sort()).toEqual(
      documentedRoutes()
        .map((r) => operationKey(r.method, r.url))
        .sort(),
    );
  });

  it('names the shapes of the contract as components that Ajv compiles', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    // Null is a type in 3.1: no 3.0 `nullable`, which Ajv refuses without a type beside it.
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    const names = Object.keys(document.components.schemas);
    for (const shape of ['User', 'Asset', 'Transaction', 'LimitPosition', 'Contest', 'ErrorBody'])
      expect(names).toContain(shape);
    const { component } = documentValidator(document);
    for (const name of names) expect(() => component(name), name).not.toThrow();
    expect(document.paths['/purchase-asset']?.post?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/TradeAnswer' } } },
    });
  });

  it("matches every route's real answers, successes and errors, by its own schemas", async () => {
    const { call, answers } = answerRecorder(() => t.app);
    const scenario = await everyRouteScenario(call);
    // Each signed-in call without credentials: the document's 401, with the error schema.
    const document = await documentOf();
    for (const route of documentedRoutes()) {
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation?.responses['401'] || route.url === '/live') continue;
      await call(`${route.method} ${route.url}`, {
        params: { id: 'x', code: 'x', file: 'x', walletAddress: scenario.ann.walletAddress },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
    }

    // Each call with a body, sent an empty one by a signed-in user: a documented error answer.
    for (const route of documentedRoutes()) {
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation?.requestBody || route.url === '/uploads/avatar') continue;
      const status = (
        await call(`${route.method} ${route.url}`, {
          headers: scenario.ann.headers,
          params: { id: 'x', walletAddress: scenario.ann.walletAddress },
          payload: {},
        })
      ).statusCode;
      expect(status, route.url).toBeGreaterThanOrEqual(400);
    }

    const { problems } = documentValidator(document);
    const wrong = answers
      .map((answer) => ({ answer, problems: problems(answer) }))
      .filter((a) => a.problems.length > 0)
      .map(({ answer, problems: p }) => `${describeAnswer(answer)}: ${p.join('; ')}`);
    expect(wrong).toEqual([]);
    // Every operation answered at least once with a success.
    const succeeded = new Set(answers.filter((a) => a.response.statusCode < 300).map((a) => a.key));
    const missing = documentedRoutes()
      .map((r) => operationKey(r.method, r.url))
      .filter((key) => !succeeded.has(key) && !NO_SUCCESS_HERE.has(key));
    expect(missing).toEqual([]);
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(await documentOf()));
      const result = spawnSync(REDOCLY, ['lint', file, '--format=json'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Redocly's CLI as npm ci installs it (a dev dependency at 2.77.0): no network needed. */
const REDOCLY = fileURLToPath(new URL('../../../../node_modules/.bin/redocly', import.meta.url));

/** /live answers 101 only to a WebSocket upgrade, which app.inject cannot make: its errors are checked. */
const NO_SUCCESS_HERE = new Set(['GET /live']);

const describeAnswer = ({ key, url, response }: RecordedAnswer) =>
  `${key} (${url}) ${response.statusCode} ${response.body.slice(0, 300)}`;

type Call = ReturnType<typeof answerRecorder>['call'];

/** Throws with the answer when a scenario step did not succeed, so the failure says which. */
function ok(response: Awaited<ReturnType<Call>>, step: string) {
  if (response.statusCode >= 300)
    throw new Error(`${step}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
}

/**
 * One call of every route that succeeds, in an order that gives each the state it needs: a
 * signed-up account through the auth calls, a trader with orders and alerts, a teacher's class
 * and contests with members.
 */
async function everyRouteScenario(call: Call) {
  const password = 'correct horse battery';
  const json = { 'content-type': 'application/json' };

  // Auth, on an account made through the routes.
  const email = `doc${Date.now()}@example.test`;
  const signUp = ok(
    await call('POST /auth/sign-up', {
      payload: { email, password, username: `doc${Date.now() % 1e8}` },
    }),
    'sign-up',
  ).json<{ token: string; user: User }>();
  const me = { authorization: `Bearer ${signUp.token}`, wallet: signUp.user.walletAddress };
  ok(await call('POST /auth/login', { payload: { email, password } }), 'login');
  ok(await call('GET /auth/session', { headers: me }), 'session');
  const verifyMail = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1);
  ok(
    await call('POST /auth/verify-email', { payload: { token: tokenOf(verifyMail?.link) } }),
    'verify',
  );
  ok(await call('POST /auth/forgot-password', { payload: { email } }), 'forgot');
  const resetMail = await waitForMail(
    t.dataDir,
    (m) => m.to === email && /reset/i.test(m.link ?? ''),
  );
  ok(
    await call('POST /auth/reset-password', {
      payload: { token: tokenOf(resetMail.link), password },
    }),
    'reset',
  );
  const session = ok(
    await call('POST /auth/login', { payload: { email, password } }),
    'login again',
  );
  const headers = {
    authorization: `Bearer ${session.json<{ token: string }>().token}`,
    wallet: signUp.user.walletAddress,
  };
  ok(
    await call('POST /auth/change-password', {
      headers,
      payload: { currentPassword: password, newPassword: password },
    }),
    'change password',
  );
  ok(
    await call('POST /auth/change-email', {
      headers,
      payload: { currentPassword: password, newEmail: `new.${email}` },
    }),
    'change e-mail',
  );
  const { secret } = ok(
    await call('POST /auth/totp/setup', { headers, payload: { currentPassword: password } }),
    'totp setup',
  ).json<{ secret: string }>();
  const { recoveryCodes } = ok(
    await call('POST /auth/totp/enable', { headers, payload: { code: totpCode(secret) } }),
    'totp enable',
  ).json<{ recoveryCodes: string[] }>();
  ok(
    await call('POST /auth/totp/disable', {
      headers,
      payload: { currentPassword: password, code: recoveryCodes[0] },
    }),
    'totp disable',
  );

  // The market.
  ok(await call('GET /all-assets'), 'assets');
  ok(
    await call('GET /assets/:id/candles', { params: { id: 'btcusd' }, query: { interval: '1h' } }),
    'candles',
  );
  ok(await call('GET /assets/:id/day-stats', { params: { id: 'btcusd' } }), 'day stats');
  ok(
    await call('GET /assets/:id/book', { params: { id: 'btcusd' }, query: { depth: '5' } }),
    'order book',
  );
  ok(await call('GET /icons/assets/:file', { params: { file: 'btc.svg' } }), 'icon');
  ok(
    await call('POST /market-control/price', { payload: { id: 'btcusd', price: 50_000 } }),
    'price',
  );
  ok(await call('POST /market-control/tick'), 'tick');

  // A trader's orders, history, alerts and account.
  const ann = await createTestUser(t.ctx);
  const bob = await createTestUser(t.ctx);
  const as = (user: TestUser) => ({ headers: user.headers });
  const bought = ok(
    await call('POST /purchase-asset', {
      ...as(ann),
      payload: { symbol: 'BTC', walletAddress: ann.walletAddress, assetAmount: 1000, unit: 'USD' },
    }),
    'buy',
  ).json<TradeAnswer>();
  ok(
    await call('POST /sell-asset', {
      ...as(ann),
      payload: { symbol: 'BTC', walletAddress: ann.walletAddress, assetAmount: 100, unit: 'USD' },
    }),
    'sell',
  );
  const opened = ok(
    await call('POST /open-limit-position', {
      ...as(ann),
      payload: {
        type: 'PURCHASE',
        symbol: 'BTC',
        walletAddress: ann.walletAddress,
        limitAsk: 40_000,
        purchaseAsk: 100,
      },
    }),
    'open limit',
  ).json<{ limitPosition: { positionId: string } }>();
  const positionId = opened.limitPosition.positionId;
  ok(
    await call('PUT /limit-position', {
      ...as(ann),
      payload: { positionId, walletAddress: ann.walletAddress, limitAsk: 39_000 },
    }),
    'modify limit',
  );
  ok(
    await call('POST /cancel-limit-position', {
      ...as(ann),
      payload: { positionId, walletAddress: ann.walletAddress },
    }),
    'cancel limit',
  );
  ok(
    await call('POST /user-details', { ...as(ann), payload: { walletAddress: ann.walletAddress } }),
    'own user',
  );
  ok(
    await call('POST /user-details', { payload: { walletAddress: ann.walletAddress } }),
    'public profile',
  );
  ok(await call('GET /transactions', as(ann)), 'transactions');
  ok(
    await call('GET /transactions/:id', { ...as(ann), params: { id: bought.transaction.id } }),
    'transaction',
  );
  ok(await call('GET /transactions.csv', as(ann)), 'csv');
  ok(await call('GET /balance-history', { ...as(ann), query: { days: '7' } }), 'balance history');
  ok(await call('GET /portfolio-insight', as(ann)), 'insight');
  ok(await call('GET /portfolios', as(ann)), 'portfolios');
  ok(
    await call('PUT /update-watchlist', {
      ...as(ann),
      payload: { walletAddress: ann.walletAddress, watchlist: ['BTC', 'ETH'] },
    }),
    'watchlist',
  );
  // Lessons: the list and a quiz are public, progress is the caller's.
  const lessons = ok(await call('GET /lessons'), 'lessons').json<
    { slug: string; hasQuiz: boolean }[]
  >();
  const slug = lessons.find((l) => l.hasQuiz)?.slug ?? '';
  const quiz = ok(await call('GET /lessons/:slug/quiz', { params: { slug } }), 'quiz').json<{
    questions: { choices: { id: string }[] }[];
  }>();
  const answers = quiz.questions.map((q) => q.choices[0]?.id ?? '');
  ok(
    await call('POST /lessons/:slug/quiz', { ...as(ann), params: { slug }, payload: { answers } }),
    'quiz answers',
  );
  ok(
    await call('POST /lessons/:slug/read', {
      ...as(ann),
      params: { slug },
      payload: { read: true },
    }),
    'lesson read',
  );
  ok(await call('GET /lessons/progress', as(ann)), 'lesson progress');
  const alert = ok(
    await call('POST /alerts', { ...as(ann), payload: { symbol: 'BTC', above: 900_000 } }),
    'alert',
  ).json<{ id: string }>();
  ok(await call('GET /alerts', as(ann)), 'alerts');
  ok(await call('DELETE /alerts/:id', { ...as(ann), params: { id: alert.id } }), 'delete alert');
  const apiKey = ok(
    await call('POST /api-keys', { ...as(ann), payload: { name: 'Doc bot', scopes: ['read'] } }),
    'api key',
  ).json<{ id: string }>();
  ok(await call('GET /api-keys', as(ann)), 'api keys');
  ok(await call('DELETE /api-keys/:id', { ...as(ann), params: { id: apiKey.id } }), 'revoke key');
  ok(
    await call('PUT /update-user', {
      ...as(ann),
      payload: { key: 'displayName', walletAddress: ann.walletAddress, updates: 'Ann Doc' },
    }),
    'update user',
  );
  const upload = multipartBody(fakeImage('png'), 'me.png', 'image/png');
  const { url } = ok(
    await call('POST /uploads/avatar', {
      headers: { ...ann.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    }),
    'avatar',
  ).json<{ url: string }>();
  ok(await call('GET /uploads/:file', { params: { file: url.split('/').at(-1) ?? '' } }), 'upload');

  // Social.
  ok(await call('GET /leaderboard'), 'leaderboard');
  ok(await call('GET /leaderboard/me', as(ann)), 'my row');
  const other = { walletAddress: bob.walletAddress };
  ok(await call('POST /follow', { ...as(ann), payload: other }), 'follow');
  for (const list of ['followers', 'following', 'profile'])
    ok(await call(`GET /users/:walletAddress/${list}`, { params: other }), list);
  ok(await call('DELETE /follow', { ...as(ann), payload: other }), 'unfollow');
  ok(await call('GET /explore/most-traded'), 'most traded');

  // Contests and a class, hosted by a teacher with a verified address.
  const teacher = await createTestUser(t.ctx);
  await t.ctx.db
    .updateTable('users')
    .set({ email_verified: 1, account_type: 'TEACHER' })
    .where('id', '=', teacher.id)
    .execute();
  const now = Date.now();
  const rules = { visibility: 'PRIVATE', startingBalance: 10_000, endsAt: now + 7 * 86_400_000 };
  const create = async (kind: string, startsAt: number) =>
    ok(
      await call('POST /contests', {
        ...as(teacher),
        payload: { name: `${kind} of docs`, kind, startsAt, ...rules },
      }),
      `create ${kind}`,
    ).json<{ id: string; joinCode: string }>();
  const contest = await create('CONTEST', now - 1_000);
  const id = { id: contest.id };
  ok(await call('GET /contests', { ...as(teacher), query: { scope: 'owned' } }), 'contests');
  ok(await call('GET /contests/:id', { ...as(teacher), params: id }), 'contest');
  ok(
    await call('PATCH /contests/:id', {
      ...as(teacher),
      params: id,
      payload: { name: 'Docs cup' },
    }),
    'patch',
  );
  ok(
    await call('GET /contests/code/:code', { ...as(bob), params: { code: contest.joinCode } }),
    'by code',
  );
  ok(
    await call('POST /contests/join', { ...as(bob), payload: { code: contest.joinCode } }),
    'join',
  );
  ok(await call('GET /contests/:id/leaderboard', { ...as(teacher), params: id }), 'board');
  ok(await call('GET /contests/:id/returns', { ...as(teacher), params: id }), 'returns');
  ok(await call('GET /contests/:id/members', { ...as(teacher), params: id }), 'members');
  ok(
    await call('POST /contests/:id/announcements', {
      ...as(teacher),
      params: id,
      payload: { text: 'Welcome' },
    }),
    'announce',
  );
  ok(await call('GET /contests/:id/standings.csv', { ...as(teacher), params: id }), 'standings');
  // A replay class over one imported minute of BTC.
  const btc = await t.ctx.db
    .selectFrom('assets')
    .select('id')
    .where('symbol', '=', 'BTC')
    .executeTakeFirstOrThrow();
  const minute = Date.UTC(2024, 2, 5, 12, 0);
  await t.ctx.db
    .insertInto('candles')
    .values({
      asset_id: btc.id,
      interval: '1m',
      start_ts: minute,
      open: 3e12,
      high: 3e12,
      low: 3e12,
      close: 3e12,
    })
    .execute();
  const replay = ok(
    await call('POST /contests', {
      ...as(teacher),
      payload: {
        name: 'Replay of docs',
        kind: 'CLASS',
        startsAt: now - 1_000,
        ...rules,
        allowedSymbols: ['BTC'],
        priceSource: { kind: 'REPLAY', from: minute, to: minute + 60_000, speed: 1 },
      },
    }),
    'create replay',
  ).json<{ id: string }>();
  ok(
    await call('GET /contests/:id/replay', { ...as(teacher), params: { id: replay.id } }),
    'replay',
  );
  ok(
    await call('GET /contests/:id/candles', {
      ...as(teacher),
      params: { id: replay.id },
      query: { symbol: 'BTC', interval: '1m' },
    }),
    'replay candles',
  );
  const klass = await create('CLASS', now - 1_000);
  const student = ok(
    await call('POST /contests/join', { ...as(bob), payload: { code: klass.joinCode } }),
    'join class',
  ).json<{ walletAddress: string }>();
  const member = { id: klass.id, walletAddress: student.walletAddress };
  ok(
    await call('GET /contests/:id/members/:walletAddress', { ...as(teacher), params: member }),
    'member',
  );
  ok(
    await call('GET /contests/:id/quiz-results', { ...as(teacher), params: { id: klass.id } }),
    'quiz results',
  );
  const week = { id: klass.id };
  const assignment = ok(
    await call('POST /contests/:id/assignments', {
      ...as(teacher),
      params: week,
      payload: {
        title: 'Week 1',
        dueAt: now + 86_400_000,
        tasks: [{ kind: 'PLACE_ORDER', orderType: 'MARKET' }],
      },
    }),
    'create assignment',
  ).json<{ id: string }>();
  const one = { id: klass.id, assignmentId: assignment.id };
  ok(await call('GET /contests/:id/assignments', { ...as(bob), params: week }), 'assignments');
  ok(
    await call('PATCH /contests/:id/assignments/:assignmentId', {
      ...as(teacher),
      params: one,
      payload: { title: 'Week one' },
    }),
    'patch assignment',
  );
  ok(
    await call('GET /contests/:id/assignments/:assignmentId/progress.csv', {
      ...as(teacher),
      params: one,
    }),
    'assignment csv',
  );
  ok(
    await call('DELETE /contests/:id/assignments/:assignmentId', { ...as(teacher), params: one }),
    'delete assignment',
  );
  ok(
    await call('DELETE /contests/:id/members/:walletAddress', { ...as(teacher), params: member }),
    'remove',
  );
  const upcoming = await create('CONTEST', now + 86_400_000);
  ok(
    await call('POST /contests/join', { ...as(bob), payload: { code: upcoming.joinCode } }),
    'join upcoming',
  );
  ok(await call('POST /contests/:id/leave', { ...as(bob), params: { id: upcoming.id } }), 'leave');

  // /live refuses a bad token before any upgrade, and a plain GET.
  expect((await call('GET /live', { headers: { authorization: 'Bearer x' } })).statusCode).toBe(
    401,
  );
  expect((await call('GET /live')).statusCode).toBe(426);

  // Last: the calls that end things.
  ok(
    await call('POST /reset-user', {
      ...as(ann),
      payload: { walletAddress: ann.walletAddress, startingBalance: 100_000 },
    }),
    'reset',
  );
  ok(await call('POST /auth/logout', { headers }), 'logout');
  ok(
    await call('DELETE /delete-user', {
      headers: { ...bob.headers, ...json },
      payload: { walletAddress: bob.walletAddress, currentPassword: bob.password },
    }),
    'delete',
  );
  return { ann };
}
