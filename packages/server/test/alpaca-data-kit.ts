import { marketData } from '@alpacahq/alpaca-trade-api';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app.ts';
import { expectStatus, post } from './calls.ts';
import type { TestUser } from './test-app.ts';

/**
 * The official Alpaca SDK (@alpacahq/alpaca-trade-api, unmodified) pointed at a test app: its
 * market data `Configuration` by `basePath`, its streams by their `url` option.
 */

export interface TestKey {
  keyId: string;
  secret: string;
}

export async function createTestKey(
  app: App,
  user: TestUser,
  scopes: string[] = ['read', 'trade'],
): Promise<TestKey> {
  const res = await post(app, user, '/api-keys', { name: 'SDK test', scopes });
  expectStatus(res, 201);
  return res.json<TestKey>();
}

/** Listens on a free port (once per app) and answers its http:// origin. */
export async function listenOrigin(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The SDK's crypto market data API against `origin`; no retries, so a failure shows at once. */
export function cryptoApi(origin: string, key?: TestKey): marketData.CryptoApi {
  return new marketData.CryptoApi(
    new marketData.Configuration({
      basePath: origin,
      ...(key && { keyId: key.keyId, secret: key.secret }),
      retry: undefined,
      rateLimit: undefined,
    }),
  );
}

export const streamUrl = (origin: string, path: string) => origin.replace(/^http/, 'ws') + path;
