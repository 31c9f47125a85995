import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { startHaproxy, type Balancer } from './haproxy.ts';
import { applicationName, startInstance, waitUntilUp, type Instance } from './instance.ts';
import { leaderApplicationName } from './leader.ts';

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  /** HAProxy's port; 0 picks a free one. */
  port: number;
  /** Extra server settings for every instance (MARKET_TICK_MS, MARKET_CONTROL, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** Instance and HAProxy output, line by line (name is app1..appN or haproxy). */
  onLine?: (name: string, line: string) => void;
}

export interface Cluster {
  /** The balancer's URL: what a browser or client uses. */
  url: string;
  instances: Instance[];
  /** The instance whose connection holds the market lock, if any holds it now. */
  leader(): Promise<Instance | undefined>;
  stop(): Promise<void>;
}

/**
 * N instances of the server on free ports sharing one PostgreSQL and one DATA_DIR (so avatar
 * uploads are seen by all of them, as a shared volume would on several machines), HAProxy in
 * front. The first instance starts alone so that it runs the migrations and seeds the market
 * before the others connect; the others then start together.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'papertrade-cluster-'));
  const instances: Instance[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    // SIGTERM: each instance drains and gives up the market lock (a dead one needs nothing).
    await Promise.all(instances.map((i) => i.process.stop(15_000)));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const port = options.port || (await freePort());
    const url = `http://localhost:${port}`;
    const env = {
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: url,
      // Longer than HAProxy's two failed checks a second apart, so a draining instance is out of
      // the rotation before it stops answering.
      SHUTDOWN_GRACE_MS: '2500',
      // HAProxy on this machine is the only proxy to believe about the client's address.
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    };
    const launch = async (n: number) => {
      const name = `app${n}`;
      const instance = startInstance({
        name,
        port: await freePort(),
        env,
        onLine: (line) => options.onLine?.(name, line),
      });
      instances.push(instance);
      await waitUntilUp(instance);
      return instance;
    };
    await launch(1);
    await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => launch(i + 2)));
    instances.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));

    balancer = await startHaproxy({
      port,
      dir,
      backends: instances.map((i) => ({ name: i.name, host: '127.0.0.1', port: i.port })),
      onLine: (line) => options.onLine?.('haproxy', line),
    });
    return {
      url: balancer.url,
      instances,
      async leader() {
        const holder = await leaderApplicationName(options.databaseUrl);
        return instances.find((i) => applicationName(i.name) === holder);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
