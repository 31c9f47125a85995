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
 *
 * The floor: after the load, one more buy's answer (a User of the size the load produced) is kept,
 * and the bare process answers the load's own POSTs with it, 10 s serialized on every request as
 * the real server does and 10 s as bytes serialized once. No order can be faster than its answer
 * alone, so those lines bound what any change short of a smaller answer can reach on this machine.
 * With --pg, the bare process also makes an order's round trips to a database of the same
 * cluster with trivial statements (bare-server.ts): what PostgreSQL's wake-ups alone allow.
 * On SQLite, last, the time SQLite itself spends on one order (sqlite-time-floor.ts), and the
 * orders a second that time alone allows on the server's one thread.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../deploy/cluster/free-port.ts';
import { repoRoot, waitUntilUp, type Instance } from '../deploy/cluster/instance.ts';
import { spawnGroup } from '../deploy/cluster/process-group.ts';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import type { Session } from '../deploy/test/http-client.ts';
import {
  CONNECTIONS,
  DURATION_S,
  describeResult,
  makeUsers,
  orderRequest,
  runOrderLoad,
} from './order-load.ts';
import { sqliteTimePerOrder } from './sqlite-time-floor.ts';
import { startBenchServer } from './bench-server.ts';

const onPostgres = process.argv.includes('--pg');

const answerFile = path.join(
  mkdtempSync(path.join(tmpdir(), 'papertrade-bench-answer-')),
  'answer.json',
);

/** One more buy of the load's first user, as the load sends it: its answer's text, as the server sent it. */
async function captureAnswer(url: string, user: Session): Promise<string> {
  const { headers, body } = orderRequest(user, 10);
  const response = await fetch(`${url}/purchase-asset`, { method: 'POST', headers, body });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`the answer's buy answered ${response.status}: ${text}`);
  return text;
}

const postgres = onPostgres ? startThrowawayPostgres() : null;
if (onPostgres && !postgres)
  throw new Error('PostgreSQL is missing: apt-get install -y postgresql');

/** The server's tick timings so far (its /metrics histogram), to tell what the load's ticks cost. */
async function tickTimes(url: string): Promise<{ count: number; sum: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    count: value('papertrade_market_tick_duration_seconds_count'),
    sum: value('papertrade_market_tick_duration_seconds_sum'),
  };
}

async function benchOrders(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-orders-'));
  const profileDir = process.env.BENCH_CPU_PROFILE;
  let server: Instance | undefined;
  try {
    server = await startBenchServer({
      dataDir,
      databaseUrl: process.env.BENCH_PG_TCP ? postgres?.url : postgres?.socketUrl,
      env: { MARKET_TICK_MS: '1000', SIGNUP_LIMIT_PER_IP: '1000' },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    const users = await makeUsers(server.url);
    const ticksBefore = await tickTimes(server.url);
    const result = await runOrderLoad(server.url, users);
    console.log(`orders (${onPostgres ? 'PostgreSQL' : 'SQLite'}): ${describeResult(result)}`);
    const ticks = await tickTimes(server.url);
    const count = ticks.count - ticksBefore.count;
    // Every request that arrives during a tick waits for it: the tick's time is part of the p99.
    console.log(
      `  the market's ticks during the load: ${count}, ${((1000 * (ticks.sum - ticksBefore.sum)) / Math.max(count, 1)).toFixed(1)} ms each on average`,
    );
    writeFileSync(answerFile, await captureAnswer(server.url, users[0] as Session));
    return result.requests.average;
  } finally {
    await server?.process.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Baselines {
  bare: number;
  answer: number;
}

async function benchBaselines(): Promise<Baselines> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bare = spawnGroup(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/bare-server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        ANSWER_FILE: answerFile,
        ...(postgres
          ? { ROUND_TRIPS_URL: process.env.BENCH_PG_TCP ? postgres.url : postgres.socketUrl }
          : {}),
      },
    },
  );
  try {
    await waitUntilUp({ name: 'bare fastify', port, url, process: bare });
    const result = await autocannon({
      url: `${url}/bare`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    console.log(`bare fastify: ${describeResult(result)}`);
    const kb = (Buffer.byteLength(readAnswer()) / 1024).toFixed(1);
    const answerLoad = (route: string) =>
      autocannon({
        url: `${url}${route}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        method: 'POST',
        ...orderRequest(null, 10),
      });
    const answer = await answerLoad('/answer');
    console.log(`the answer alone (${kb} KB, serialized per request): ${describeResult(answer)}`);
    console.log(
      `the answer's bytes alone (${kb} KB, serialized once): ${describeResult(await answerLoad('/answer-bytes'))}`,
    );
    if (postgres) {
      console.log(
        `an order's round trips alone (trivial statements: its one statement and the notify): ${describeResult(await answerLoad('/round-trips'))}`,
      );
      console.log(
        `an order's writes alone (a buy's one statement, its notify and the answer's bytes, nothing else): ${describeResult(await answerLoad('/writes'))}`,
      );
    }
    return { bare: result.requests.average, answer: answer.requests.average };
  } finally {
    await bare.stop();
  }
}

const readAnswer = () => readFileSync(answerFile, 'utf8');
let orders: number;
let baselines: Baselines;
try {
  orders = await benchOrders();
  baselines = await benchBaselines();
} finally {
  postgres?.stop();
  rmSync(path.dirname(answerFile), { recursive: true, force: true });
}
console.log(
  `orders / bare: ${(orders / baselines.bare).toFixed(3)}; orders / the answer alone: ${(orders / baselines.answer).toFixed(2)}`,
);
if (!onPostgres) {
  const floor = await sqliteTimePerOrder();
  console.log(
    `SQLite's own time per order (in-process, one at a time): ${floor.sqliteMs.toFixed(3)} ms in ${floor.statements.toFixed(1)} statements, ` +
      `of ${floor.orderMs.toFixed(3)} ms per order; SQLite alone allows at most ${Math.round(1000 / floor.sqliteMs)} orders/s ` +
      `(0.1 of bare: ${Math.round(baselines.bare / 10)}); the session check (cached, read again every 10 s): ${floor.sessionMs.toFixed(3)} ms`,
  );
}
