import type { Contest, TradeAnswer } from '@papertrade/domain';
import { OrderBook, PRICE_SCALE, SHARE_SCALE } from '@papertrade/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { storeFlatCandles } from '../../../test/replay-candles.ts';

/**
 * GET /assets/:id/book?contestId= (docs/decisions/034-replay-contests.md, amendment "the book
 * route answers a replay's book") against the real app and database: a running replay's members
 * see the book their market orders walk, everyone else the live one.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Replay Book Route Cup');
const MINUTE = 60_000;
const FROM = Date.UTC(2024, 2, 5, 12, 0);
const TO = FROM + 60 * MINUTE;
const BTC = 'btcusd';

/** A replayed hour of BTC at 20,000 in flat candles, 2 BTC traded a minute (a thin market). */
const storeCandles = (ctx: AppContext) =>
  storeFlatCandles(ctx.db, { assetId: BTC, from: FROM, priceAt: () => 20_000, volumeAt: () => 2 });

/** A BOOK replay class of BTC at speed 1, running unless it starts `startsIn` ms from now. */
async function replayClass(startsIn = -1_000): Promise<Contest> {
  const now = Date.now();
  return create(await host('TEACHER'), {
    kind: 'CLASS',
    allowedSymbols: ['BTC'],
    fillModel: 'BOOK',
    startsAt: now + startsIn,
    endsAt: now + startsIn + 3_600_000,
    priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
  });
}

async function book(assetId: string, contestId?: string): Promise<OrderBook> {
  const query = contestId ? `&contestId=${encodeURIComponent(contestId)}` : '';
  const res = await t.app.inject({ url: `/assets/${assetId}/book?depth=50${query}` });
  expectStatus(res, 200);
  return OrderBook.parse(res.json());
}

const units = (levels: OrderBook['asks']) =>
  levels.map(([p, s]) => [BigInt(Math.round(p * 1e8)), BigInt(Math.round(s * 1e8))] as const);

/** `levels` less `shares` taken from the best level on, in exact units. */
function withoutBest(levels: OrderBook['asks'], shares: bigint) {
  let left = shares;
  const out: (readonly [bigint, bigint])[] = [];
  for (const [price, size] of units(levels)) {
    const taken = left < size ? left : size;
    left -= taken;
    if (size > taken) out.push([price, size - taken]);
  }
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /assets/:id/book?contestId=', () => {
  it('a running replay answers its own book around the replayed price, not the live one', async () => {
    await storeCandles(t.ctx);
    await setPrice(t.app, 'BTC', 50_000);
    const contest = await replayClass();
    vi.useFakeTimers({ toFake: ['Date'] });
    const live = await book(BTC);
    const replay = await book(BTC, contest.id);
    expect(live.asks[0]![0]).toBeGreaterThan(50_000);
    expect(replay.bids[0]![0]).toBeLessThan(20_000);
    expect(replay.asks[0]![0]).toBeGreaterThan(20_000);
    expect(replay.asks[0]![0]).toBeLessThan(20_200);
    expect(replay.bids).toHaveLength(50);
    expect(replay.asks).toHaveLength(50);
    // The book the members' orders walk: the model made from the replayed minute's candle.
    const t0 = FROM + (replay.at - contest.startsAt);
    const candle = {
      startTs: t0 - ((t0 - FROM) % MINUTE),
      volume: 2n * SHARE_SCALE,
      high: 20_000n * PRICE_SCALE,
      low: 20_000n * PRICE_SCALE,
    };
    const side = (s: 'bid' | 'ask') =>
      t.ctx
        .orderBooks!.replaySideOf(contest.id, 'BTC', candle, 20_000n * PRICE_SCALE, s, replay.at)!
        .levels.slice(0, 50)
        .map((l) => [l.price, l.shares] as const);
    expect(units(replay.asks)).toEqual(side('ask'));
    expect(units(replay.bids)).toEqual(side('bid'));
  });

  it('after a member’s market buy the replay’s book shows the take consumed, and the live book does not', async () => {
    await storeCandles(t.ctx);
    const contest = await replayClass();
    const member = await createTestUser(t.ctx);
    const wallet = await join(member, contest.joinCode ?? '');
    // Only Date is faked: the book's refill is measured on the wall clock, frozen here.
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await book(BTC, contest.id);
    const liveBefore = await book(BTC);
    const res = await call(
      member,
      'POST',
      '/purchase-asset',
      { walletAddress: wallet, symbol: 'BTC', assetAmount: 5_000, unit: 'USD' },
      wallet,
    );
    expectStatus(res, 200);
    const tx = res.json<TradeAnswer>().transaction;
    expect(tx.midPrice).toBe(20_000);
    expect(tx.levels).toBeGreaterThan(1);
    const taken = BigInt(Math.round(tx.assetsPurchasedSold * 1e8));
    const after = await book(BTC, contest.id);
    expect(units(after.asks).slice(0, 40)).toEqual(withoutBest(before.asks, taken).slice(0, 40));
    expect(after.bids).toEqual(before.bids);
    expect(await book(BTC)).toEqual(liveBefore);
  });

  it('a LIVE contest, a replay not started yet and an asset the replay does not trade answer the live book', async () => {
    await storeCandles(t.ctx);
    const live = await create(await host());
    const later = await replayClass(3_600_000);
    const running = await replayClass();
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await book(BTC, live.id)).toEqual(await book(BTC));
    expect(await book(BTC, later.id)).toEqual(await book(BTC));
    expect(await book('ethusd', running.id)).toEqual(await book('ethusd'));
  });

  it('an unknown contest is 404', async () => {
    const res = await t.app.inject({ url: `/assets/${BTC}/book?contestId=no-such-contest` });
    expectStatus(res, 404, 'CONTEST_NOT_FOUND');
  });
});
