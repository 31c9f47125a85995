import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { balanceHistoryRoute } from './balance-history.ts';
import { portfolioInsightRoute } from './portfolio-insight-route.ts';
import { startBalanceSnapshots, type SnapshotJob } from './snapshot-job.ts';
import { transactionsCsvRoute } from './transactions-csv.ts';
import { transactionsRoutes } from './transactions-routes.ts';
import { userDetailsRoute } from './user-details-route.ts';

/** The read side of the user record: details, history pages and export, balance history. */
export function portfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  userDetailsRoute(app, ctx);
  transactionsRoutes(app, ctx);
  transactionsCsvRoute(app, ctx);
  balanceHistoryRoute(app, ctx);
  portfolioInsightRoute(app, ctx);

  // Tests run without ticks (MARKET_TICK_MS=0); they call the job's functions themselves.
  if (ctx.config.marketTickMs > 0) {
    let job: SnapshotJob | undefined;
    app.addHook('onReady', () => {
      job = startBalanceSnapshots(ctx, (error) => app.log.error({ err: error }, 'balance snapshots failed'));
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
