import type { Candle, Contest } from '@papertrade/domain';
import { PRICE_SCALE } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * GET /contests/:id/candles (docs/api.md, Replay contests): a replay's chart at its replayed
 * moment, from candles stored as an import stores them, with the clock set by the contest's start.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Replay chart');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Two replayed hours of BTC: minute m opens at 30,000 + m and rises 1 within a 100-wide range. */
const FROM = Date.UTC(2024, 2, 5, 12, 0);
const TO = FROM + 2 * HOUR;
/** The minute the clock stands in: flat, so the price there does not depend on the test's speed. */
const NOW_MINUTE = 90;

const units = (usd: number) => BigInt(usd) * PRICE_SCALE;

async function storeHistory() {
  const { id } = await t.ctx.db
    .selectFrom('assets')
    .select('id')
    .where('symbol', '=', 'BTC')
    .executeTakeFirstOrThrow();
  const minutes = Array.from({ length: 120 }, (_, m) => {
    const open = 30_000 + m;
    const flat = m === NOW_MINUTE;
    return {
      asset_id: id,
      interval: '1m',
      start_ts: FROM + m * MINUTE,
      open: units(open),
      high: units(flat ? open : open + 50),
      low: units(flat ? open : open - 50),
      close: units(flat ? open : open + 1),
      volume: 10n ** 8n,
    };
  });
  // The hours as an import of the 1h files stores them: the second one must not show before its end.
  const hours = [0, 1].map((h) => ({
    asset_id: id,
    interval: '1h',
    start_ts: FROM + h * HOUR,
    open: units(30_000 + 60 * h),
    high: units(30_000 + 60 * h + 109),
    low: units(30_000 + 60 * h - 50),
    close: units(30_000 + 60 * h + 60),
    volume: 10n ** 8n,
  }));
  await t.ctx.db
    .insertInto('candles')
    .values([...minutes, ...hours])
    .execute();
}

/** A replay class of BTC at real speed whose clock stands 30 s into minute NOW_MINUTE. */
async function replayClass(owner: TestUser): Promise<Contest> {
  const now = Date.now();
  return create(owner, {
    kind: 'CLASS',
    allowedSymbols: ['BTC'],
    startsAt: now - NOW_MINUTE * MINUTE - 30_000,
    priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
  });
}

describe('replay candles', () => {
  it('a member sees the candles up to the replayed moment, the one in progress cut there, and none after', async () => {
    await storeHistory();
    const teacher = await host('TEACHER');
    const klass = await replayClass(teacher);
    const member = await createTestUser(t.ctx);
    const wallet = await join(member, klass.joinCode ?? '');
    const candles = async (interval: string) => {
      const res = await call(
        member,
        'GET',
        `/contests/${klass.id}/candles?symbol=BTC&interval=${interval}`,
        undefined,
        wallet,
      );
      expectStatus(res, 200);
      return res.json<Candle[]>();
    };

    const minutes = await candles('1m');
    expect(minutes).toHaveLength(NOW_MINUTE + 1);
    expect(minutes[0]).toEqual({
      time: FROM,
      open: 30_000,
      high: 30_050,
      low: 29_950,
      close: 30_001,
    });
    expect(minutes.at(-1)).toEqual({
      time: FROM + NOW_MINUTE * MINUTE,
      open: 30_090,
      high: 30_090,
      low: 30_090,
      close: 30_090,
    });

    // The first hour as stored; the second from its minutes up to the clock, not the stored one.
    expect(await candles('1h')).toEqual([
      { time: FROM, open: 30_000, high: 30_109, low: 29_950, close: 30_060 },
      { time: FROM + HOUR, open: 30_060, high: 30_139, low: 30_010, close: 30_090 },
    ]);
    // The day so far: nothing of it stored as a day, so only what the replay has walked.
    expect(await candles('1d')).toEqual([
      { time: Date.UTC(2024, 2, 5), open: 30_000, high: 30_139, low: 29_950, close: 30_090 },
    ]);
  });

  it("a replay's candles are refused for a live contest, an asset it does not trade and a stranger to the class", async () => {
    await storeHistory();
    const teacher = await host('TEACHER');
    const klass = await replayClass(teacher);
    const live = await create(teacher, { kind: 'CLASS' });
    const asTeacher = (id: string, query: string) =>
      call(teacher, 'GET', `/contests/${id}/candles?${query}`);
    expectStatus(await asTeacher(live.id, 'symbol=BTC'), 409, 'NOT_A_REPLAY');
    const eth = await asTeacher(klass.id, 'symbol=ETH');
    expectStatus(eth, 400, 'SYMBOL_NOT_ALLOWED');
    expect(eth.json<{ field?: string }>().field).toBe('symbol');
    expectStatus(await asTeacher(klass.id, 'symbol=BTC&interval=5m'), 400, 'VALIDATION_ERROR');
    const stranger = await createTestUser(t.ctx);
    expectStatus(
      await call(stranger, 'GET', `/contests/${klass.id}/candles?symbol=BTC`),
      404,
      'CONTEST_NOT_FOUND',
    );
  });
});
