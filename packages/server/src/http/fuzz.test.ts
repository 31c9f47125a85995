import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { listRoutes, type RouteEntry } from '../../test/route-list.ts';
import { createTestUser, testDialect, type TestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * Random malformed requests across every route: no answer may be a 5xx, and every JSON
 * error answer must be docs/api.md's `{error, code}`. PostgreSQL runs fewer, as each request costs
 * more there and the suite runs on both dialects in CI; SQLite covers the full count.
 */
const RUNS = testDialect === 'postgres' ? 3_000 : 20_000;
/**
 * One fixed seed by default, so a CI run is the same run every time; FUZZ_SEED=<n> explores
 * another stretch (fast-check prints the seed and the shrunk request of any failure).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** Signed-in users are replaced this often: a fuzzed logout or reset would otherwise end them. */
const USERS_EVERY = 1_000;

const { t } = useTestApp();

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Junk for a path parameter, a path segment or a query value: empty-ish, huge, unicode, numbers. */
const segment = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('null', '-1', '0', '1e400', 'BTC', 'btcusd', ' ', 'a/b'),
  fc.integer({ min: 101, max: 3_000 }).map((n) => 'x'.repeat(n)),
  fc.bigInt().map(String),
  fc.uuid(),
);
/** A segment as it goes into the URL: encoded, or one of the raw forms that decode badly or climb. */
const urlSegment = fc.oneof(
  { weight: 5, arbitrary: segment.map(encodeURIComponent) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%00',
      '%E0%A4%A',
      '%',
      '%25',
      '%2F',
      '%C0%AF',
      '',
    ),
  },
);

/** A route's pattern with its parameters replaced by junk. */
function fillParams(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => values[i++ % values.length] ?? '');
}

/**
 * Method and path: mostly a real route with its own method (so the request reaches its parsers,
 * guards and validators), sometimes another method, sometimes a path that exists nowhere.
 */
function target(routes: RouteEntry[]) {
  const params = fc.array(urlSegment, { minLength: 4, maxLength: 4 });
  const route = fc
    .tuple(fc.constantFrom(...routes), params)
    .map(([r, values]) => ({ method: r.method, path: fillParams(r.url, values) }));
  const otherMethod = fc
    .tuple(fc.constantFrom(...routes), params, fc.constantFrom(...METHODS))
    .map(([r, values, method]) => ({ method, path: fillParams(r.url, values) }));
  const nowhere = fc
    .tuple(fc.array(urlSegment, { minLength: 1, maxLength: 4 }), fc.constantFrom(...METHODS))
    .map(([parts, method]) => ({ method, path: `/${parts.join('/')}` }));
  return fc.oneof(
    { weight: 8, arbitrary: route },
    { weight: 1, arbitrary: otherMethod },
    { weight: 1, arbitrary: nowhere },
  );
}

const QUERY_KEYS = [
  'cursor',
  'limit',
  'days',
  'interval',
  'from',
  'to',
  'type',
  'symbol',
  'archived',
  'token',
  'x',
];
const query = fc
  .dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(segment, fc.double().map(String)), {
    maxKeys: 3,
  })
  .map((entries) => new URLSearchParams(entries).toString());

/** The names the routes read, so junk reaches the validators' deeper branches, not just "not an object". */
const FIELDS = [
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'username',
  'displayName',
  'token',
  'symbol',
  'amount',
  'unit',
  'method',
  'price',
  'limitPrice',
  'orderId',
  'id',
  'watchlist',
  'settings',
  'key',
  'value',
  'avatar',
  'walletAddress',
  'bio',
  'notifications',
  'days',
  '__proto__',
  'constructor',
];
const junkValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    1e308,
    -1e308,
    1e-324,
    0.1 + 0.2,
    Number.MAX_SAFE_INTEGER + 2,
    10_000_000_000_001,
  ),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const fieldsBody = fc
  .dictionary(fc.constantFrom(...FIELDS), junkValue, { maxKeys: 5 })
  .map((o) => JSON.stringify(o));

const body = fc.oneof(
  fc.constant(undefined),
  fieldsBody,
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  // Not JSON at all, or JSON with what JSON.parse turns odd (1e400 is Infinity, a deep nest).
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'null',
    '""',
    '{"amount": 1e400}',
    '{"__proto__": {"x": 1}}',
    '[]',
    '0',
  ),
  fc.integer({ min: 1, max: 5_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin-99',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/octet-stream',
  'image/png',
  ';;;',
  'application/vnd.junk+json',
];

/** Rarely there, so most requests get past the body parser to the route's own checks. */
const rare = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { freq: 12, nil: undefined });

