/**
 * npm run bench:live: fan-out latency of GET /live at 10,000 sockets.
 *
 * This process runs the server (buildApp on a temporary SQLite folder, MARKET_TICK_MS=0,
 * MARKET_CONTROL=1) and directs the run; the sockets live in a child process
 * (bench/live-clients.ts), so reading 10,000 sockets is not server time. One child by default: on
 * the 2-core machine the server then has a core and the clients the other, where more children
 * would take turns with the server on its core (LIVE_CLIENT_PROCESSES=2 tries that; LIVE_SOCKETS
 * another count). The mix is a site's: 9,000 anonymous price watchers and 250 users signed in
 * through POST /auth/sign-up with 4 sockets each (1,000, a tenth, as before). Then TICKS ticks
 * through POST /market-control/tick, one at a time, each after every socket got the previous one.
 *
 * What is measured, per socket and tick: arrival at the client (Date.now() in the client process
 * when the frame's last bytes are read) minus the tick's start (`at` in the prices message: the
 * server's Date.now() before the tick's prices were stored). One machine, one clock, so the two
 * agree; the figure includes storing the tick, building and serializing the prices, the send
 * loop, the kernel's delivery and the client's read. Also printed: the tick itself (start to the
 * bus event); the server process's CPU time per tick (POST to the last arrival), which other
 * work on a shared machine stretches far less than it stretches the latencies, so it is close to
 * what the server's part of a tick would take on a quiet machine; the server's longest event-loop stall during the ticks (what any
 * other request would have waited); and the client processes' CPU time per tick (the server's and
 * theirs share the machine's two cores, so their sum over two bounds how fast a tick can be).
 *
 * Then the floor (bench/fan-out-floor.ts): fresh client processes, all 10,000 sockets anonymous,
 * against a bare `net` server that only writes a frame of the real prices message's size to each
 * socket per tick. Its p99 is what the fan-out itself costs on this machine, app or no app.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { BROADCAST_CHUNK } from '../packages/server/src/realtime/live-hub.ts';
import { startFanOutFloor } from './fan-out-floor.ts';
import type { ClientJob, FromClients, ToClients } from './live-clients.ts';

const SOCKETS = Number(process.env.LIVE_SOCKETS ?? 10_000);
const CLIENT_PROCESSES = Number(process.env.LIVE_CLIENT_PROCESSES ?? 1);
const SIGNED_IN_USERS = Math.round(SOCKETS / 40);
const SOCKETS_PER_USER = 4;
const TICKS = 20;
const TARGET_P99_MS = 100;
const DEADLINE_MS = 150_000;
const CLIENTS_FILE = fileURLToPath(new URL('./live-clients.ts', import.meta.url));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A child's messages, awaited by kind. */
class Inbox {
  private readonly messages: FromClients[] = [];
  private wake: (() => void) | null = null;

  constructor(child: ChildProcess) {
    child.on('message', (message: FromClients) => {
      this.messages.push(message);
      this.wake?.();
    });
  }

  async receive<K extends FromClients['kind']>(
    kind: K,
    timeoutMs: number,
  ): Promise<Extract<FromClients, { kind: K }> | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((m) => m.kind === kind);
      if (index >= 0) return this.messages.splice(index, 1)[0] as Extract<FromClients, { kind: K }>;
      if (Date.now() > until) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }
}

async function signUp(base: string, i: number): Promise<string | null> {
  const response = await fetch(`${base}/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench${i}@example.test`,
      password: 'bench password 1',
      username: `bench${i}`,
    }),
  });
  return response.status === 201 ? ((await response.json()) as { token: string }).token : null;
}

interface Measured {
  connected: number;
  failed: number;
  signedInWithUser: number;
  connectMs: number;
  samples: number[];
  ticks: number;
  incomplete: number;
  closedByServer: number;
  serverCpuMs: number[];
  clientCpuMs: number[];
  stallMs: number;
}

/**
 * Forks the client processes against `port` with their share of `tokens` and `anonymous` sockets,
 * waits until every socket has its snapshot, then runs TICKS ticks through `tick` (which resolves
 * with the tick's start, the `at` the clients read), each after every socket got the previous one.
 */
