import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerHttpMetrics } from './http-metrics.ts';
import { metricsRoutes } from './metrics-routes.ts';
import { readyRoutes } from './ready-routes.ts';

/** /metrics, /ready and the per-request counting, on the root so every route is measured. */
export function registerObservability(app: FastifyInstance, ctx: AppContext): void {
  ctx.metrics.watchPool(() => ctx.database.poolStats?.());
  registerHttpMetrics(app, ctx.metrics);
  metricsRoutes(app, ctx.metrics, ctx.config.metricsToken);
  readyRoutes(app, ctx);
  // Once draining, every answer ends its connection, so keep-alive clients reconnect elsewhere.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (ctx.drain.draining) reply.header('connection', 'close');
    return payload;
  });
}
