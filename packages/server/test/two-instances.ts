import type { Config } from '../src/config.ts';
import type { PgEventBus } from '../src/realtime/pg-event-bus.ts';
import { createTestApp, disposeTestDatabase } from './test-app.ts';

type Cleanup = () => Promise<void> | void;

/**
 * Two apps on one PostgreSQL database, as two instances behind a load balancer, each listening on
 * the bus before it returns. Their closing and the database's removal are pushed on `cleanups`, to
 * run last first (the apps close before their database goes).
 */
export async function twoInstances(cleanups: Cleanup[], overrides: Partial<Config> = {}) {
  const a = await createTestApp({ ...overrides, keep: true });
  cleanups.push(() => disposeTestDatabase({ dataDir: a.dataDir, databaseUrl: a.databaseUrl }));
  cleanups.push(() => a.close());
  const b = await createTestApp({ ...overrides, keep: true, databaseUrl: a.databaseUrl });
  cleanups.push(() => disposeTestDatabase({ dataDir: b.dataDir }));
  cleanups.push(() => b.close());
  await Promise.all([(a.ctx.bus as PgEventBus).ready(), (b.ctx.bus as PgEventBus).ready()]);
  return [a, b] as const;
}
