import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerJobs, type BackgroundJob } from './background-jobs.ts';
import type { TickPrices } from './market/market.ts';

type Listener = (prices: TickPrices, at: number) => Promise<unknown>;

/** A market that only keeps its tick listeners, and runs them the way the real one does: in order. */
function fakeMarket() {
  const listeners: Listener[] = [];
  return {
    onTick: (listener: Listener) => void listeners.push(listener),
    async tick(at: number) {
      const results: unknown[] = [];
      for (const listener of listeners) results.push(await listener(new Map(), at));
      return results;
    },
  };
}

function setUp(marketTickMs: number) {
  const events: string[] = [];
  const market = fakeMarket();
  const jobs: BackgroundJob[] = [
    { name: 'first', everyTick: (_prices, at) => Promise.resolve(events.push(`first ${at}`)) },
    { name: 'second', everyTick: (_prices, at) => Promise.resolve(events.push(`second ${at}`)) },
    {
      name: 'timer',
      start() {
        events.push('timer started');
        return () => void events.push('timer stopped');
      },
    },
    { name: 'queue', flushOnClose: () => Promise.resolve(void events.push('queue flushed')) },
  ];
  const app = Fastify();
  const running = registerJobs(
    app,
    { config: { marketTickMs } as never, market: market as never },
    jobs,
  );
  app.addHook('onClose', () => running.stop());
  return { app, market, events };
}

describe('registerJobs', () => {
  it('runs the tick jobs inside each tick in the order listed, starts timers on ready and flushes on close', async () => {
    const { app, market, events } = setUp(1000);
    await market.tick(1);
    expect(events).toEqual(['first 1', 'second 1']);
    await app.ready();
    await market.tick(2);
    expect(events.slice(2)).toEqual(['timer started', 'first 2', 'second 2']);
    await app.close();
    expect(events.slice(5)).toEqual(['queue flushed', 'timer stopped']);
  });

  it('starts no timer when the market does not tick by itself (MARKET_TICK_MS=0)', async () => {
    const { app, market, events } = setUp(0);
    await app.ready();
    await market.tick(1);
    await app.close();
    expect(events).toEqual(['first 1', 'second 1', 'queue flushed']);
  });
});
