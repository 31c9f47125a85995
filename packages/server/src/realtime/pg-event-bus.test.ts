import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../test-support/test-app.ts';
import type { BusEvent } from './event-bus.ts';
import { createPgBus } from './pg-event-bus.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(testDialect !== 'postgres')('PostgreSQL event bus', () => {
  it('an event published on one instance reaches every instance once', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const url = t.ctx.config.databaseUrl!;
    const a = createPgBus(url);
    const b = createPgBus(url);
    cleanups.push(() => a.close(), () => b.close());
    await Promise.all([a.ready(), b.ready()]);
    const heardA: BusEvent[] = [];
    const heardB: BusEvent[] = [];
    a.subscribe((e) => heardA.push(e));
    b.subscribe((e) => heardB.push(e));

    a.publish({ type: 'user-changed', userId: 'u1' });
    b.publish({ type: 'prices', at: 123 });
    await settle();
    expect(heardA).toEqual([{ type: 'user-changed', userId: 'u1' }, { type: 'prices', at: 123 }]);
    expect(heardB).toEqual([{ type: 'prices', at: 123 }, { type: 'user-changed', userId: 'u1' }]);
  });

  it('events published before the connection is up are delivered once it is', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const url = t.ctx.config.databaseUrl!;
    const listener = createPgBus(url);
    cleanups.push(() => listener.close());
    await listener.ready();
    const heard: BusEvent[] = [];
    listener.subscribe((e) => heard.push(e));
    const early = createPgBus(url);
    cleanups.push(() => early.close());
    early.publish({ type: 'user-deleted', userId: 'u2' });
    await early.ready();
    await settle();
    expect(heard).toEqual([{ type: 'user-deleted', userId: 'u2' }]);
  });
});
