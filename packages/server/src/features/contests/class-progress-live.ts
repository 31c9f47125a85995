import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idIn } from '../../db/batch-rows.ts';
import type { DB } from '../../db/schema.ts';

interface KeyRow {
  contest_id: string;
  members: bigint | number | string;
  versions: bigint | number | string | null;
  learned: bigint | number | string | null;
}

/**
 * What a class's teacher tables count changes only when one of these moves (docs/decisions/
 * 035-assignments-that-check-themselves.md): the members (a join, a leave), their class
 * portfolios' record versions (every order, fill, cancel and change locks the portfolio and
 * bumps it, migration 011), and their lessons read and quiz attempts. One statement for all the
 * classes asked, read by the /live pushes every 2 s only for classes whose teacher is connected;
 * the key is compared, never shown.
 */
export async function classProgressKeys(
  db: Kysely<DB>,
  contestIds: readonly string[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  if (!contestIds.length) return keys;
  const { rows } = await sql<KeyRow>`SELECT p.contest_id, count(*) AS members,
      sum(p.version) AS versions,
      (SELECT count(lp.read_at) + coalesce(sum(lp.attempts), 0) FROM lesson_progress lp
        WHERE lp.user_id IN (SELECT q.user_id FROM portfolios q
          WHERE q.contest_id = p.contest_id AND q.closed_at IS NULL)) AS learned
    FROM portfolios p
    WHERE ${idIn(db, 'p.contest_id', contestIds)} AND p.closed_at IS NULL
    GROUP BY p.contest_id`.execute(db);
  for (const r of rows) keys.set(r.contest_id, `${r.members}:${r.versions ?? 0}:${r.learned ?? 0}`);
  return keys;
}
