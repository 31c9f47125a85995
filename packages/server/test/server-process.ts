import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (`node --import tsx packages/server/src/main.ts`), for tests
 * that must kill it hard. It runs in its own process group, so kill -9 reaches everything it
 * started; every server started here is remembered until it is gone, and killAllServers (call it
 * in afterAll) kills whatever is left, even when the test failed halfway. Every wait is bounded.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUTPUT_KEPT = 20_000;

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The last stdout/stderr of the process, for failure messages. */
  output(): string;
  exited(): boolean;
  /** kill -9 of the whole process group; resolves once the process is gone (bounded). */
  kill9(): Promise<void>;
}

const running = new Set<ServerProcess>();

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the server with `env` on top of this process's environment (PORT and HOST are set here)
 * and resolves once GET /health answers 200; rejects (after killing it) when it exits first or is
 * not ready within readyTimeoutMs.
 */
export async function startServer(options: {
  env: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');

  const server: ServerProcess = {
    baseUrl,
    pid,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async kill9() {
      if (!server.exited()) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      const gone = await waitForExit(child, 10_000);
      running.delete(server);
      if (!gone) throw new Error(`server ${pid} did not exit after kill -9`);
    },
  };
  running.add(server);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (server.exited()) {
      running.delete(server);
      throw new Error(
        `the server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(
        `the server was not ready within ${options.readyTimeoutMs ?? 30_000} ms:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** kill -9 of every server started here that is still running. */
export async function killAllServers(): Promise<void> {
  await Promise.allSettled([...running].map((s) => s.kill9()));
}
