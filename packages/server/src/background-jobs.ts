import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { TickPrices } from './market/market.ts';

/** Where a job reports what went wrong (the app's logger). */
export interface JobLog {
  error(obj: unknown, msg: string): void;
}

/**
 * Work a feature does besides answering requests. A feature hands its jobs to app.ts, which
 * lists every one of them in the order they run (registerJobs); no route plugin starts any.
 */
export type BackgroundJob =
  | {
      name: string;
      /**
       * Runs inside every market tick, after the tick's prices are stored, one job after another
       * in app.ts's order; the tick is done when the last one is. What it returns goes to /metrics.
       */
      everyTick(prices: TickPrices, at: number): Promise<unknown>;
    }
  | {
      name: string;
      /**
       * A timer of its own, started once the app is ready, only while the market ticks by itself
       * (MARKET_TICK_MS > 0: tests tick by hand and call the job's functions themselves). Returns
       * its stop, which app.ts calls on close before the market and the database go.
       */
      start(): () => void | Promise<void>;
    }
  | {
      name: string;
      /**
       * Writes what the job holds back (a batch of balance points) when the app starts closing,
       * while the database is still open; requests still in flight then write their own.
       */
      flushOnClose(): Promise<void>;
    };

export interface RunningJobs {
  /** Stops the timers (waiting for a run in flight); the app's onClose calls it first. */
  stop(): Promise<void>;
}

/**
 * Hooks `jobs` into the app in the order given: tick jobs to the market now (the market runs its
 * listeners in the order they came), timers on ready, flushes on preClose.
 */
export function registerJobs(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'market'>,
  jobs: readonly BackgroundJob[],
): RunningJobs {
  const stops: (() => void | Promise<void>)[] = [];
  for (const job of jobs) {
    if ('everyTick' in job) {
      ctx.market.onTick((prices, at) => job.everyTick(prices, at));
    } else if ('start' in job) {
      if (ctx.config.marketTickMs > 0) {
        app.addHook('onReady', () => {
          stops.push(job.start());
          return Promise.resolve();
        });
      }
    } else {
      // preClose, not onClose: the app's onClose closes the database.
      app.addHook('preClose', () => job.flushOnClose());
    }
  }
  return {
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
