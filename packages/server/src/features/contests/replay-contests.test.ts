import type { Contest, ReplayAnswer } from '@papertrade/domain';
import { PRICE_SCALE } from '@papertrade/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser, testDialect, type TestUser } from '../../../test/test-app.ts';
import { twoInstances } from '../../../test/two-instances.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { storeFlatCandles } from '../../../test/replay-candles.ts';

/**
 * Replay contests (docs/decisions/034-replay-contests.md) against the real app and database: the
 * candles are stored as an import stores them, and the replay's clock is moved by moving the
 * contest's start back, as time passing would.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Replay Cup');
const MINUTE = 60_000;
/** A replayed hour: BTC flat at 30,000 for 30 minutes, then flat at 20,000 (the crash). */
const FROM = Date.UTC(2024, 2, 5, 12, 0);
const TO = FROM + 60 * MINUTE;

async function storeCandles(ctx: AppContext, symbol: string, priceAt: (minute: number) => number) {
  const asset = await ctx.db
    .selectFrom('assets')
    .select('id')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  await storeFlatCandles(ctx.db, { assetId: asset.id, from: FROM, priceAt });
}
const crash = (minute: number) => (minute < 30 ? 30_000 : 20_000);

/** A replay class of BTC at speed 1, started `ago` ms before now. */
async function replayClass(owner: TestUser, ago = 1_000, speed = 1): Promise<Contest> {
  const now = Date.now();
  return create(owner, {
    kind: 'CLASS',
    allowedSymbols: ['BTC'],
    startsAt: now - ago,
    endsAt: now + 3_600_000,
    priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed },
  });
}

/** Moves the replay's clock forward by `ms`, as if that much time had passed. */
async function advance(ctx: AppContext, contestId: string, ms: number) {
  const row = await ctx.db
    .selectFrom('contests')
    .select(['starts_at', 'ends_at'])
    .where('id', '=', contestId)
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('contests')
    .set({ starts_at: Number(row.starts_at) - ms, ends_at: Number(row.ends_at) - ms })
    .where('id', '=', contestId)
    .execute();
}

async function student(code: string) {
  const user = await createTestUser(t.ctx);
  const wallet = await join(user, code);
  const trade = (url: string, body: Record<string, unknown>) =>
    call(user, 'POST', url, { walletAddress: wallet, ...body }, wallet);
  return { user, wallet, trade };
}

const boughtAt = (res: { json: <T>() => T }) =>
  res.json<{ transaction: { purchaseSellAsk: number } }>().transaction.purchaseSellAsk;

