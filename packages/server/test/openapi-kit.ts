import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { App } from '../src/app.ts';
import { operationKey } from '../src/http/api-docs.ts';

/** /openapi.json as the document tests read it. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, Answer>;
    securitySchemes: Record<string, unknown>;
  };
}
export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  security?: Record<string, string[]>[];
  responses: Record<string, Answer | { $ref: string }>;
}
interface Answer {
  description: string;
  content?: Record<string, { schema: unknown }>;
}

/** One answer a route gave, with the route pattern it came from. */
export interface RecordedAnswer {
  /** `POST /contests/{id}/leave`: operationKey of the route pattern. */
  key: string;
  url: string;
  response: LightMyRequestResponse;
}

const BASE = 'https://papertrade.test/openapi.json';
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;

/**
 * Ajv (JSON Schema 2020-12, strict but for type lists such as ['string', 'null'], with the standard formats) over the document's own
 * component schemas: a schema that Ajv refuses, or an answer that does not match its schema,
 * fails the test that reads it. Refs point at `#/components/schemas/X`; here the components sit
 * under `$defs` of one schema, so each ref is rewritten to that schema's address.
 */
export function documentValidator(document: OpenApiDocument) {
  const rewrite = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, child: unknown) =>
      key === '$ref' && typeof child === 'string'
        ? child.replace('#/components/schemas/', `${BASE}#/$defs/`)
        : child,
    );
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, $defs: rewrite(document.components.schemas) as object });

  const compiled = new Map<string, ValidateFunction>();
  /** The validator of a component (`User`) or of any schema of the document. */
  const compile = (schema: unknown): ValidateFunction => {
    const id = JSON.stringify(schema);
    let validate = compiled.get(id);
    if (!validate) compiled.set(id, (validate = ajv.compile(rewrite(schema) as object)));
    return validate;
  };
  const component = (name: string) => compile({ $ref: `#/components/schemas/${name}` });

  /** The documented answer of an operation for a status, its `$ref` to a shared answer followed. */
  function answerOf(key: string, status: number): Answer | undefined {
    const [method = '', path = ''] = key.split(' ');
    const operation = document.paths[path]?.[method.toLowerCase()];
    const answer = operation?.responses[String(status)];
    if (answer && '$ref' in answer)
      return document.components.responses[answer.$ref.split('/').at(-1) ?? ''];
    return answer;
  }

  /**
   * What is wrong with a real answer by the document: an undocumented status, a content type it
   * does not list, or a JSON body its schema refuses (Ajv's errors). Empty when it matches.
   */
  function problems({ key, response }: RecordedAnswer): string[] {
    const answer = answerOf(key, response.statusCode);
    if (!answer) return [`status ${response.statusCode} is not documented`];
    const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    const content = answer.content ?? {};
    const listed = Object.keys(content);
    if (listed.length === 0)
      return response.body === '' ? [] : [`an answer without a body has one: ${type}`];
    const match = listed.find(
      (t) => t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))),
    );
    if (!match) return [`content type ${type} is not one of ${listed.join(', ')}`];
    if (match !== 'application/json') return [];
    const validate = compile(content[match]?.schema);
    if (validate(response.json())) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }

  return { compile, component, problems };
}

/**
 * app.inject on a route given by its pattern and parameters, keeping the answer with the
 * operation it belongs to: `call('GET /contests/:id', { params: { id } })`.
 */
export function answerRecorder(app: () => App) {
  const answers: RecordedAnswer[] = [];
  async function call(
    route: string,
    options: Omit<InjectOptions, 'method' | 'url'> & {
      params?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const { params = {}, ...rest } = options;
    const url = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? ''),
    );
    const response = await app().inject({
      ...rest,
      method: method as InjectOptions['method'],
      url,
    });
    answers.push({ key: operationKey(method, pattern), url, response });
    return response;
  }
  return { call, answers };
}
