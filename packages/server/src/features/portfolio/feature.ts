import type { AppContext, Routes } from '../../app-context.ts';
import type { BackgroundJob, JobLog } from '../../background-jobs.ts';
import { portfolioRoutes } from './routes.ts';
import { startBalanceSnapshots } from './snapshot-job.ts';

/** The read side of the user record: the routes, and the hourly balance snapshots of the balance charts. */
export function portfolioFeature(
  ctx: AppContext,
  log: JobLog,
): { routes: Routes; jobs: { balanceSnapshots: BackgroundJob } } {
  return {
    routes: portfolioRoutes,
    jobs: {
      balanceSnapshots: {
        name: 'balance snapshots',
        start() {
          const job = startBalanceSnapshots(ctx, (error) =>
            log.error({ err: error }, 'balance snapshots failed'),
          );
          return () => job.stop();
        },
      },
    },
  };
}
