/**
 * npm run start:cluster [-- --instances N]: the product as several instances behind HAProxy on
 * one machine, at http://localhost:3000 (CLUSTER_PORT to change). A throwaway PostgreSQL unless
 * DATABASE_URL is set; CLUSTER_INSTANCES or --instances (default 3). Ctrl-C stops everything.
 * Every other server setting (MARKET_TICK_MS, LOG_LEVEL, ...) is passed to each instance.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureHaproxy } from '../scripts/ensure-haproxy.mjs';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { startCluster, type Cluster } from './cluster/cluster.ts';
import { repoRoot } from './cluster/instance.ts';

function instanceCount(): number {
  const flag = process.argv.indexOf('--instances');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.CLUSTER_INSTANCES;
  const n = Number(raw ?? 3);
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new Error(`--instances must be 1 to 16, got "${raw}"`);
  return n;
}

const count = instanceCount();
const port = Number(process.env.CLUSTER_PORT || 3000);

if (!existsSync(path.join(repoRoot, 'packages/web/dist/index.html'))) {
  console.log('packages/web/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
if (!ensureHaproxy()) process.exit(1);

let pg: ThrowawayPostgres | null = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  pg = startThrowawayPostgres();
  if (!pg) {
    console.log(
      'PostgreSQL is missing (or would not start); the cluster needs it: apt-get install -y postgresql',
    );
    process.exit(1);
  }
  databaseUrl = pg.url;
}

let cluster: Cluster | undefined;
let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log('\nStopping: HAProxy, the instances (SIGTERM), PostgreSQL');
    await cluster?.stop().catch((err: unknown) => console.error(err));
    pg?.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log(`Starting ${count} instance${count === 1 ? '' : 's'} and HAProxy on port ${port}...`);
  cluster = await startCluster({
    instances: count,
    databaseUrl,
    port,
    // Per-request logs of N instances are noise here; LOG_LEVEL=info shows them.
    env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
    onLine: (name, line) => console.log(`[${name}] ${line}`),
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await shutdown(1);
}

const running = cluster as Cluster;
for (const i of running.instances) {
  console.log(`  ${i.name}: ${i.url} (pid ${i.process.pid})`);
  void i.process.exited.then((code) => {
    if (!stopping) console.log(`[${i.name}] exited (code ${code}); HAProxy routes around it`);
  });
}
console.log(
  `\nPaperTrade cluster is up at http://localhost:${port} (${pg ? 'throwaway PostgreSQL' : 'DATABASE_URL'}); Ctrl-C stops it.`,
);

// Says which instance runs the market, now and whenever that changes (a leader died or stopped).
let shown: string | undefined;
async function showLeader(): Promise<void> {
  const leader = await running.leader().catch(() => undefined);
  const name = leader?.name ?? 'none yet';
  if (name !== shown && !stopping) console.log(`Market leader: ${name}`);
  shown = name;
}
await showLeader();
setInterval(() => void showLeader(), 2_000);
