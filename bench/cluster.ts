/**
 * npm run bench:cluster: market orders through HAProxy with 1, 2 and 3 instances in one run, each
 * on a fresh database of one throwaway PostgreSQL. The same load as bench:orders: 50 signed-in
 * users (signed up through the balancer), autocannon with 50 connections for 10 s, each
 * connection one user alternating a 10 USD buy and a 5 USD sell of BTC, the market ticking every
 * second on the leader. Prints one line per cluster size.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { startCluster } from '../deploy/cluster/cluster.ts';
import { call, signUp, type Session } from '../deploy/test/http-client.ts';

const SIZES = [1, 2, 3];
const USERS = 50;
const CONNECTIONS = 50;
const DURATION_S = 10;

async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function makeUsers(base: string): Promise<Session[]> {
  const users: Session[] = [];
  // Ten at a time: sign-up hashes a password (scrypt), which is what the instances would be doing.
  for (let i = 0; i < USERS; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, USERS - i) }, async () => {
        const user = await signUp(base, 'bench');
        // Something to sell from the first request on.
        const buy = await call(base, '/purchase-asset', {
          session: user,
          body: { symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: 1_000, unit: 'USD' },
        });
        if (buy.status !== 200) throw new Error(`set-up buy answered ${buy.status}`);
        return user;
      }),
    );
    users.push(...batch);
  }
  return users;
}

async function benchOrders(url: string, users: Session[]): Promise<autocannon.Result> {
  let next = 0;
  const order = (route: string, usd: number): autocannon.Request => ({
    method: 'POST',
    path: route,
    setupRequest: (request, context) => {
      const ctxUser = context as { user?: Session };
      const user = (ctxUser.user ??= users[next++ % users.length] as Session);
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, wallet: user.walletAddress },
        body: JSON.stringify({ symbol: 'BTC', walletAddress: user.walletAddress, assetAmount: usd, unit: 'USD' }),
      };
    },
  });
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [order('/purchase-asset', 10), order('/sell-asset', 5)],
  });
}

const server = startThrowawayPostgres();
if (!server) throw new Error('PostgreSQL is missing: apt-get install -y postgresql');
try {
  for (const size of SIZES) {
    const databaseUrl = await freshDatabase(server.url, `bench_cluster_${size}`);
    const cluster = await startCluster({
      instances: size,
      databaseUrl,
      port: 0,
      env: { MARKET_TICK_MS: '1000', MARKET_HISTORY_DAYS: '1', LOG_LEVEL: 'warn' },
    });
    try {
      const users = await makeUsers(cluster.url);
      const result = await benchOrders(cluster.url, users);
      console.log(
        `orders through HAProxy, ${size} instance${size === 1 ? ' ' : 's'}: ${Math.round(result.requests.average)} req/s, ` +
          `p99 ${result.latency.p99} ms (${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors; load ${loadavg()[0]?.toFixed(1)})`,
      );
    } finally {
      await cluster.stop();
    }
  }
} finally {
  server.stop();
}
