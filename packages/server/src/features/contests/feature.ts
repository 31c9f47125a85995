import type { AppContext, Routes } from '../../app-context.ts';
import type { BackgroundJob, JobLog } from '../../background-jobs.ts';
import { createBoardCache } from './contest-board.ts';
import { dueContests, endContest, type EndedContest } from './contest-end.ts';
import { startContestPushes } from './contest-live.ts';
import { contestRoutes, type ContestShared } from './routes.ts';

/**
 * Contests and classes in one app: the routes, and two jobs sharing the routes' board cache. The
 * end job closes every contest whose end has come, on each tick; the board pushes send open
 * contest pages their board every CONTEST_PUSH_MS.
 */
export function contestsFeature(
  ctx: AppContext,
  log: JobLog,
): {
  routes: Routes;
  jobs: { endContests: BackgroundJob; boardPushes: BackgroundJob };
} {
  const boards = createBoardCache(ctx.db);
  const shared: ContestShared = {
    boards,
    afterEnd: (ended: EndedContest) => {
      boards.invalidate(ended.contestId);
      for (const [portfolioId, userId] of ended.members)
        ctx.bus.publish({ type: 'user-changed', userId, portfolioId });
    },
  };
  return {
    routes: (app) => contestRoutes(app, ctx, shared),
    jobs: {
      endContests: {
        name: 'contest end',
        // A tick at or after a contest's end closes it, cancelling its working orders: app.ts runs
        // this before the limit trigger, so that tick cannot fill any of them.
        async everyTick(_prices, at) {
          for (const contestId of await dueContests(ctx.db, at)) {
            try {
              const ended = await endContest(ctx.db, contestId, at);
              if (ended) shared.afterEnd(ended);
            } catch (error) {
              log.error({ err: error, contestId }, 'contest end failed; the next tick tries again');
            }
          }
          return undefined;
        },
      },
      boardPushes: {
        name: 'contest board pushes',
        start: () =>
          startContestPushes(ctx, boards, (error) =>
            log.error({ err: error }, 'contest board push failed'),
          ),
      },
    },
  };
}
