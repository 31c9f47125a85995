/**
 * npm run bench:orders: market orders over HTTP against a bare Fastify baseline, each server in a
 * process of its own and the load (autocannon) in this one, so the load generator's work is not
 * counted as the server's.
 * The real server (`node --import tsx packages/server/src/main.ts`, as `npm run serve`) runs on a
 * temporary SQLite folder, or with `--pg` on a throwaway PostgreSQL cluster, the market ticking
 * every second (so the limit trigger runs during the load). 50 users sign up over HTTP, then
 * autocannon runs for 10 s with 50 connections, each connection one user alternating a 10 USD buy
 * and a 5 USD sell of BTC. Then 10 s of GET /bare on a bare Fastify process. Prints one line per
 * measure and the ratio. BENCH_CPU_PROFILE=<dir> writes the server's CPU profile there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../deploy/cluster/free-port.ts';
import { repoRoot, startInstance, waitUntilUp, type Instance } from '../deploy/cluster/instance.ts';
import { spawnGroup } from '../deploy/cluster/process-group.ts';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { CONNECTIONS, DURATION_S, describeResult, makeUsers, runOrderLoad } from './order-load.ts';

const onPostgres = process.argv.includes('--pg');

async function benchOrders(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-orders-'));
  const postgres = onPostgres ? startThrowawayPostgres() : null;
  if (onPostgres && !postgres) throw new Error('PostgreSQL is missing: apt-get install -y postgresql');
  const profileDir = process.env.BENCH_CPU_PROFILE;
  let server: Instance | undefined;
  try {
    server = startInstance({
      name: 'bench',
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        MARKET_TICK_MS: '1000',
        // Seeding history is not what this measures; one day keeps the start quick.
        MARKET_HISTORY_DAYS: '1',
        LOG_LEVEL: 'warn',
        SIGNUP_LIMIT_PER_IP: '1000',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    await waitUntilUp(server);
    const users = await makeUsers(server.url);
    const result = await runOrderLoad(server.url, users);
    console.log(`orders (${onPostgres ? 'PostgreSQL' : 'SQLite'}): ${describeResult(result)}`);
    return result.requests.average;
  } finally {
    await server?.process.stop();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare(): Promise<number> {
  const port = await freePort();
  const bare = spawnGroup(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/bare-server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
  });
  try {
    await waitUntilUp({ name: 'bare fastify', port, url: `http://127.0.0.1:${port}`, process: bare });
    const result = await autocannon({ url: `http://127.0.0.1:${port}/bare`, connections: CONNECTIONS, duration: DURATION_S });
    console.log(`bare fastify: ${describeResult(result)}`);
    return result.requests.average;
  } finally {
    await bare.stop();
  }
}

const orders = await benchOrders();
const bare = await benchBare();
console.log(`orders / bare: ${(orders / bare).toFixed(3)}`);
