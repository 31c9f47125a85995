import path from 'node:path';
import { freePort } from '../deploy/cluster/free-port.ts';
import { startInstance, waitUntilUp, type Instance } from '../deploy/cluster/instance.ts';

/**
 * The real server (`npm run serve`'s entry) in a process of its own, as the order benches run it:
 * on `dataDir` (SQLite) or `databaseUrl` (PostgreSQL), one day of seeded history (seeding is not
 * what they measure), warnings only, no web app. `env` adds or overrides settings.
 */
export async function startBenchServer({
  dataDir,
  databaseUrl,
  env = {},
  nodeArgs = [],
}: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<Instance> {
  const server = startInstance({
    name: 'bench',
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      MARKET_HISTORY_DAYS: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    nodeArgs,
  });
  await waitUntilUp(server);
  return server;
}
