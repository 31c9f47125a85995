import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface StoredPoint {
  ts: bigint;
  balanceCents: bigint;
}

/** Keeps at most `limit` points spread evenly over the whole range, always the first and last. */
export function spreadPoints<T>(points: T[], limit: number): T[] {
  if (points.length <= limit) return points;
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => points[Math.round(i * step)] as T);
}

const toPoint = (r: { ts: bigint | number; balance_cents: bigint | number }): StoredPoint => ({
  ts: BigInt(r.ts),
  balanceCents: BigInt(r.balance_cents),
});

/**
 * At most `limit` stored balance points of the user's current epoch, oldest first, spread over
 * its whole span, in a bounded number of index steps however many points there are (an active
 * trader gets one a minute, for years). First the (limit + 1)-th newest point alone: when there
 * is none, all the points are the answer as they are. Otherwise `limit` times are spread evenly
 * from the first point to the last, and each takes the first point at or after it (seeks in
 * balance_snapshots_user_epoch_time, which carries the balance, so no table row is read), so
 * the points are spread over time, first and last always in.
 */
export async function loadEpochBalancePoints(db: Db, userId: string, limit: number): Promise<StoredPoint[]> {
  // The epoch as a subquery, so this runs beside the read of the user row, not after it; SQL text
  // because every user record runs it (see user-record-rows.ts).
  const { rows: beyond } = await sql<{ epoch: bigint }>`
    SELECT epoch FROM balance_snapshots
    WHERE user_id = ${userId} AND epoch = (SELECT epoch FROM users WHERE id = ${userId})
    ORDER BY ts DESC LIMIT 1 OFFSET ${limit}`.execute(db);
  const epoch = beyond[0]?.epoch;
  if (epoch === undefined) {
    const { rows } = await sql<{ ts: bigint; balance_cents: bigint }>`
      SELECT ts, balance_cents FROM balance_snapshots
      WHERE user_id = ${userId} AND epoch = (SELECT epoch FROM users WHERE id = ${userId})
      ORDER BY ts`.execute(db);
    return rows.map(toPoint);
  }

  const span = (dir: 'ASC' | 'DESC') => sql`(SELECT ts FROM balance_snapshots
    WHERE user_id = ${userId} AND epoch = ${epoch} ORDER BY ts ${sql.raw(dir)} LIMIT 1)`;
  const { rows: ends } = await sql<{ first: bigint; last: bigint }>`SELECT ${span('ASC')} AS first, ${span('DESC')} AS last`.execute(db);
  const first = BigInt(ends[0]?.first ?? 0n);
  const last = BigInt(ends[0]?.last ?? 0n);
  const times = sql`WITH RECURSIVE probe (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM probe WHERE i < ${limit - 1}),
    times (i, t) AS (SELECT i, CAST(${first} AS bigint) + i * CAST(${last - first} AS bigint) / ${limit - 1} FROM probe)`;
  const after = sql`FROM balance_snapshots b WHERE b.user_id = ${userId} AND b.epoch = ${epoch} AND b.ts >= times.t ORDER BY b.ts LIMIT 1`;
  // One index-only seek per time. PostgreSQL joins LATERAL (a correlated subquery there costs a
  // subplan call per value, and a join back to the table lets it pick a scan of every point);
  // SQLite has no LATERAL, and there two scalar subqueries per time are two cheap seeks.
  const { rows } =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{ ts: bigint; balance_cents: bigint }>`${times}
        SELECT p.ts, p.balance_cents FROM times CROSS JOIN LATERAL (SELECT b.ts, b.balance_cents ${after}) p ORDER BY times.i`.execute(db)
      : await sql<{ ts: bigint; balance_cents: bigint }>`${times}
        SELECT (SELECT b.ts ${after}) AS ts, (SELECT b.balance_cents ${after}) AS balance_cents FROM times ORDER BY times.i`.execute(db);
  // Two points stored at the same millisecond would both match one time: keep one.
  return spreadPoints(rows.map(toPoint).filter((p, i, all) => i === 0 || p.ts !== all[i - 1]?.ts), limit);
}