describe('replay contests', () => {
  it('a replay class answers its price source and ends when the replay does', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    const teacher = await host('TEACHER');
    const contest = await replayClass(teacher, 1_000, 60);
    expect(contest.priceSource).toEqual({ kind: 'REPLAY', from: FROM, to: TO, speed: 60 });
    // An hour at 60 times: a minute of wall time.
    expect(contest.endsAt - contest.startsAt).toBe(MINUTE);
    const replay = await call(teacher, 'GET', `/contests/${contest.id}/replay`);
    expectStatus(replay, 200);
    const answer = replay.json<ReplayAnswer>();
    expect(answer.speed).toBe(60);
    expect(answer.replayedAt).toBeGreaterThanOrEqual(FROM + 60_000);
    expect(answer.prices).toEqual([{ symbol: 'BTC', price: 30_000 }]);

    await advance(t.ctx, contest.id, MINUTE);
    await setPrice(t.app, 'BTC', 50_000);
    const ended = await call(teacher, 'GET', `/contests/${contest.id}`);
    expect(ended.json<Contest>().status).toBe('ENDED');
    const row = await t.ctx.db
      .selectFrom('contests')
      .select('closed_at')
      .where('id', '=', contest.id)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).not.toBeNull();
  });

  it('two members buy at the same replayed price, not the live one, and an outside user at the live one', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    await setPrice(t.app, 'BTC', 50_000);
    const contest = await replayClass(await host('TEACHER'));
    const ann = await student(contest.joinCode ?? '');
    const bob = await student(contest.joinCode ?? '');
    const buy = { symbol: 'BTC', assetAmount: 3_000, unit: 'USD' };
    const a = await ann.trade('/purchase-asset', buy);
    const b = await bob.trade('/purchase-asset', buy);
    expectStatus(a, 200);
    expectStatus(b, 200);
    expect(boughtAt(a)).toBe(30_000);
    expect(boughtAt(b)).toBe(30_000);

    const outsider = await createTestUser(t.ctx);
    const own = await call(outsider, 'POST', '/purchase-asset', {
      walletAddress: outsider.walletAddress,
      ...buy,
    });
    expectStatus(own, 200);
    expect(boughtAt(own)).toBeGreaterThanOrEqual(50_000);

    // Through the crash, both sell at the replay's 20,000.
    await advance(t.ctx, contest.id, 30 * MINUTE);
    const sellA = await ann.trade('/sell-asset', {
      symbol: 'BTC',
      assetAmount: 0.05,
      unit: 'SYMBOL',
    });
    expectStatus(sellA, 200);
    expect(boughtAt(sellA)).toBe(20_000);
  });

  it('a limit buy in a replay fills when the replay crosses it, not when the live price does', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    await setPrice(t.app, 'BTC', 50_000);
    const contest = await replayClass(await host('TEACHER'));
    const ann = await student(contest.joinCode ?? '');
    const limit = { type: 'PURCHASE', symbol: 'BTC', limitAsk: 25_000, purchaseAsk: 2_500 };
    expectStatus(await ann.trade('/open-limit-position', limit), 201);
    const outsider = await createTestUser(t.ctx);
    expectStatus(
      await call(outsider, 'POST', '/open-limit-position', {
        walletAddress: outsider.walletAddress,
        ...limit,
      }),
      201,
    );

    // The live price crosses both limits: only the outsider's fills.
    await setPrice(t.app, 'BTC', 24_000);
    const status = async (portfolioWallet: string) =>
      (
        await t.ctx.db
          .selectFrom('limit_orders')
          .innerJoin('portfolios', 'portfolios.id', 'limit_orders.portfolio_id')
          .select(['limit_orders.status', 'limit_orders.id'])
          .where('portfolios.wallet_address', '=', portfolioWallet)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status(outsider.walletAddress)).toBe('FILLED');
    expect(await status(ann.wallet)).toBe('WORKING');

    // The replay reaches the crash: the member's limit fills at the replayed 20,000.
    await advance(t.ctx, contest.id, 30 * MINUTE);
    await setPrice(t.app, 'BTC', 60_000);
    expect(await status(ann.wallet)).toBe('FILLED');
    const fill = await t.ctx.db
      .selectFrom('transactions')
      .innerJoin('portfolios', 'portfolios.id', 'transactions.portfolio_id')
      .select('transactions.price')
      .where('portfolios.wallet_address', '=', ann.wallet)
      .executeTakeFirstOrThrow();
    expect(BigInt(fill.price)).toBe(20_000n * PRICE_SCALE);
  });

  it('a stop sell in a replay triggers on the replayed crash, not on the live price', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    await setPrice(t.app, 'BTC', 50_000);
    const contest = await replayClass(await host('TEACHER'));
    const ann = await student(contest.joinCode ?? '');
    expectStatus(
      await ann.trade('/purchase-asset', { symbol: 'BTC', assetAmount: 3_000, unit: 'USD' }),
      200,
    );
    const stop = {
      type: 'SELL',
      orderType: 'STOP',
      symbol: 'BTC',
      stopPrice: 25_000,
      sellAsk: 0.1,
    };
    expectStatus(await ann.trade('/open-limit-position', stop), 201);
    const order = () =>
      t.ctx.db
        .selectFrom('limit_orders')
        .innerJoin('portfolios', 'portfolios.id', 'limit_orders.portfolio_id')
        .select('limit_orders.status')
        .where('portfolios.wallet_address', '=', ann.wallet)
        .executeTakeFirstOrThrow();
    await setPrice(t.app, 'BTC', 10_000);
    expect((await order()).status).toBe('WORKING');
    await advance(t.ctx, contest.id, 30 * MINUTE);
    await setPrice(t.app, 'BTC', 10_000);
    expect((await order()).status).toBe('FILLED');
    const sold = await t.ctx.db
      .selectFrom('transactions')
      .innerJoin('portfolios', 'portfolios.id', 'transactions.portfolio_id')
      .select('transactions.price')
      .where('portfolios.wallet_address', '=', ann.wallet)
      .where('transactions.type', '=', 'SELL')
      .executeTakeFirstOrThrow();
    expect(BigInt(sold.price)).toBe(20_000n * PRICE_SCALE);
  });

  it('the board values members at the replayed prices, not the live ones', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    const teacher = await host('TEACHER');
    const contest = await replayClass(teacher);
    const ann = await student(contest.joinCode ?? '');
    const bob = await student(contest.joinCode ?? '');
    expectStatus(
      await ann.trade('/purchase-asset', { symbol: 'BTC', assetAmount: 3_000, unit: 'USD' }),
      200,
    );
    await advance(t.ctx, contest.id, 30 * MINUTE);
    // Live, Ann's bitcoin would have more than tripled.
    await setPrice(t.app, 'BTC', 100_000);
    // The board is cached a moment (contest-board.ts): read until it is recomputed.
    const board = async () =>
      (await call(teacher, 'GET', `/contests/${contest.id}/leaderboard`))
        .json<{ walletAddress: string; rank: number; totalBalance: number }[]>()
        .map((r) => [r.walletAddress, r.rank, r.totalBalance]);
    await expect.poll(board, { timeout: 10_000, interval: 500 }).toEqual([
      [bob.wallet, 1, 10_000],
      [ann.wallet, 2, 9_000],
    ]);
  });

  it("a replay class's position limit values holdings at the replayed price, not the live one", async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    await setPrice(t.app, 'BTC', 30_000);
    const now = Date.now();
    const contest = await create(await host('TEACHER'), {
      kind: 'CLASS',
      allowedSymbols: ['BTC'],
      startsAt: now - 1_000,
      maxPositionPercent: 25,
      priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
    });
    const ann = await student(contest.joinCode ?? '');
    const buy = (usd: number) =>
      ann.trade('/purchase-asset', { symbol: 'BTC', assetAmount: usd, unit: 'USD' });
    expectStatus(await buy(2_000), 200);
    // Live, the 2,000 of BTC would be 4,000 of 12,000 (past 25 %); replayed it is 2,000 of 10,000.
    await setPrice(t.app, 'BTC', 60_000);
    expectStatus(await buy(500.01), 400, 'POSITION_LIMIT');
    expectStatus(await buy(500), 200);
  });

  it('a replay whose period lacks candles for an asset is refused with a 400 naming it', async () => {
    await storeCandles(t.ctx, 'BTC', crash);
    const teacher = await host('TEACHER');
    const now = Date.now();
    const base = {
      name: 'Gap Class',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: now,
      endsAt: now + 3_600_000,
    };
    const missing = await call(teacher, 'POST', '/contests', {
      ...base,
      allowedSymbols: ['BTC', 'ETH'],
      priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 10 },
    });
    expectStatus(missing, 400, 'REPLAY_NOT_COVERED');
    expect(missing.json<{ error: string }>().error).toContain('ETH (0 of 60)');
    expect(missing.json<{ error: string }>().error).not.toContain('BTC');
    const tooLong = await call(teacher, 'POST', '/contests', {
      ...base,
      allowedSymbols: ['BTC'],
      priceSource: { kind: 'REPLAY', from: FROM, to: TO + MINUTE, speed: 10 },
    });
    expectStatus(tooLong, 400, 'REPLAY_NOT_COVERED');
    expect(tooLong.json<{ error: string }>().error).toContain('BTC (60 of 61)');
    for (const priceSource of [
      { kind: 'REPLAY', from: FROM, to: TO, speed: 0 },
      { kind: 'REPLAY', from: FROM, to: TO, speed: 3_601 },
      { kind: 'REPLAY', from: TO, to: FROM, speed: 1 },
    ]) {
      const res = await call(teacher, 'POST', '/contests', {
        ...base,
        allowedSymbols: ['BTC'],
        priceSource,
      });
      expectStatus(res, 400, 'VALIDATION_ERROR');
    }
    const count = await t.ctx.db
      .selectFrom('contests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe.skipIf(testDialect !== 'postgres')('replay contests on two instances (PostgreSQL)', () => {
  it('members on two instances read and trade the same replayed prices', async () => {
    const [a, b] = await twoInstances(cleanups);
    await storeCandles(a.ctx, 'BTC', crash);
    const teacher = await createTestUser(a.ctx);
    await a.ctx.db
      .updateTable('users')
      .set({ email_verified: 1, account_type: 'TEACHER' })
      .where('id', '=', teacher.id)
      .execute();
    const now = Date.now();
    const created = await a.app.inject({
      method: 'POST',
      url: '/contests',
      headers: teacher.headers,
      payload: {
        name: 'Two Rooms',
        kind: 'CLASS',
        visibility: 'PRIVATE',
        startingBalance: 10_000,
        startsAt: now - 1_000,
        endsAt: now + 3_600_000,
        allowedSymbols: ['BTC'],
        priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
      },
    });
    expectStatus(created, 201);
    const contest = created.json<Contest>();
    const member = async (app: typeof a) => {
      const user = await createTestUser(app.ctx);
      const joined = await app.app.inject({
        method: 'POST',
        url: '/contests/join',
        headers: user.headers,
        payload: { code: contest.joinCode },
      });
      expectStatus(joined, 201);
      const wallet = joined.json<{ walletAddress: string }>().walletAddress;
      return { user, wallet, app };
    };
    const ann = await member(a);
    const bob = await member(b);
    const replayOf = async (m: typeof ann) =>
      (
        await m.app.app.inject({
          method: 'GET',
          url: `/contests/${contest.id}/replay`,
          headers: m.user.headers,
        })
      ).json<ReplayAnswer>().prices;
    expect(await replayOf(ann)).toEqual(await replayOf(bob));
    const buy = async (m: typeof ann) =>
      m.app.app.inject({
        method: 'POST',
        url: '/purchase-asset',
        headers: { ...m.user.headers, wallet: m.wallet },
        payload: { walletAddress: m.wallet, symbol: 'BTC', assetAmount: 1_000, unit: 'USD' },
      });
    const [onA, onB] = [await buy(ann), await buy(bob)];
    expectStatus(onA, 200);
    expectStatus(onB, 200);
    expect(boughtAt(onA)).toBe(30_000);
    expect(boughtAt(onB)).toBe(30_000);
  });
});
