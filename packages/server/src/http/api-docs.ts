import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { requireSession, requireUser } from '../features/auth/guard.ts';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import { nameDomainSchemas } from './api-schemas.ts';
import { OPERATIONS } from './api-operations.ts';
import { cspHeader, DOCS_CSP } from './security-headers.ts';

/** OpenAPI 3.1: its schemas are JSON Schema 2020-12, so `null` is a type like any other. */
export const OPENAPI_VERSION = '3.1.0';

/** How the app really authenticates (features/auth/guard.ts): the session cookie or its token. */
const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The httpOnly cookie that sign-up and login set (browsers)',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `token` that sign-up and login answer, as `Authorization: Bearer <token>`',
  },
} as const;
const SIGNED_IN = [{ session: [] }, { bearer: [] }];
/** `{}` first: the call works without credentials too, and with them answers more. */
const SIGN_IN_OPTIONAL = [{}, ...SIGNED_IN];

/** One shared answer per error status, all of them the `{error, code, field?}` body. */
const ERROR_ANSWERS: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'Bad input: `code` says what, `field` names the input when there is one'],
  401: ['Unauthorized', 'Not signed in, or the session token no longer works'],
  403: ['Forbidden', 'Signed in but not allowed (another wallet, a cross-site request, ...)'],
  404: ['NotFound', 'No such resource, or not one the caller may see'],
  409: ['Conflict', 'The state forbids it (an order already filled, a name taken, ...)'],
  413: ['PayloadTooLarge', 'The body is too large'],
  426: ['UpgradeRequired', 'A plain HTTP request to a path that takes only a WebSocket upgrade'],
  429: ['TooManyRequests', 'Rate limited: `Retry-After` says when to try again'],
};

const TAGS = (
  [
    ['auth', 'Sign-up, sessions, passwords and two-factor authentication'],
    ['market', 'Assets, prices and candles'],
    ['market control', 'Set prices and run ticks (only with MARKET_CONTROL=1; tests and demos)'],
    ['trading', 'Market orders and working orders'],
    ['portfolio', 'History, balance history and insight of the portfolio the Wallet header names'],
    ['account', 'Profile, settings, watchlist, avatar, reset and deletion'],
    ['alerts', 'Price alerts'],
    ['social', 'Leaderboard, profiles and follows'],
    ['explore', 'What other users trade'],
    ['contests', 'Contests and classes, their portfolios and boards'],
    ['realtime', 'The /live WebSocket'],
  ] as const
).map(([name, description]) => ({ name, description }));

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, Json>;
}

/** `/assets/:id/candles` -> `/assets/{id}/candles`, the form the document's paths take. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The key of OPERATIONS for a route: its method (not the HEAD Fastify adds) and path. */
export const operationKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${openapiPath(url)}`;

const hooksOf = (route: RouteOptions) =>
  [route.preValidation, route.preHandler, route.onRequest].flat().filter(Boolean);

/** Per route: its id, summary, tag and who may call it (from its guard, or the table). */
function describeRoute(schema: Json, route: RouteOptions, url: string): Json {
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const doc = OPERATIONS[operationKey(method, url)];
  const guarded = hooksOf(route).some((hook) => hook === requireUser || hook === requireSession);
  const tags = (schema.tags as string[] | undefined) ?? (doc?.tag ? [doc.tag] : undefined);
  return {
    ...schema,
    operationId:
      doc?.operationId ??
      `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string) => (c ?? '').toUpperCase())}`,
    summary: doc?.summary ?? schema.summary,
    ...(tags ? { tags } : {}),
    security:
      guarded || doc?.auth === 'signed-in'
        ? SIGNED_IN
        : doc?.auth === 'optional'
          ? SIGN_IN_OPTIONAL
          : [],
  };
}

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
};

/** The shared answer of an error status, or one of its own for a status no other call has. */
const errorAnswer = (status: number) => {
  const shared = ERROR_ANSWERS[status];
  return shared
    ? { $ref: `#/components/responses/${shared[0]}` }
    : { description: `Error ${status}`, content: ERROR_CONTENT };
};

/**
 * Per operation: the success answer of a route with no response schema, and its error answers:
 * 400 for any input, 401 and 403 for a signed-in call (403: another wallet, CSRF), 404 for an id
 * in the path, 413 for a body, and the table's own (409, 429, ...).
 */
function completeOperation(path: string, method: string, op: Operation): void {
  const doc = OPERATIONS[operationKey(method, path)];
  if (doc?.answer) {
    const { status, description, contentType } = doc.answer;
    delete op.responses['200'];
    op.responses[String(status)] = contentType
      ? { description, content: { [contentType]: { schema: { type: 'string' } } } }
      : { description };
  }
  if (doc?.fileUpload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream' };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file }, required: ['file'] },
        },
      },
    };
  }
  for (const answer of Object.values(op.responses)) {
    if (answer.description === 'Default Response') answer.description = 'OK';
  }
  const errors = new Set(doc?.errors ?? []);
  if (op.requestBody || (op.parameters?.length ?? 0) > 0) errors.add(400);
  const security = (op.security ?? []) as Json[];
  const signedIn = security.length > 0 && security.every((s) => Object.keys(s).length > 0);
  if (signedIn) [401, 403].forEach((s) => errors.add(s));
  if (path.includes('{')) errors.add(404);
  if (op.requestBody) errors.add(413);
  for (const status of [...errors].sort((a, b) => a - b))
    op.responses[String(status)] ??= errorAnswer(status);
}

/** The components something refers to, following refs through other components. */
function usedComponents(document: Json): Set<string> {
  const schemas = (document.components as { schemas: Json }).schemas;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const match =
          key === '$ref' &&
          typeof child === 'string' &&
          /^#\/components\/schemas\/(.+)$/.exec(child);
        if (match && match[1] && !used.has(match[1])) {
          used.add(match[1]);
          visit(schemas[match[1]]);
        } else visit(child);
      }
    }
  };
  visit({ ...document, components: { ...(document.components as Json), schemas: {} } });
  return used;
}

const zodComponents = createJsonSchemaTransformObject({});

/** The whole document: zod's named schemas, the shared error answers, every operation completed. */
function completeDocument(input: Parameters<typeof zodComponents>[0]): Json {
  const document = zodComponents(input) as unknown as Json & {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Json; responses?: Json };
  };
  document.components.responses = Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(([name, description]) => [
      name,
      { description, content: ERROR_CONTENT },
    ]),
  );
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(operations)) completeOperation(path, method, op);
  // Every domain schema is named, but the document keeps only those its operations use.
  const used = usedComponents(document);
  document.components.schemas = Object.fromEntries(
    Object.entries(document.components.schemas).filter(([name]) => used.has(name)),
  );
  return document;
}

/** /openapi.json and /docs, generated from the same zod schemas that validate the routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  nameDomainSchemas();
  const zodTransform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Paper trading API',
        version: '1.0.0',
        description:
          'Every failure answers {error, code, field?}. Authenticated calls carry the session cookie or ' +
          '`Authorization: Bearer <token>`, and `Wallet: <walletAddress>`. Paged answers carry the next ' +
          'cursor in the X-Next-Cursor header.',
      },
      servers: [{ url: '/', description: 'The origin that serves this document' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const out = zodTransform(input);
      const schema = (out.schema ?? {}) as Json;
      if (schema.hide) return out;
      return { ...out, schema: describeRoute(schema, input.route, input.url) };
    },
    transformObject: (input) => completeDocument(input) as never,
  });
  // Swagger UI's routes get their own policy (set in its scope's onSend, over the app's).
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: cspHeader(DOCS_CSP) });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
