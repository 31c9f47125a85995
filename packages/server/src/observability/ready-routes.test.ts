import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createDrainState } from './drain-state.ts';
import { readyRoutes } from './ready-routes.ts';

const { t } = useTestApp();

describe('GET /ready and GET /health', () => {
  it('is ready while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is not ready once draining, while /health stays 200', async () => {
    t.ctx.drain.start();
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'This instance is shutting down', code: 'NOT_READY' });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('GET /ready with a database that does not answer', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function appOn(databaseUrl: string, timeoutMs: number) {
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 300 }),
      }),
    });
    const app = Fastify();
    registerErrorHandler(app);
    readyRoutes(app, { db, drain: createDrainState() }, timeoutMs);
    cleanups.push(
      () => app.close(),
      () => db.destroy().catch(() => undefined),
    );
    return app;
  }

  it('answers 503 when the database refuses connections', async () => {
    // A port nothing listens on: what a stopped database looks like.
    const silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    await new Promise((resolve) => silent.close(resolve));
    const app = await appOn(`postgres://x:y@127.0.0.1:${port}/none`, 1_000);
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The database does not answer', code: 'NOT_READY' });
  });

  it('answers 503 when the database hangs: its own timeout ends the wait', async () => {
    // Accepts connections and never says a word: a database stuck or cut off by the network.
    const sockets = new Set<Socket>();
    const hung: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    hung.unref();
    cleanups.push(async () => {
      hung.close();
      for (const s of sockets) s.destroy();
    });
    const { port } = hung.address() as AddressInfo;
    const app = await appOn(`postgres://x:y@127.0.0.1:${port}/none`, 150);
    // Without the timeout this request would wait for ever (and the test fail on Vitest's timeout).
    const res = await app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOT_READY' });
  });
});
