import { sql, type Kysely, type Transaction } from 'kysely';
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
 * trader gets one a minute, for years). The newest limit + 1 points, read backwards: when that is
 * all of them, they are the answer as they are. Otherwise `limit` times are spread evenly from the
 * first point to the last, and each takes the first point at or after it (one seek each in
 * balance_snapshots_user_time), so the points are spread over time, first and last always in.
 */
export async function loadEpochBalancePoints(db: Db, userId: string, limit: number): Promise<StoredPoint[]> {
  // The epoch as a subquery, so this runs beside the read of the user row, not after it; SQL text
  // because every user record runs it (see user-record-rows.ts).
  const { rows: newest } = await sql<{ ts: bigint; balance_cents: bigint; epoch: bigint }>`
    SELECT ts, balance_cents, epoch FROM balance_snapshots
    WHERE user_id = ${userId} AND epoch = (SELECT epoch FROM users WHERE id = ${userId})
    ORDER BY ts DESC LIMIT ${limit + 1}`.execute(db);
  if (newest.length <= limit) return newest.map(toPoint).reverse();

  const epoch = BigInt(newest[0]?.epoch ?? 0n);
  const last = BigInt(newest[0]?.ts ?? 0n);
  // Older epochs' points come first in the index; this walks past them once, and only for an
  // epoch of more than `limit` points.
  const oldest = await db
    .selectFrom('balance_snapshots')
    .select('ts')
    .where('user_id', '=', userId)
    .where('epoch', '=', epoch)
    .orderBy('ts')
    .limit(1)
    .executeTakeFirstOrThrow();
  const first = BigInt(oldest.ts);
  const { rows } = await sql<{ ts: bigint; balance_cents: bigint }>`
    WITH RECURSIVE probe (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM probe WHERE i < ${limit - 1})
    SELECT ts, balance_cents FROM balance_snapshots
    WHERE user_id = ${userId} AND epoch = ${epoch} AND ts IN (
      SELECT (
        SELECT b.ts FROM balance_snapshots b
        WHERE b.user_id = ${userId} AND b.epoch = ${epoch}
          AND b.ts >= CAST(${first} AS bigint) + probe.i * CAST(${last - first} AS bigint) / ${limit - 1}
        ORDER BY b.ts LIMIT 1
      ) FROM probe
    )
    ORDER BY ts`.execute(db);
  // Two points stored at the same millisecond would both match one time: keep one.
  return spreadPoints(rows.map(toPoint).filter((p, i, all) => i === 0 || p.ts !== all[i - 1]?.ts), limit);
}
