import pg from 'pg';

/** Advisory lock key of the market leader (advisory locks are per database). */
export const MARKET_LOCK_KEY = 7_305_117_002;

export interface LeaderElection {
  isLeader(): boolean;
  /** Gives the lock up (by closing its connection) and stops trying. */
  stop(): Promise<void>;
}

export interface ElectionOptions {
  retryMs: number;
  onError: (message: string, err: unknown) => void;
}

/**
 * Several instances on one PostgreSQL: the one holding a session-level advisory lock on a
 * dedicated connection is the leader. The lock goes with the connection, so when the leader
 * dies PostgreSQL releases it and the next instance to retry (every retryMs) takes over.
 * The leader also checks its connection on every round, so it stops ticking when it is gone.
 */
export async function startLeaderElection(
  databaseUrl: string,
  options: ElectionOptions,
): Promise<LeaderElection> {
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const drop = (c: pg.Client) => {
    if (client === c) {
      client = null;
      leader = false;
    }
    c.end().catch(() => undefined);
  };

  const attempt = async () => {
    let c = client;
    try {
      if (!c) {
        c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
        const fresh = c;
        fresh.on('error', (err) => {
          options.onError('market leader connection failed', err);
          drop(fresh);
        });
        fresh.on('end', () => drop(fresh));
        await fresh.connect();
        if (stopped) {
          await fresh.end();
          return;
        }
        client = fresh;
      }
      if (leader) {
        await c.query('select 1');
      } else {
        const result = await c.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [MARKET_LOCK_KEY],
        );
        leader = result.rows[0]?.locked === true;
      }
    } catch (err) {
      options.onError('market leader election failed', err);
      if (c) drop(c);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = attempt().finally(schedule);
    }, options.retryMs);
    timer.unref();
  };

  await attempt();
  schedule();

  return {
    isLeader: () => leader && !stopped,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      const c = client;
      client = null;
      leader = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
