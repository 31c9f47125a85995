import { describe, expect, it } from 'vitest';
import { contestKit } from '../../test/contest-kit.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createInProcessBus } from '../realtime/event-bus.ts';
import { createOrderBooks } from './order-books.ts';

/**
 * The books' consumption kept per instance (docs/decisions/039-book-fills-without-a-lock.md): a
 * take reaches the other instances through the bus, the tick stores it, and an instance that
 * starts later reads it.
 */
const { t } = useTestApp();
const contests = contestKit(t);
/** A replayed SOL candle at 150 USD, flat, of 1,000 SOL. */
const MID = 150n * 100_000_000n;
const CANDLE = (now: number) => ({
  startTs: now - (now % 60_000),
  volume: 1_000n * 100_000_000n,
  high: MID,
  low: MID,
});

/** The books of an instance that starts now (its own bus), read once. */
async function booksOfAnInstance() {
  const books = createOrderBooks(t.ctx.db, createInProcessBus(), t.ctx.config.marketSeed);
  await books.refresh();
  return books;
}

/** A running contest to replay in, and one instance's books. */
async function replayAndBooks() {
  const { id } = await contests.create(await contests.host());
  return { id, one: await booksOfAnInstance(), now: Date.now() };
}

describe('order books kept per instance', () => {
  it('a take on one instance is applied by another one bus event later, and not twice by its own', async () => {
    const bus = createInProcessBus();
    const seed = t.ctx.config.marketSeed;
    const one = createOrderBooks(t.ctx.db, bus, seed);
    const two = createOrderBooks(t.ctx.db, bus, seed);
    await Promise.all([one.refresh(), two.refresh()]);
    const now = Date.now();
    const mid = BigInt(
      (
        await t.ctx.db
          .selectFrom('assets')
          .select('price')
          .where('symbol', '=', 'SOL')
          .executeTakeFirstOrThrow()
      ).price,
    );
    const side = one.sideOf('SOL', mid, 'ask', now)!;
    one.take(side, 'ask', 12_345_678n, now);
    expect(one.consumed('solusd').ask).toEqual({ shares: 12_345_678n, at: now });
    expect(two.consumed('solusd').ask).toEqual({ shares: 12_345_678n, at: now });
    const best = two.sideOf('SOL', mid, 'ask', now)!.levels[0]!;
    expect(best.shares).toBe(side.levels[0]!.shares - 12_345_678n);
    one.close();
    two.close();
  });

  it('a replay contest’s take reaches the other instance under its contest, and no live book or other contest counts it', async () => {
    const owner = await contests.host();
    const [a, b] = [(await contests.create(owner)).id, (await contests.create(owner)).id];
    const bus = createInProcessBus();
    const seed = t.ctx.config.marketSeed;
    const one = createOrderBooks(t.ctx.db, bus, seed);
    const two = createOrderBooks(t.ctx.db, bus, seed);
    await Promise.all([one.refresh(), two.refresh()]);
    const now = Date.now();
    const side = one.replaySideOf(a, 'SOL', CANDLE(now), MID, 'ask', now)!;
    one.take(side, 'ask', 12_345_678n, now);
    expect(two.consumed('solusd', a).ask).toEqual({ shares: 12_345_678n, at: now });
    expect(two.consumed('solusd').ask).toBeUndefined();
    expect(two.consumed('solusd', b).ask).toBeUndefined();
    const best = two.replaySideOf(a, 'SOL', CANDLE(now), MID, 'ask', now)!.levels[0]!;
    expect(best.shares).toBe(side.levels[0]!.shares - 12_345_678n);
    expect(two.replaySideOf(b, 'SOL', CANDLE(now), MID, 'ask', now)!.levels).toEqual(side.levels);
    one.close();
    two.close();
  });

  it('a replay’s takes are stored by the save and read by an instance that starts mid-replay', async () => {
    const { id, one, now } = await replayAndBooks();
    const side = one.replaySideOf(id, 'SOL', CANDLE(now), MID, 'ask', now)!;
    one.take(side, 'ask', 12_345_678n, now);
    await one.save();
    expect(await t.ctx.db.selectFrom('order_book_consumption').selectAll().execute()).toEqual([]);
    const later = await booksOfAnInstance();
    expect(later.consumed('solusd', id).ask).toEqual({ shares: 12_345_678n, at: now });
    expect(later.replaySideOf(id, 'SOL', CANDLE(now), MID, 'ask', now)!.levels).toEqual(
      one.replaySideOf(id, 'SOL', CANDLE(now), MID, 'ask', now)!.levels,
    );
    one.close();
    later.close();
  });

  it('an ended replay’s stored takes are dropped when an instance starts', async () => {
    const { id, one, now } = await replayAndBooks();
    one.take(one.replaySideOf(id, 'SOL', CANDLE(now), MID, 'bid', now)!, 'bid', 5n, now);
    await one.save();
    await t.ctx.db.updateTable('contests').set({ closed_at: now }).where('id', '=', id).execute();
    const later = await booksOfAnInstance();
    expect(later.consumed('solusd', id)).toEqual({});
    expect(await t.ctx.db.selectFrom('replay_book_consumption').selectAll().execute()).toEqual([]);
    one.close();
    later.close();
  });

  it('what was taken is stored in one statement per save and read by an instance that starts later', async () => {
    const one = await booksOfAnInstance();
    const now = Date.now();
    const side = one.sideOf('ADA', 100_000_000n, 'bid', now)!;
    one.take(side, 'bid', 5_000_000_000n, now);
    await one.save();
    const later = await booksOfAnInstance();
    expect(later.consumed('adausd').bid).toEqual({ shares: 5_000_000_000n, at: now });
    one.close();
    later.close();
  });
  it('a later take adds to what has not refilled yet and restarts the refill from its time', async () => {
    const books = await booksOfAnInstance();
    const now = Date.now();
    const side = books.sideOf('ADA', 100_000_000n, 'ask', now)!;
    books.take(side, 'ask', 10n ** 12n, now);
    books.take(side, 'ask', 5n, now + 1);
    const second = books.consumed('adausd').ask!;
    expect(second.at).toBe(now + 1);
    expect(second.shares).toBeLessThan(10n ** 12n + 5n);
    expect(second.shares).toBeGreaterThan(5n);
    await books.save();
    const stored = await t.ctx.db
      .selectFrom('order_book_consumption')
      .select(['side', 'shares', 'at'])
      .where('asset_id', '=', 'adausd')
      .execute();
    expect(stored.map((r) => [r.side, BigInt(r.shares), Number(r.at)])).toEqual([
      ['ask', second.shares, now + 1],
    ]);
    books.close();
  });
});
