/**
 * npm run bench:cluster: market orders through HAProxy with 1, 2 and 3 instances in one run, each
 * on a fresh database of one throwaway PostgreSQL. The same load as bench:orders: 50 signed-in
 * users (signed up through the balancer), autocannon with 50 connections for 10 s, each
 * connection one user alternating a 10 USD buy and a 5 USD sell of BTC, the market ticking every
 * second on the leader. Prints one line per cluster size.
 */
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { startCluster } from '../deploy/cluster/cluster.ts';
import { describeResult, makeUsers, runOrderLoad } from './order-load.ts';

const SIZES = [1, 2, 3];

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
      const result = await runOrderLoad(cluster.url, users);
      console.log(
        `orders through HAProxy, ${size} instance${size === 1 ? ' ' : 's'}: ${describeResult(result)}`,
      );
    } finally {
      await cluster.stop();
    }
  }
} finally {
  server.stop();
}