/** Headers an attacker might send (never an Upgrade: /live's own tests do that); undefined ones are left out. */
const extraHeaders = fc
  .record({
    'content-type': fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    ),
    accept: rare(
      fc.constantFrom('text/html', 'application/json', '*/*', 'image/*', 'text/csv', 'junk'),
    ),
    'content-encoding': rare(fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'zz')),
    origin: rare(fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null')),
    'sec-fetch-site': rare(fc.constantFrom('same-origin', 'cross-site', 'none')),
    'x-forwarded-for': rare(fc.oneof(fc.ipV4(), fc.string({ maxLength: 20 }))),
    'accept-encoding': rare(fc.constantFrom('gzip', 'br', 'zz', '*')),
    'if-none-match': rare(fc.string({ maxLength: 20 })),
    range: rare(fc.constantFrom('bytes=0-10', 'bytes=junk', 'bytes=99999999-')),
  })
  .map(
    (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
  );

/** Who sends it: nobody, a user (bearer or cookie, right or wrong wallet), or a forged token. */
const AUTH_KINDS = ['none', 'bearer', 'cookie', 'wrong-wallet', 'junk-token'] as const;
type AuthKind = (typeof AUTH_KINDS)[number];

function authHeaders(kind: AuthKind, user: TestUser | undefined): Record<string, string> {
  if (!user) return {};
  switch (kind) {
    case 'none':
      return {};
    case 'bearer':
      return user.headers;
    case 'cookie':
      return { cookie: `session=${user.token}`, wallet: user.walletAddress };
    case 'wrong-wallet':
      return { ...user.headers, wallet: '0xjunk' };
    case 'junk-token':
      return { authorization: 'Bearer junk', cookie: 'session=%%%' };
  }
}

const ALPACA_ROUTE = /^\/(v1beta3|v2)\//;

it(
  `answers ${RUNS} random malformed requests without a 5xx, every error as {error, code}`,
  { timeout: 300_000 },
  async () => {
    const routes = listRoutes(t.app);
    // The list drives the test: a route added later is fuzzed without editing this file.
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'GET', url: '/assets/:id/candles' });

    const request = fc.record({
      target: target(routes),
      query,
      headers: extraHeaders,
      payload: body,
      auth: fc.constantFrom(...AUTH_KINDS),
      user: fc.nat(),
    });

    let users: TestUser[] = [];
    let sent = 0;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        if (sent % USERS_EVERY === 0)
          users = [await createTestUser(t.ctx), await createTestUser(t.ctx)];
        sent += 1;
        const { method, path } = r.target;
        const url = r.query ? `${path}?${r.query}` : path;
        const options: InjectOptions = {
          method: method,
          url,
          headers: { ...r.headers, ...authHeaders(r.auth, users[r.user % users.length]) },
          ...(r.payload === undefined || method === 'GET' || method === 'HEAD'
            ? {}
            : { payload: r.payload }),
        };
        const answer = await t.app.inject(options);
        const type = String(answer.headers['content-type'] ?? '');
        const describe = () =>
          `${method} ${url.slice(0, 120)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
        if (answer.statusCode >= 500) failures.push(describe());
        expect(answer.statusCode, describe()).toBeLessThan(500);
        if (answer.statusCode >= 400 && type.includes('json') && method !== 'HEAD') {
          // Alpaca's interface answers Alpaca's {code, message} (docs/decisions/031-alpaca-trading.md,
          // 032-alpaca-data-and-streams.md) once routed; what the server refuses before routing
          // (414, 431) and a method a path does not have (the root) keep ours.
          const alpaca = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
          if (ALPACA_ROUTE.test(path) && 'message' in alpaca) {
            expect(typeof alpaca.code, describe()).toBe('number');
            expect(typeof alpaca.message, describe()).toBe('string');
            return;
          }
          const parsed = JSON.parse(answer.body) as { error?: unknown; code?: unknown };
          expect(typeof parsed.error, describe()).toBe('string');
          expect(typeof parsed.code, describe()).toBe('string');
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(failures).toEqual([]);
  },
);
