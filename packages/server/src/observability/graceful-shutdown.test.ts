import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { SimulatedMarket } from '../market/create-market.ts';
import { MARKET_LOCK_KEY } from '../market/leader-election.ts';
import { createTestApp, testDialect } from '../../test/test-app.ts';
import { drainAndClose, exitOnSignals } from './graceful-shutdown.ts';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The real app on a port, with one extra route that answers only when the test says so: a request
 * still in flight when shutdown starts. (SQLite: what is tested here does not depend on the database.)
 */
async function listeningApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-drain-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    marketTickMs: 0,
    marketHistoryDays: 0,
    logLevel: 'silent',
  };
  const database = openDatabase({ dataDir });
  const { app, ctx } = await buildApp({
    config: { ...config, webDist: path.join(dataDir, 'none') },
    database,
    logger: false,
  });
  let entered: () => void = () => undefined;
  const slowEntered = new Promise<void>((resolve) => (entered = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    entered();
    await released;
    return { done: true };
  });
  await ctx.market.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    release();
    if (app.server.listening) await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const { port } = app.server.address() as AddressInfo;
  return { app, ctx, base: `http://127.0.0.1:${port}`, slowEntered, release };
}

describe('drainAndClose', () => {
  it('fails /ready at once, keeps /health, answers requests in flight and sends 1001 to /live sockets', async () => {
    const { app, ctx, base, slowEntered, release } = await listeningApp();
    const ws = new WebSocket(`${base.replace('http', 'ws')}/live`);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve) => ws.once('message', resolve));

    const slow = fetch(`${base}/slow`);
    await slowEntered;
    const shutdown = drainAndClose({ app, ctx, graceMs: 300 });

    // During the grace period: the load balancer sees not-ready, the process is still alive.
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: 'This instance is shutting down',
      code: 'NOT_READY',
    });
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);

    // After it, sockets are told to go elsewhere while the slow request is still being answered.
    expect(await closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await shutdown;
    expect(app.server.listening).toBe(false);
  });

  it("exits 0 once the first signal's shutdown is done, and at once (1) on a second signal", async () => {
    const { app, ctx } = await listeningApp();
    const codes: number[] = [];
    let closed: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (closed = resolve));
    cleanups.push(
      exitOnSignals({ app, ctx, graceMs: 200 }, (code) => {
        codes.push(code);
        if (code === 0) closed();
      }),
    );
    process.emit('SIGTERM', 'SIGTERM');
    expect(ctx.drain.draining).toBe(true);
    process.emit('SIGINT', 'SIGINT');
    expect(codes).toEqual([1]);
    await done;
    expect(codes).toEqual([1, 0]);
    expect(app.server.listening).toBe(false);
  });
});

describe.runIf(testDialect === 'postgres')('drainAndClose on PostgreSQL', () => {
  it('gives up the market leader lock so another instance takes over', async () => {
    const t = await createTestApp({ marketTickMs: 60_000 });
    cleanups.push(() => t.close());
    expect((t.ctx.market as SimulatedMarket).isLeader()).toBe(true);
    await drainAndClose({ app: t.app, ctx: t.ctx, graceMs: 0 });
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      const result = await other.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [MARKET_LOCK_KEY],
      );
      expect(result.rows[0]?.locked).toBe(true);
    } finally {
      await other.end();
    }
  });
});