async function measure(
  port: number,
  socketTokens: string[],
  anonymous: number,
  tick: () => Promise<number>,
  children: ChildProcess[],
): Promise<Measured> {
  const inboxes: Inbox[] = [];
  const mine: ChildProcess[] = [];
  for (let p = 0; p < CLIENT_PROCESSES; p += 1) {
    const child = fork(CLIENTS_FILE, { execArgv: ['--import', 'tsx'] });
    child.on('exit', (code) => {
      if (code) console.error(`live: client process exited with ${code}`);
    });
    children.push(child);
    mine.push(child);
    inboxes.push(new Inbox(child));
    const share = (list: number, k: number) =>
      Math.floor((list * (k + 1)) / CLIENT_PROCESSES) - Math.floor((list * k) / CLIENT_PROCESSES);
    const tokenStart = Math.floor((socketTokens.length * p) / CLIENT_PROCESSES);
    child.send({
      port,
      tokens: socketTokens.slice(tokenStart, tokenStart + share(socketTokens.length, p)),
      anonymous: share(anonymous, p),
    } satisfies ClientJob);
  }
  const readies = await Promise.all(inboxes.map((inbox) => inbox.receive('ready', 90_000)));
  if (readies.some((r) => r === null)) throw new Error('clients did not connect in time');
  const ready = readies as Array<Extract<FromClients, { kind: 'ready' }>>;

  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const clientCpuMs: number[] = [];
  const serverCpuMs: number[] = [];
  let ticks = 0;
  let incomplete = 0;
  for (let i = 0; i < TICKS; i += 1) {
    const cpu = process.cpuUsage();
    const at = await tick();
    const reports = await Promise.all(inboxes.map((inbox) => inbox.receive('tick', 10_000)));
    if (reports.some((r) => r === null || r.at !== at)) {
      incomplete += 1;
      continue;
    }
    ticks += 1;
    const used = process.cpuUsage(cpu);
    serverCpuMs.push((used.user + used.system) / 1000);
    clientCpuMs.push(reports.reduce((ms, r) => ms + r!.cpuMs, 0));
    await new Promise((r) => setTimeout(r, 50));
  }
  stalls.disable();

  for (const child of mine) child.send({ kind: 'close' } satisfies ToClients);
  const done = await Promise.all(inboxes.map((inbox) => inbox.receive('done', 10_000)));
  return {
    connected: ready.reduce((n, r) => n + r.sockets, 0),
    failed: ready.reduce((n, r) => n + r.failed, 0),
    signedInWithUser: ready.reduce((n, r) => n + r.signedInWithUser, 0),
    connectMs: Math.max(...ready.map((r) => r.connectMs)),
    samples: done.flatMap((d) => d?.latencies ?? []).sort((a, b) => a - b),
    ticks,
    incomplete,
    closedByServer: done.reduce((n, d) => n + (d?.closedByServer ?? 0), 0),
    serverCpuMs: serverCpuMs.sort((a, b) => a - b),
    clientCpuMs: clientCpuMs.sort((a, b) => a - b),
    stallMs: stalls.max / 1e6,
  };
}

const latencyText = (m: Measured) =>
  `${m.connected} sockets, ${m.ticks} ticks, tick start to client p50 ${percentile(m.samples, 50)} ms, p99 ${percentile(m.samples, 99)} ms, ` +
  `max ${m.samples[m.samples.length - 1] ?? NaN} ms`;
const cpuText = (m: Measured) =>
  `server CPU per tick p50 ${percentile(m.serverCpuMs, 50).toFixed(0)} ms; server's longest event-loop stall ${m.stallMs.toFixed(0)} ms; ` +
  `clients' CPU per tick p50 ${percentile(m.clientCpuMs, 50).toFixed(0)} ms`;

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const deadline = setTimeout(() => {
    console.error(`live: gave up after ${DEADLINE_MS / 1000} s`);
    for (const child of children) child.kill();
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'papertrade-bench-live-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MARKET_TICK_MS: '0',
    MARKET_CONTROL: '1',
    MARKET_HISTORY_DAYS: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The sign-ups come from one address: past the per-IP sign-up limit (docs/api.md "Auth").
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
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const signedUp = await Promise.all(
    Array.from({ length: SIGNED_IN_USERS }, (_, i) => signUp(base, i)),
  );
  const userTokens = signedUp.filter((token): token is string => token !== null);
  const socketTokens = userTokens.flatMap((token) => Array<string>(SOCKETS_PER_USER).fill(token));
  const anonymous = SOCKETS - socketTokens.length;

  const real = await measure(
    port,
    socketTokens,
    anonymous,
    async () => {
      const response = await fetch(`${base}/market-control/tick`, { method: 'POST' });
      if (response.status !== 200) throw new Error(`tick answered ${response.status}`);
      await response.arrayBuffer();
      return lastPricesAt;
    },
    children,
  );
  // The floor's message: the real prices message's bytes, with each tick's own `at`.
  const assets = await ctx.market.listAssets();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  console.log(
    `live: ${real.connected} sockets in ${CLIENT_PROCESSES} client processes (${socketTokens.length} signed in as ${userTokens.length} users, ` +
      `${real.signedInWithUser} of them got their user record), connected in ${Math.round(real.connectMs)} ms` +
      `${real.failed ? `, ${real.failed} failed` : ''}${real.closedByServer ? `, ${real.closedByServer} closed by the server` : ''}`,
  );
  console.log(
    `live: ${real.samples.length} messages${real.incomplete ? `, ${real.incomplete} ticks incomplete` : ''}; ` +
      `tick itself (prices stored, listeners run) p50 ${percentile(
        tickMs.sort((a, b) => a - b),
        50,
      )} ms; ${cpuText(real)}`,
  );
  console.log(`live: ${latencyText(real)} (target p99 <= ${TARGET_P99_MS} ms)`);

  const pricesAt = (at: number) => JSON.stringify({ type: 'prices', assets, at });
  const floor = await startFanOutFloor(pricesAt);
  const bare = await measure(floor.port, [], SOCKETS, () => floor.tick(), children);
  await floor.close();
  console.log(
    `live floor (a bare net server writing the same frame, ${pricesAt(Date.now()).length} bytes, to every socket, ` +
      `${BROADCAST_CHUNK} per turn): ${latencyText(bare)}; ${cpuText(bare)}${bare.incomplete || bare.failed ? `; ${bare.incomplete} ticks incomplete, ${bare.failed} failed` : ''}`,
  );
  clearTimeout(deadline);
  if (
    percentile(real.samples, 99) > TARGET_P99_MS ||
    real.incomplete > 0 ||
    real.failed > 0 ||
    real.connected < SOCKETS ||
    real.closedByServer > 0 ||
    real.signedInWithUser < socketTokens.length
  ) {
    process.exitCode = 1;
  }
}

await main();
