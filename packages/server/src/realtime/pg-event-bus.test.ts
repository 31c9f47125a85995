import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../test/test-app.ts';
import type { BusEvent } from './event-bus.ts';
import { createPgBus, type PgBusOptions } from './pg-event-bus.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** A fresh database's URL; it is dropped after the test. */
async function freshDatabase(): Promise<string> {
  const t = await createTestApp();
  cleanups.push(() => t.close());
  return t.ctx.config.databaseUrl!;
}

/** A bus on that database, closed after the test (closing twice is harmless). */
function busOn(url: string, options?: PgBusOptions) {
  const bus = createPgBus(url, options);
  cleanups.push(() => bus.close());
  return bus;
}

describe.skipIf(testDialect !== 'postgres')('PostgreSQL event bus', () => {
  it('an event published on one instance reaches every instance once', async () => {
    const url = await freshDatabase();
    const a = busOn(url);
    const b = busOn(url);
    await Promise.all([a.ready(), b.ready()]);
    const heardA: BusEvent[] = [];
    const heardB: BusEvent[] = [];
    a.subscribe((e) => heardA.push(e));
    b.subscribe((e) => heardB.push(e));

    a.publish({ type: 'user-changed', userId: 'u1' });
    b.publish({ type: 'prices', at: 123 });
    await settle();
    expect(heardA).toEqual([
      { type: 'user-changed', userId: 'u1' },
      { type: 'prices', at: 123 },
    ]);
    expect(heardB).toEqual([
      { type: 'prices', at: 123 },
      { type: 'user-changed', userId: 'u1' },
    ]);
  });

  it("an order's patch travels with its event; one too long for NOTIFY is left out, so the other instances send the whole record", async () => {
    const url = await freshDatabase();
    const a = busOn(url);
    const b = busOn(url);
    await Promise.all([a.ready(), b.ready()]);
    const heard: BusEvent[] = [];
    b.subscribe((e) => heard.push(e));
    const wallet = `0x${'a'.repeat(40)}`;
    const small = { walletAddress: wallet, version: 2, patch: { balance: 1 } };
    const huge = {
      walletAddress: wallet,
      version: 3,
      patch: { settings: { note: 'x'.repeat(9_000) } },
    };

    a.publish({ type: 'user-changed', userId: 'u1', portfolioId: 'u1', patch: small });
    a.publish({ type: 'user-changed', userId: 'u1', portfolioId: 'u1', patch: huge });
    await settle();
    expect(heard).toEqual([
      { type: 'user-changed', userId: 'u1', portfolioId: 'u1', patch: small },
      { type: 'user-changed', userId: 'u1', portfolioId: 'u1' },
    ]);
  });

  it('events published before the connection is up are delivered once it is', async () => {
    const url = await freshDatabase();
    const listener = busOn(url);
    await listener.ready();
    const heard: BusEvent[] = [];
    listener.subscribe((e) => heard.push(e));
    const early = busOn(url);
    early.publish({ type: 'user-deleted', userId: 'u2' });
    await early.ready();
    await settle();
    expect(heard).toEqual([{ type: 'user-deleted', userId: 'u2' }]);
  });

  it('closing right after a publish sends that event and logs nothing; events published after close stay local', async () => {
    const url = await freshDatabase();
    const listener = busOn(url);
    const errors: string[] = [];
    const closing = busOn(url, { onError: (message) => errors.push(message) });
    await Promise.all([listener.ready(), closing.ready()]);
    const heard: BusEvent[] = [];
    listener.subscribe((e) => heard.push(e));
    const heardLocally: BusEvent[] = [];
    closing.subscribe((e) => heardLocally.push(e));

    for (let i = 0; i < 20; i += 1) closing.publish({ type: 'user-changed', userId: `u${i}` });
    await closing.close();
    closing.publish({ type: 'prices', at: 1 });
    await settle();
    expect(errors).toEqual([]);
    expect(heard).toHaveLength(20);
    expect(heardLocally).toHaveLength(21);
  });

  it('session events cross with their token hash; a malformed hash is dropped, never widened to "all sessions"', async () => {
    const url = await freshDatabase();
    const a = busOn(url);
    const b = busOn(url);
    await Promise.all([a.ready(), b.ready()]);
    const heard: BusEvent[] = [];
    b.subscribe((e) => heard.push(e));
    const hash = 'ab'.repeat(32);
    a.publish({ type: 'session-ended', userId: 'u1', tokenHash: hash });
    a.publish({ type: 'sessions-ended', userId: 'u1', keepTokenHash: hash });
    a.publish({ type: 'sessions-ended', userId: 'u1' });
    a.publish({ type: 'sessions-ended', userId: 'u1', keepTokenHash: 'not-a-hash' });
    a.publish({ type: 'session-ended', userId: 'u1', tokenHash: 'not-a-hash' });
    await settle();
    expect(heard).toEqual([
      { type: 'session-ended', userId: 'u1', tokenHash: hash },
      { type: 'sessions-ended', userId: 'u1', keepTokenHash: hash },
      { type: 'sessions-ended', userId: 'u1' },
    ]);
  });

  it('a bus whose connection was cut tells its own listeners, once it listens again, that events may have been missed', async () => {
    const url = await freshDatabase();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
        )
      ).rows.map((r) => r.pid);
    const before = await listeners();
    const a = busOn(url, { reconnectMs: 50, onError: () => undefined });
    await a.ready();
    const aPid = (await listeners()).find((pid) => !before.includes(pid));
    expect(aPid).toBeDefined();
    const b = busOn(url);
    await b.ready();
    const heardOnB: BusEvent[] = [];
    b.subscribe((e) => heardOnB.push(e));
    const missed = new Promise<BusEvent>((resolve) =>
      a.subscribe((e) => {
        if (e.type === 'events-missed') resolve(e);
      }),
    );
    await admin.query('SELECT pg_terminate_backend($1)', [aPid]);
    expect(await missed).toEqual({ type: 'events-missed' });
    await settle();
    expect(heardOnB).toEqual([]);
  });
});
