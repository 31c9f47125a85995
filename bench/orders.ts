/**
 * npm run bench:orders: market orders over HTTP against a bare Fastify baseline.
 * Starts the real app on a free port over a temporary SQLite folder (MARKET_TICK_MS=1000, so
 * the market and the limit trigger tick during the run), makes 50 signed-in users, then runs
 * autocannon for 10 s with 50 connections, each connection one user (its own bearer token)
 * alternating a 10 USD buy and a 5 USD sell of BTC. Then 10 s of GET /bare on a bare Fastify
 * instance on another port, for comparison. Prints one line per measure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createSession } from '../packages/server/src/features/auth/sessions.ts';
import { marketBuy } from '../packages/server/src/features/trading/market-orders.ts';
import { insertUser } from '../packages/server/src/users/create-user.ts';

const USERS = 50;
const CONNECTIONS = 50;
const DURATION_S = 10;

interface BenchUser {
  token: string;
  walletAddress: string;
}

function report(name: string, result: autocannon.Result): void {
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms ` +
      `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
}

async function benchOrders(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-orders-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    port: 0,
    marketTickMs: 1000,
    marketControl: false,
    // Seeding history is not what this measures; one day keeps the start quick.
    marketHistoryDays: 1,
    logLevel: 'warn',
    webDist: path.join(dataDir, 'no-web'),
  };
  const { app, ctx } = await buildApp({ config, logger: false });
  try {
    await ctx.market.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const { id, walletAddress } = await insertUser(ctx.db, {
        email: `bench${i}@bench.test`,
        username: `bench${i}`,
        passwordHash: 'not-used',
      });
      // Something to sell from the first request on.
      await marketBuy(ctx, id, { symbol: 'BTC', walletAddress, assetAmount: 1_000, unit: 'USD' });
      users.push({ token: await createSession(ctx.db, id), walletAddress });
    }

    let next = 0;
    const order = (url: string, usd: number): autocannon.Request => ({
      method: 'POST',
      path: url,
      setupRequest: (request, context) => {
        const ctxUser = context as { user?: BenchUser };
        const user = (ctxUser.user ??= users[next++ % users.length] as BenchUser);
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${user.token}`,
            wallet: user.walletAddress,
          },
          body: JSON.stringify({ symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: usd, unit: 'USD' }),
        };
      },
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [order('/purchase-asset', 10), order('/sell-asset', 5)],
    });
    report('orders', result);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = bare.server.address() as AddressInfo;
    const result = await autocannon({ url: `http://127.0.0.1:${port}/bare`, connections: CONNECTIONS, duration: DURATION_S });
    report('bare fastify', result);
  } finally {
    await bare.close();
  }
}

await benchOrders();
await benchBare();
