import pg from 'pg';

/** Advisory lock key of the market leader: src/market/leader-election.ts MARKET_LOCK_KEY. */
const MARKET_LOCK_KEY = 7_305_117_002n;

/**
 * The application_name of the connection holding the market leader lock, or null when nobody
 * holds it (between a leader's death and the next follower's retry). A bigint advisory key shows
 * in pg_locks split into classid (high 32 bits) and objid (low 32 bits), with objsubid 1.
 */
export async function leaderApplicationName(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'papertrade-cluster-probe',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string }>(
      `select a.application_name
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objsubid = 1
          and l.classid = $1::oid and l.objid = $2::oid and l.database = (select oid from pg_database where datname = current_database())`,
      [String(MARKET_LOCK_KEY >> 32n), String(MARKET_LOCK_KEY & 0xffff_ffffn)],
    );
    return rows[0]?.application_name ?? null;
  } finally {
    await client.end();
  }
}
