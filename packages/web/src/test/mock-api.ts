import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer =
  { status?: number; body?: unknown; headers?: Record<string, string> } | Promise<MockAnswer>;
type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (request: MockRequest) => Answer | undefined;

/**
 * Stubs fetch at the network edge: each call goes to `handler` ("METHOD /path" routing is up to
 * it); unhandled calls answer 404 with the contract's error body. Returns the calls made.
 */
export function mockApi(handler: Handler) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    const request: MockRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(request);
    const answer = (await handler(request)) ?? {
      status: 404,
      body: { error: 'Not found', code: 'NOT_FOUND' },
    };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
