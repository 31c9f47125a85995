import type { AppContext, Routes } from '../../app-context.ts';
import type { BackgroundJob, JobLog } from '../../background-jobs.ts';
import { createAlertTrigger } from './alert-trigger.ts';
import { alertRoutes } from './routes.ts';

/** Price alerts in one app: the routes, and the tick that fires the alerts its prices reach. */
export function alertsFeature(
  ctx: AppContext,
  log: JobLog,
): { routes: Routes; jobs: { priceAlerts: BackgroundJob } } {
  const trigger = createAlertTrigger(ctx, log);
  return {
    routes: alertRoutes,
    jobs: { priceAlerts: { name: 'price alerts', everyTick: (prices, at) => trigger(prices, at) } },
  };
}
