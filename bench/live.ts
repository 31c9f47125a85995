/**
 * npm run bench:live: fan-out latency of GET /live.
 * Starts the server in-process on a temporary SQLite folder (MARKET_TICK_MS=0, MARKET_CONTROL=1),
 * connects 2,000 WebSocket clients (some signed in through POST /auth/sign-up), runs ~20 ticks
 * through POST /market-control/tick and measures, for every client and tick, the time from the
 * tick's start (the `at` field of the prices message) to the message's arrival.
 * The clients run in a worker thread, so their parsing does not count against the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const CLIENTS = 2000;
const SIGNED_IN_USERS = 50;
const SOCKETS_PER_USER = 4;
const TICKS = 20;
const TARGET_P99_MS = 200;
const DEADLINE_MS = 55_000;

interface ClientJob {
  url: string;
  tokens: string[];
  clients: number;
}
type FromWorker =
  | { kind: 'ready'; connectMs: number; failed: number }
  | { kind: 'tick'; at: number; latencies: number[] }
  | { kind: 'closed' };
type ToWorker = { kind: 'expect'; at: number } | { kind: 'close' };

// ---------------------------------------------------------------- worker: the clients
async function runClients(job: ClientJob): Promise<void> {
  const port = parentPort!;
  const sockets: WebSocket[] = [];
  const byTick = new Map<number, number[]>();
  let expected: number | null = null;
  const flush = () => {
    if (expected === null) return;
    const latencies = byTick.get(expected) ?? [];
    if (latencies.length >= sockets.length) {
      port.postMessage({ kind: 'tick', at: expected, latencies } satisfies FromWorker);
      byTick.delete(expected);
      expected = null;
    }
  };
  const started = performance.now();
  let failed = 0;

  const open = (i: number) =>
    new Promise<void>((resolve) => {
      const token = i < job.tokens.length * SOCKETS_PER_USER ? job.tokens[i % job.tokens.length] : undefined;
      const ws = new WebSocket(job.url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      let first = true;
      ws.on('message', (data: Buffer) => {
        const now = Date.now();
        // Only the tail is read: {"type":"prices",...,"at":1234567890123}
        if (data[2] !== 0x74 || !data.subarray(0, 17).toString().includes('prices')) return;
        const match = /"at":(\d+)\}$/.exec(data.subarray(data.length - 32).toString());
        if (first) {
          first = false;
          sockets.push(ws);
          resolve();
          return;
        }
        if (!match) return;
        const at = Number(match[1]);
        let list = byTick.get(at);
        if (!list) byTick.set(at, (list = []));
        list.push(now - at);
        if (at === expected) flush();
      });
      ws.on('error', () => {
        failed += 1;
        resolve();
      });
    });

  for (let i = 0; i < job.clients; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, job.clients - i) }, (_, k) => open(i + k)));
  }
  port.postMessage({ kind: 'ready', connectMs: performance.now() - started, failed } satisfies FromWorker);
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'expect') {
      expected = message.at;
      flush();
    } else {
      for (const ws of sockets) ws.terminate();
      port.postMessage({ kind: 'closed' } satisfies FromWorker);
    }
  });
}

// ---------------------------------------------------------------- main: the server
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`live: gave up after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  const { buildApp } = await import('../packages/server/src/app.ts');
  const { loadConfig } = await import('../packages/server/src/config.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-live-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MARKET_TICK_MS: '0',
    MARKET_CONTROL: '1',
    MARKET_HISTORY_DAYS: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // 200 sign-ups from one address: past the per-IP sign-up limit (docs/api.md "Auth").
    SIGNUP_LIMIT_PER_IP: '100000',
  });
  const { app, ctx } = await buildApp({ config });
  await ctx.market.start();
  // Each tick's start, as published on the bus: the same `at` the clients receive.
  let lastPricesAt = 0;
  const tickMs: number[] = [];
  ctx.bus.subscribe((event) => {
    if (event.type !== 'prices') return;
    lastPricesAt = event.at;
    tickMs.push(Date.now() - event.at);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const tokens: string[] = [];
  const signUps = await Promise.all(
    Array.from({ length: SIGNED_IN_USERS }, (_, i) =>
      fetch(`${base}/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench${i}@example.test`, password: 'bench password 1', username: `bench${i}` }),
      }).then(async (r) => (r.status === 201 ? ((await r.json()) as { token: string }).token : null)),
    ),
  );
  for (const token of signUps) if (token) tokens.push(token);

  // Node 20 workers do not inherit tsx's loader: register it, then load this same file.
  const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: { url: `${base.replace('http', 'ws')}/live`, tokens, clients: CLIENTS } satisfies ClientJob,
  });
  const inbox: FromWorker[] = [];
  let wake: (() => void) | null = null;
  worker.on('message', (m: FromWorker) => {
    inbox.push(m);
    wake?.();
  });
  worker.on('error', (err) => {
    console.error('live: client worker failed', err);
    process.exit(1);
  });
  const receive = async <K extends FromWorker['kind']>(kind: K, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const index = inbox.findIndex((m) => m.kind === kind);
      if (index >= 0) return inbox.splice(index, 1)[0] as Extract<FromWorker, { kind: K }>;
      if (Date.now() > until) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };

  const ready = await receive('ready', 30_000);
  if (!ready) throw new Error('clients did not connect in time');

  const samples: number[] = [];
  let ticks = 0;
  let incomplete = 0;
  for (let i = 0; i < TICKS; i++) {
    const response = await fetch(`${base}/market-control/tick`, { method: 'POST' });
    if (response.status !== 200) throw new Error(`tick answered ${response.status}`);
    await response.arrayBuffer();
    worker.postMessage({ kind: 'expect', at: lastPricesAt } satisfies ToWorker);
    const done = await receive('tick', 5_000);
    if (!done) {
      incomplete += 1;
      continue;
    }
    ticks += 1;
    samples.push(...done.latencies);
    await new Promise((r) => setTimeout(r, 50));
  }

  worker.postMessage({ kind: 'close' } satisfies ToWorker);
  await receive('closed', 5_000);
  await worker.terminate();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  console.log(
    `live: ${CLIENTS - ready.failed} clients (${tokens.length * SOCKETS_PER_USER} signed in), connected in ${Math.round(ready.connectMs)} ms; ` +
      `${samples.length} messages${incomplete ? `, ${incomplete} ticks incomplete` : ''}; ` +
      `tick itself (prices stored, listeners run) p50 ${percentile(tickMs.sort((a, b) => a - b), 50)} ms`,
  );
  console.log(
    `live: ${CLIENTS} clients, ${ticks} ticks, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (target p99 <= ${TARGET_P99_MS} ms)`,
  );
  clearTimeout(deadline);
  if (p99 > TARGET_P99_MS || incomplete > 0 || ready.failed > 0) process.exitCode = 1;
}

if (isMainThread) {
  await main();
} else {
  await runClients(workerData as ClientJob);
}
