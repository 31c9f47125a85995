import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export interface ShutdownOptions {
  app: FastifyInstance;
  ctx: Pick<AppContext, 'drain' | 'market'>;
  /** How long /ready answers 503 before anything closes (SHUTDOWN_GRACE_MS). */
  graceMs: number;
}

/**
 * Leaves the way a load balancer needs: /ready fails at once, then after the grace period the
 * market stops (its leader lock goes, so another instance takes over the ticks), /live sockets
 * close with 1001 (live-routes' preClose) and app.close() lets requests in flight finish.
 */
export async function drainAndClose({ app, ctx, graceMs }: ShutdownOptions): Promise<void> {
  ctx.drain.start();
  if (graceMs > 0) {
    app.log.info(`draining: /ready answers 503, closing in ${graceMs} ms`);
    await sleep(graceMs);
  }
  await ctx.market.stop();
  // server.close() ends the connections idle at that moment; one whose request was in flight then
  // turns idle later and would hold the close for the whole keep-alive timeout (72 s in Fastify).
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}

/**
 * SIGTERM/SIGINT start drainAndClose and exit 0 when it is done; a second signal exits at once
 * (someone at the terminal who does not want to wait, or an orchestrator out of patience).
 */
export function exitOnSignals(
  options: ShutdownOptions,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      options.app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    closing = true;
    options.app.log.info(`${signal}: shutting down`);
    drainAndClose(options).then(
      () => exit(0),
      (err: unknown) => {
        options.app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
