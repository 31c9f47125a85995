import { clampRecordedBalance } from '@papertrade/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DB } from '../../db/schema.ts';
import { loadAllTotalBalances } from '../../users/all-total-balances.ts';

export const SNAPSHOT_EVERY_MS = 3_600_000;
/** How often an instance looks whether the hourly run is due (one cheap row read). */
const CHECK_EVERY_MS = 5 * 60_000;
/** When the last run started, in the generic key/value table; shared by every instance. */
const LAST_RUN_KEY = 'balance-snapshots-at';
const INSERT_BATCH = 500;

/**
 * Claims the run that is due, compare-and-swap on the last-run time, so with several instances
 * on one PostgreSQL only one of them writes each hour's snapshots. False when not due or taken.
 */
async function claimRun(db: Kysely<DB>, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('market_state')
    .select('value')
    .where('key', '=', LAST_RUN_KEY)
    .executeTakeFirst();
  if (!row) {
    const inserted = await db
      .insertInto('market_state')
      .values({ key: LAST_RUN_KEY, value: String(now) })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
  const last = Number(row.value);
  if (Number.isFinite(last) && now - last < SNAPSHOT_EVERY_MS) return false;
  const updated = await db
    .updateTable('market_state')
    .set({ value: String(now) })
    .where('key', '=', LAST_RUN_KEY)
    .where('value', '=', row.value)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * One snapshot at `now` for every user whose total moves with prices (a holding or a working
 * order): a cash-only balance is flat, its chart needs no hourly points. A handful of queries
 * for all users together, then batched inserts. Returns the number of snapshots written.
 */
export async function snapshotInvestedUsers(ctx: AppContext, now = Date.now()): Promise<number> {
  const totals = await loadAllTotalBalances(ctx.db);
  const rows = totals
    .filter((u) => u.invested)
    .map((u) => ({
      portfolio_id: u.id,
      epoch: u.epoch,
      ts: now,
      balance_cents: clampRecordedBalance(u.totalCents),
    }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await ctx.db
      .insertInto('balance_snapshots')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
  return rows.length;
}

/** The hourly run if it is due and no other instance took it: the snapshots written, or null. */
export async function runSnapshotJob(ctx: AppContext, now = Date.now()): Promise<number | null> {
  if (!(await claimRun(ctx.db, now))) return null;
  return snapshotInvestedUsers(ctx, now);
}

export interface SnapshotJob {
  stop(): Promise<void>;
}

/**
 * Hourly balance snapshots for the balance charts: runs at once when the last run is over an
 * hour old (or there was none), then checks every few minutes. stop() waits for a run in flight
 * so the database is never closed under it.
 */
export function startBalanceSnapshots(
  ctx: AppContext,
  onError: (error: unknown) => void = () => {},
): SnapshotJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = runSnapshotJob(ctx)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
