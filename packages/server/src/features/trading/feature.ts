import type { AppContext, Routes } from '../../app-context.ts';
import type { BackgroundJob, JobLog } from '../../background-jobs.ts';
import { createBalancePointQueue } from '../../users/balance-point-queue.ts';
import { createLimitTrigger } from './limit-trigger.ts';
import { createReplayTrigger } from './replay-trigger.ts';
import { tradingRoutes } from './routes.ts';

/**
 * Orders in one app: the routes, the limit trigger that works the working orders on each tick,
 * and the batched balance points both of them ask for after a change (users/balance-point-queue.ts).
 */
export function tradingFeature(
  ctx: AppContext,
  log: JobLog,
): {
  routes: Routes;
  jobs: { limitTrigger: BackgroundJob; replayTrigger: BackgroundJob; balancePoints: BackgroundJob };
} {
  const balancePoints = createBalancePointQueue(ctx.db, log);
  // Its {filled, cancelled} goes back to the market, which hands it to /metrics.
  const trigger = createLimitTrigger(ctx, log, { balancePoints, seed: ctx.config.marketSeed });
  const replays = createReplayTrigger(ctx, log, balancePoints);
  return {
    routes: (app) => tradingRoutes(app, ctx, balancePoints),
    jobs: {
      limitTrigger: { name: 'limit trigger', everyTick: (prices, at) => trigger(prices, at) },
      // Replay contests' orders, at their replay's price rather than the tick's.
      replayTrigger: {
        name: 'replay trigger',
        everyTick: async (_prices, at) => void (await replays(at)),
      },
      // Requests still in flight after the flush write their point directly (BalancePointQueue.add).
      balancePoints: { name: 'balance points', flushOnClose: () => balancePoints.close() },
    },
  };
}
