import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../realtime/event-bus.ts';
import { createTestApp, testDialect } from '../../test/test-app.ts';
import { createMarket } from './create-market.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(testDialect !== 'postgres')('market leader election', () => {
  it('exactly one instance ticks, and another takes over when it stops', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    // Long ticks: this test is about who holds the lock, not about prices.
    const config = { ...t.ctx.config, marketTickMs: 60_000 };
    const markets = [0, 1, 2].map(() =>
      createMarket(t.ctx.db, createInProcessBus(), config, { leaderRetryMs: 50 }),
    );
    cleanups.push(async () => {
      for (const m of markets) await m.stop();
    });
    for (const m of markets) await m.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(markets.filter((m) => m.isLeader())).toHaveLength(1);

    const leader = markets.find((m) => m.isLeader())!;
    await leader.stop();
    const others = markets.filter((m) => m !== leader);
    await waitFor(() => others.some((m) => m.isLeader()));
    await new Promise((r) => setTimeout(r, 200));
    expect(others.filter((m) => m.isLeader())).toHaveLength(1);
  });
});
