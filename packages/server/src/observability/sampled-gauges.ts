import { Gauge, type Registry } from 'prom-client';

/** Clients of the database pool by state; SQLite has one connection and a queue in front of it. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Gauges read at scrape time from whoever knows the figure, rather than kept up to date on every change. */
export function sampledGauges(
  registry: Registry,
  sources: { liveSockets: () => number; pool: () => PoolStats | undefined },
): void {
  const registers = [registry];
  new Gauge({
    name: 'papertrade_live_sockets',
    help: 'Open /live WebSocket connections on this instance',
    registers,
    collect() {
      this.set(sources.liveSockets());
    },
  });
  new Gauge({
    name: 'papertrade_db_pool_clients',
    help: 'Database clients by state (SQLite: its one connection, and requests queued for it)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = sources.pool();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
}
