import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isPostgres } from '../db/transaction.ts';
import type { BalancePointCaches } from './balance-point-caches.ts';
import { gridStep } from './balance-spread-cache.ts';
import { lastFinalTs, pointsOf } from './final-points-cache.ts';
import type { StoredPoint } from './stored-point.ts';

type Db = Kysely<DB> | Transaction<DB>;

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

interface Grid {
  portfolioId: string;
  epoch: bigint;
  first: bigint;
  step: bigint;
}

/**
 * The first point at or after each time first + i x step, i = from .. to, in time order: one
 * index-only seek per time. PostgreSQL joins LATERAL (a correlated subquery there costs a subplan
 * call per value, and a join back to the table lets it pick a scan of every point); SQLite has no
 * LATERAL, and there two scalar subqueries per time are two cheap seeks.
 */
async function seekSamples(db: Db, g: Grid, from: number, to: number) {
  const times = sql`WITH RECURSIVE probe (i) AS (SELECT CAST(${from} AS integer) UNION ALL SELECT i + 1 FROM probe WHERE i < ${to}),
    times (i, t) AS (SELECT i, CAST(${g.first} AS bigint) + i * CAST(${g.step} AS bigint) FROM probe)`;
  const after = sql`FROM balance_snapshots b WHERE b.portfolio_id = ${g.portfolioId} AND b.epoch = ${g.epoch} AND b.ts >= times.t ORDER BY b.ts LIMIT 1`;
  const { rows } = isPostgres(db)
    ? await sql<{ ts: bigint; balance_cents: bigint }>`${times}
        SELECT p.ts, p.balance_cents FROM times CROSS JOIN LATERAL (SELECT b.ts, b.balance_cents ${after}) p ORDER BY times.i`.execute(
        db,
      )
    : await sql<{ ts: bigint; balance_cents: bigint }>`${times}
        SELECT (SELECT b.ts ${after}) AS ts, (SELECT b.balance_cents ${after}) AS balance_cents FROM times ORDER BY times.i`.execute(
        db,
      );
  return rows;
}

/**
 * At most `limit` stored balance points of the user's current epoch, oldest first, spread over
 * its whole span, in a bounded number of index steps however many points there are (an active
 * trader gets one a minute, for years). First the (limit + 1)-th newest point alone: when there
 * is none, all the points are the answer as they are. Otherwise up to `limit` - 1 times are
 * spread evenly from the first point on (a grid step within 1% of span / (limit - 2)), each
 * takes the first point at or after it (seeks in balance_snapshots_portfolio_epoch_time, which carries
 * the balance, so no table row is read), and the last point closes the list: spread over time,
 * first and last always in. Samples already final are reused from the app's balance-spread-cache.ts, so an
 * answer usually seeks only the last few times.
 */
export async function loadEpochBalancePoints(
  db: Db,
  caches: BalancePointCaches,
  portfolioId: string,
  limit: number,
): Promise<StoredPoint[]> {
  // The epoch as a subquery, so this runs beside the read of the user row, not after it; SQL text
  // because every user record runs it (see user-record-rows.ts).
  const { rows: beyond } = await sql<{ epoch: bigint }>`
    SELECT epoch FROM balance_snapshots
    WHERE portfolio_id = ${portfolioId} AND epoch = (SELECT epoch FROM portfolios WHERE id = ${portfolioId})
    ORDER BY ts DESC LIMIT 1 OFFSET ${limit}`.execute(db);
  const epoch = beyond[0]?.epoch;
  if (epoch === undefined) return shortEpochPoints(db, caches, portfolioId);
  const end = (
    column: 'ts' | 'balance_cents',
    dir: 'ASC' | 'DESC',
  ) => sql`(SELECT ${sql.raw(column)} FROM balance_snapshots
    WHERE portfolio_id = ${portfolioId} AND epoch = ${epoch} ORDER BY ts ${sql.raw(dir)} LIMIT 1)`;
  const { rows: ends } = await sql<{ first: bigint; last: bigint; last_balance: bigint }>`
    SELECT ${end('ts', 'ASC')} AS first, ${end('ts', 'DESC')} AS last, ${end('balance_cents', 'DESC')} AS last_balance`.execute(
    db,
  );
  const first = BigInt(ends[0]?.first ?? 0n);
  const last = BigInt(ends[0]?.last ?? 0n);
  // Samples 0 .. n at first + i x step, at most limit - 1 of them, then the last point.
  const step = gridStep(last - first, limit - 2);
  const n = Number((last - first) / step);
  const cached = caches.spreads.reusable(portfolioId, epoch, first, step, last);
  const from = Math.min(cached?.count ?? 0, n + 1);
  const points: StoredPoint[] = [];
  for (let i = 0; i < from; i += 1)
    points.push({ ts: cached?.ts[i] ?? 0n, balanceCents: cached?.balance[i] ?? 0n });
  if (from <= n)
    points.push(
      ...(await seekSamples(db, { portfolioId, epoch, first, step }, from, n)).map(toPoint),
    );
  caches.spreads.remember(portfolioId, { epoch, first, step }, points, last);
  if ((points.at(-1)?.ts ?? -1n) !== last)
    points.push({ ts: last, balanceCents: BigInt(ends[0]?.last_balance ?? 0n) });
  // Samples in a gap share the point after it (so may two stored at the same millisecond): keep one.
  return spreadPoints(
    points.filter((p, i, all) => i === 0 || p.ts !== all[i - 1]?.ts),
    limit,
  );
}

/**
 * All the points of an epoch that has no more than an answer shows: the final ones kept from the
 * last answer (final-points-cache.ts) and the rows after them, read with the current epoch so a
 * reset since then is seen and everything is read again.
 */
async function shortEpochPoints(
  db: Db,
  caches: BalancePointCaches,
  portfolioId: string,
): Promise<StoredPoint[]> {
  const read = async (after: bigint) => {
    const { rows } = await sql<{ epoch: bigint; ts: bigint | null; balance_cents: bigint | null }>`
      SELECT p.epoch, b.ts, b.balance_cents FROM portfolios p
      LEFT JOIN balance_snapshots b ON b.portfolio_id = p.id AND b.epoch = p.epoch AND b.ts > ${after}
      WHERE p.id = ${portfolioId} ORDER BY b.ts`.execute(db);
    const epoch = rows[0] ? BigInt(rows[0].epoch) : undefined;
    const points = rows.flatMap((r) =>
      r.ts === null || r.balance_cents === null
        ? []
        : [toPoint({ ts: r.ts, balance_cents: r.balance_cents })],
    );
    return { epoch, points };
  };
  const kept = caches.finals.get(portfolioId);
  const fresh = await read(lastFinalTs(kept));
  if (fresh.epoch === undefined) return [];
  if (kept && kept.epoch !== fresh.epoch) {
    // A reset since the kept points: read the new epoch whole.
    const all = await read(-1n);
    caches.finals.remember(portfolioId, all.epoch ?? fresh.epoch, all.points);
    return all.points;
  }
  const points = kept ? [...pointsOf(kept), ...fresh.points] : fresh.points;
  caches.finals.remember(portfolioId, fresh.epoch, points);
  return points;
}
