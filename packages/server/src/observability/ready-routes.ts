import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';

/** A database slower than this cannot serve requests in time: take the instance out of rotation. */
export const READY_TIMEOUT_MS = 1_000;

const notReady = (message: string) => new AppError(503, 'NOT_READY', message);

async function databaseAnswers(ctx: Pick<AppContext, 'db'>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(ctx.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /ready, the load balancer's check: 200 while this instance can serve, 503 while it drains
 * or its database does not answer. GET /health (app.ts) stays the liveness check.
 */
export function readyRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'drain'>,
  timeoutMs = READY_TIMEOUT_MS,
): void {
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (ctx.drain.draining) throw notReady('This instance is shutting down');
    if (!(await databaseAnswers(ctx, timeoutMs))) throw notReady('The database does not answer');
    return { status: 'ready' };
  });
}
