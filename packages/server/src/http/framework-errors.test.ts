import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';

const MARKER = 'zq7marker';

/** An error answer on contract: `{error, code}` strings, and nothing of the request quoted back. */
function expectContractError(status: number, body: string, code: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(typeof parsed.error).toBe('string');
  expect(parsed.code).toBe(code);
  expect(Object.keys(parsed).sort()).toEqual(['code', 'error']);
  expect(body).not.toContain(MARKER);
  expect(status).toBeGreaterThanOrEqual(400);
}

describe('framework errors answer {error, code} without echoing input', () => {
  const {
    t,
    users: [ann],
  } = useTestApp({ users: 1 });

  it('an over-long path parameter is 414 URI_TOO_LONG', async () => {
    const long = MARKER.repeat(40);
    for (const url of [
      `/assets/${long}/candles`,
      `/transactions/${long}`,
      `/users/${long}/profile`,
    ]) {
      const answer = await t.app.inject({ url, headers: ann.headers });
      expect(answer.statusCode).toBe(414);
      expectContractError(answer.statusCode, answer.body, 'URI_TOO_LONG');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a path that does not decode is 400 BAD_REQUEST; an unknown one 404 NOT_FOUND', async () => {
    const bad = await t.app.inject({ url: `/assets/${MARKER}%E0%A4%A/candles` });
    expect(bad.statusCode).toBe(400);
    expectContractError(bad.statusCode, bad.body, 'BAD_REQUEST');
    const unknown = await t.app.inject({ method: 'DELETE', url: `/${MARKER}` });
    expect(unknown.statusCode).toBe(404);
    expectContractError(unknown.statusCode, unknown.body, 'NOT_FOUND');
  });

  it('a NUL character in a path or a body is a 4xx with a code on both databases, never a 500', async () => {
    // PostgreSQL cannot store NUL in text (the fuzz test found `/assets/%00/candles` answering 500).
    for (const url of ['/assets/%00/candles', '/transactions/%00', '/users/%00/profile']) {
      const answer = await t.app.inject({ url, headers: ann.headers });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(typeof answer.json<{ code: unknown }>().code).toBe('string');
    }
    const rename = await t.app.inject({
      method: 'PUT',
      url: '/update-user',
      headers: ann.headers,
      payload: {
        walletAddress: ann.walletAddress,
        key: 'settings',
        updates: { ['a\u0000b']: 'x\u0000y' },
      },
    });
    expect(rename.statusCode).toBeLessThan(500);
  });

  it('plugin errors (content encoding, content length, multipart) get fixed texts', async () => {
    const encoding = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { ...ann.headers, 'content-type': 'application/json', 'content-encoding': MARKER },
      payload: '{}',
    });
    expect(encoding.statusCode).toBe(415);
    expectContractError(encoding.statusCode, encoding.body, 'UNSUPPORTED_MEDIA_TYPE');
    const media = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { ...ann.headers, 'content-type': `application/${MARKER}` },
      payload: MARKER,
    });
    expect(media.statusCode).toBe(415);
    expectContractError(media.statusCode, media.body, 'UNSUPPORTED_MEDIA_TYPE');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/uploads/avatar',
      headers: { ...ann.headers, 'content-type': `multipart/form-data; boundary=${MARKER}` },
      payload: `--${MARKER}junk`,
    });
    expect(upload.statusCode).toBeGreaterThanOrEqual(400);
    expect(upload.statusCode).toBeLessThan(500);
    expect(upload.body).not.toContain(MARKER);
  });

  it('413 stays PAYLOAD_TOO_LARGE', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: { ...ann.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ junk: MARKER.repeat(20_000) }),
    });
    expect(answer.statusCode).toBe(413);
    expectContractError(answer.statusCode, answer.body, 'PAYLOAD_TOO_LARGE');
  });

  it('headers over 16 KB are 431 HEADERS_TOO_LARGE (answered before Fastify, on a real socket)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { status, body, headers } = await new Promise<{
      status: number;
      body: string;
      headers: Record<string, unknown>;
    }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/all-assets',
          headers: { 'x-junk': MARKER.repeat(2_000) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    expect(headers['content-type']).toContain('application/json');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expectContractError(status, body, 'HEADERS_TOO_LARGE');
  });
});
