import type { AppContext } from '../../app-context.ts';
import type { BoardCache } from './contest-board.ts';
import { toBoardRow } from './contest-board.ts';
import { classProgressKeys } from './class-progress-live.ts';

/** How often open contest pages hear their board: about as often as a board can change (its cache). */
export const CONTEST_PUSH_MS = 2_000;
/** Rows a push carries: the top of the board, what a contest page shows without paging. */
const PUSHED_ROWS = 50;

/**
 * Pushes `{type: "contest", contestId, leaderboard, at}` to the open sockets of each running (or
 * just ended) contest's members and owner on this instance, when the board changed since the
 * last push, and `{type: "class-progress", contestId, at}` to a class's teacher when what its
 * assignments and quiz results count moved (class-progress-live.ts). Every instance pushes to its
 * own sockets from the database, so it needs no message between instances.
 */
export function startContestPushes(
  ctx: Pick<AppContext, 'db' | 'live'>,
  boards: BoardCache,
  onError: (error: unknown) => void,
): () => void {
  const last = new Map<string, string>();
  const progress = new Map<string, string>();
  let running = false;
  const push = async () => {
    const live = ctx.live;
    if (running || !live) return;
    const userIds = [...live.connectedUserIds()];
    if (!userIds.length) return;
    running = true;
    try {
      const now = Date.now();
      // Contests of the connected users: joined (open portfolio) or owned, running or ended in the last minute.
      const rows = await ctx.db
        .selectFrom('contests')
        .leftJoin('portfolios', (join) =>
          join
            .onRef('portfolios.contest_id', '=', 'contests.id')
            .on('portfolios.closed_at', 'is', null),
        )
        .select(['contests.id', 'contests.owner_id', 'contests.kind', 'portfolios.user_id'])
        .where((eb) =>
          eb.or([eb('portfolios.user_id', 'in', userIds), eb('contests.owner_id', 'in', userIds)]),
        )
        .where('contests.starts_at', '<=', BigInt(now))
        .where('contests.ends_at', '>', BigInt(now - 60_000))
        .execute();
      const audience = new Map<string, Set<string>>();
      const connected = new Set(userIds);
      const teachers = new Map<string, string>();
      for (const r of rows) {
        if (r.kind === 'CLASS' && connected.has(r.owner_id)) teachers.set(r.id, r.owner_id);
        const set = audience.get(r.id) ?? new Set<string>();
        if (r.user_id && connected.has(r.user_id)) set.add(r.user_id);
        if (connected.has(r.owner_id)) set.add(r.owner_id);
        audience.set(r.id, set);
      }
      for (const [contestId, users] of audience) {
        const board = await boards.get(contestId);
        const leaderboard = board.entries.slice(0, PUSHED_ROWS).map(toBoardRow);
        const key = JSON.stringify(leaderboard);
        if (last.get(contestId) === key) continue;
        last.set(contestId, key);
        live.sendToUsers(users, { type: 'contest', contestId, leaderboard, at: board.at });
      }
      for (const contestId of last.keys()) if (!audience.has(contestId)) last.delete(contestId);
      // The first look at a class is told too: its teacher's socket just opened, and what the
      // page read before it may already be behind.
      const keys = await classProgressKeys(ctx.db, [...teachers.keys()]);
      for (const contestId of teachers.keys()) {
        // A class nobody joined yet has no row: its first member is a change too.
        const key = keys.get(contestId) ?? 'empty';
        const before = progress.get(contestId);
        progress.set(contestId, key);
        if (before === key) continue;
        live.sendToUsers([teachers.get(contestId)!], {
          type: 'class-progress',
          contestId,
          at: now,
        });
      }
      for (const contestId of progress.keys())
        if (!teachers.has(contestId)) progress.delete(contestId);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void push(), CONTEST_PUSH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
