import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRoutes } from '../../test/route-list.ts';
import { createTestApp, createTestUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import { holdsNul } from './text-input.ts';

const NUL = 'a\u0000b';

/** A JSON schema as /openapi.json gives it (generated from the routes' zod schemas). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const types = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/**
 * One value per text a schema lets in (each string field, each object key, at any depth), each
 * holding exactly one NUL there. A schema that says nothing (`updates: {}`) takes any text.
 */
function nulValues(schema: Schema, spec: Spec, depth = 0): unknown[] {
  if (depth > 8) return [];
  if (schema.$ref) {
    const target = spec.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
    return target ? nulValues(target, spec, depth + 1) : [];
  }
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const values = variants.flatMap((variant) => nulValues(variant, spec, depth + 1));
  const kinds = types(schema);
  if (kinds.includes('string')) values.push(NUL);
  if (kinds.includes('object') || schema.properties) {
    for (const [name, inner] of Object.entries(schema.properties ?? {})) {
      for (const value of nulValues(inner, spec, depth + 1)) values.push({ [name]: value });
    }
    if (schema.additionalProperties) {
      values.push({ [NUL]: 'x' });
      if (typeof schema.additionalProperties === 'object') {
        for (const value of nulValues(schema.additionalProperties, spec, depth + 1))
          values.push({ k: value });
      }
    }
  }
  if (kinds.includes('array') && schema.items) {
    for (const value of nulValues(schema.items, spec, depth + 1)) values.push([value]);
  }
  if (kinds.length === 0 && variants.length === 0 && !schema.properties)
    values.push(NUL, { [NUL]: 'x' });
  return values;
}

interface Probe {
  method: string;
  url: string;
  payload?: unknown;
  /** Where the NUL is, for the failure message. */
  where: string;
}

/**
 * Every way to put a NUL into every route: each path parameter, each declared query parameter
 * and an undeclared one, and each text in the declared body. The routes come from the app itself
 * and the fields from its OpenAPI document, so a route or field added later is covered unedited.
 */
function probes(app: TestApp['app'], spec: Spec): Probe[] {
  const list: Probe[] = [];
  for (const { method, url } of listRoutes(app)) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    const params = url.match(/:[A-Za-z]+|\*/g) ?? [];
    const fill = (nulAt: number) => {
      let i = 0;
      return url.replace(/:[A-Za-z]+|\*/g, () => (i++ === nulAt ? encodeURIComponent(NUL) : 'x'));
    };
    const plain = fill(-1);
    params.forEach((name, i) => list.push({ method, url: fill(i), where: `path ${name}` }));
    list.push({
      method,
      url: `${plain}?unlisted=${encodeURIComponent(NUL)}`,
      where: 'undeclared query',
    });

    const operation = spec.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      if (!nulValues(parameter.schema, spec).some((v) => typeof v === 'string')) continue;
      list.push({
        method,
        url: `${plain}?${parameter.name}=${encodeURIComponent(NUL)}`,
        where: `query ${parameter.name}`,
      });
    }
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    for (const payload of body ? nulValues(body, spec) : []) {
      list.push({ method, url: plain, payload, where: `body ${JSON.stringify(payload)}` });
    }
  }
  return list;
}

describe('text input', () => {
  let t: TestApp;
  let ann: TestUser;
  const logLines: string[] = [];
  beforeEach(async () => {
    logLines.length = 0;
    t = await createTestApp({ logTo: { write: (line) => logLines.push(line) } });
    ann = await createTestUser(t.ctx);
  });
  afterEach(async () => {
    await t.close();
  });

  /** Log lines at error level or above (pino: error 50, fatal 60). */
  const errorLines = () =>
    logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  it('a NUL in the e-mail of forgot-password answers 400 INVALID_TEXT and logs no error', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'a\u0000b@example.test' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ code: string }>().code).toBe('INVALID_TEXT');
    // A request after it: had the reset started in the background, its error would be logged by now.
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'someone@example.test' },
    });
    expect(errorLines()).toEqual([]);
  });

  it(
    'a NUL in any string field of any route answers 400 INVALID_TEXT and logs no error',
    { timeout: 120_000 },
    async () => {
      const spec = (await t.app.inject({ url: '/openapi.json' })).json<Spec>();
      const list = probes(t.app, spec);
      // The app's own listing drives the test; these prove it reached bodies, queries and paths.
      expect(list.length).toBeGreaterThan(150);
      expect(list).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: '/auth/forgot-password',
          payload: { email: NUL },
        }),
      );
      expect(list).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          url: `/transactions?symbol=${encodeURIComponent(NUL)}`,
        }),
      );
      expect(list).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          url: '/update-user',
          payload: { updates: { [NUL]: 'x' } },
        }),
      );

      const wrong: string[] = [];
      for (const probe of list) {
        expect(holdsNul(probe.payload) || probe.url.includes('%00')).toBe(true);
        const answer = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: ann.headers,
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        });
        const code = answer.headers['content-type']?.toString().includes('json')
          ? answer.json<{ code?: unknown }>().code
          : undefined;
        // Alpaca's routes answer the same refusal in Alpaca's error shape (docs/api.md,
        // "Alpaca-compatible trading": 422 on the Trading API, 400 on the market data, as
        // Alpaca's do). The Trading API's literal colon (/v2/orders:by_client_order_id) reads
        // as a parameter here, so those probes reach no route and the root answers ours.
        const ours = answer.statusCode === 400 && code === 'INVALID_TEXT';
        const alpacas =
          (probe.url.startsWith('/v2/') && answer.statusCode === 422 && code === 42210000) ||
          (probe.url.startsWith('/v1beta3/') && answer.statusCode === 400 && code === 40010000);
        if (!ours && !alpacas) {
          wrong.push(
            `${probe.method} ${probe.url} (${probe.where}) -> ${answer.statusCode} ${answer.body.slice(0, 120)}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      expect(errorLines()).toEqual([]);
    },
  );
});
