import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnGroup, type GroupProcess } from './process-group.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(repoRoot, 'packages/server/src/main.ts');

export interface Instance {
  /** app1, app2, ...: also the HAProxy server name and the PostgreSQL application_name suffix. */
  name: string;
  port: number;
  url: string;
  process: GroupProcess;
}

export interface InstanceOptions {
  name: string;
  port: number;
  /** Everything the server reads (DATABASE_URL, DATA_DIR, MARKET_*...), beside PORT and HOST. */
  env: Record<string, string>;
  onLine?: (line: string) => void;
  /** Node's own flags before the script (--cpu-prof is refused in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/** PostgreSQL shows this as application_name, which is how the market leader is found. */
export const applicationName = (name: string) => `papertrade-${name}`;

export function startInstance(options: InstanceOptions): Instance {
  const { name, port } = options;
  const process_ = spawnGroup(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', MAIN],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // node-postgres reads PGAPPNAME for every connection (pool, LISTEN, leader lock).
        PGAPPNAME: applicationName(name),
      },
      onLine: options.onLine,
    },
  );
  return { name, port, url: `http://127.0.0.1:${port}`, process: process_ };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `check` is true (a throwing check counts as false); throws after timeoutMs, or at
 * once with giveUp's message when it has one (the process being waited for died).
 */
export async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
  giveUp: () => string | undefined = () => undefined,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    const reason = giveUp();
    if (reason) throw new Error(reason);
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

export async function answersOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return res.ok;
}

/** Waits until the instance answers GET /health, or fails early with its output if it died. */
export async function waitUntilUp(instance: Instance, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    `${instance.name} on port ${instance.port}`,
    timeoutMs,
    () => answersOk(`${instance.url}/health`),
    () =>
      instance.process.isRunning()
        ? undefined
        : `${instance.name} exited during start-up:\n${instance.process.recentOutput()}`,
  );
}
