import type { Cents } from '@papertrade/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Each main portfolio's balance at the start of a period: the latest snapshot at or before `start` in the
 * user's current epoch (snapshots are written after every trade and hourly for every invested
 * user, snapshot-job.ts), for the users whose epoch began before `start`. One index seek per user
 * in balance_snapshots_portfolio_epoch_time (portfolio_id, epoch, ts, balance_cents), read backwards.
 * Users without such a snapshot are absent: their balance had not moved since the epoch began.
 */
export async function loadPeriodBaselines(
  db: Kysely<DB>,
  start: number,
): Promise<Map<string, Cents>> {
  const { rows } = await sql<{ id: string; baseline: bigint | number | string }>`
    SELECT id, baseline FROM (
      SELECT u.id AS id, (
        SELECT s.balance_cents FROM balance_snapshots s
        WHERE s.portfolio_id = u.id AND s.epoch = u.epoch AND s.ts <= ${start}
        ORDER BY s.ts DESC LIMIT 1
      ) AS baseline
      FROM portfolios u
      WHERE u.kind = 'MAIN' AND COALESCE(u.reset_at, u.created_at) <= ${start}
    ) AS b
    WHERE baseline IS NOT NULL`.execute(db);
  return new Map(rows.map((r) => [r.id, BigInt(r.baseline)]));
}
