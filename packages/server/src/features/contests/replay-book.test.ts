import type { Contest, TradeAnswer } from '@papertrade/domain';
import { PRICE_SCALE, SHARE_SCALE } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { buy, expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { setRealism } from '../../../test/fee-test-kit.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { storeFlatCandles } from '../../../test/replay-candles.ts';

/**
 * A replay contest's book (docs/decisions/034-replay-contests.md, amendment of 2026-12-04)
 * against the real app and database: members of a BOOK replay walk a book made from the replayed
 * candle, as deep as its volume, consumed by that contest's members alone.
 */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Replay Book Cup');
const MINUTE = 60_000;
const FROM = Date.UTC(2024, 2, 5, 12, 0);
const TO = FROM + 60 * MINUTE;
const BTC = 'btcusd';
/**
 * A replayed hour of flat candles: 30,000 with 1,000 BTC traded a minute for half an hour (a
 * heavy market), then 20,000 with 2 BTC a minute (the crash, and a thin market).
 */
const heavy = (minute: number) => minute < 30;
const priceAt = (minute: number) => (heavy(minute) ? 30_000 : 20_000);
const volumeAt = (minute: number) => (heavy(minute) ? 1_000 : 2);

const storeCandles = (ctx: AppContext) =>
  storeFlatCandles(ctx.db, { assetId: BTC, from: FROM, priceAt, volumeAt });

/** A BOOK replay class of BTC at speed 1, its clock `minutes` into the replayed hour. */
async function replayClass(minutes = 0): Promise<Contest> {
  const now = Date.now();
  const contest = await create(await host('TEACHER'), {
    kind: 'CLASS',
    allowedSymbols: ['BTC'],
    fillModel: 'BOOK',
    startsAt: now - 1_000,
    endsAt: now + 3_600_000,
    priceSource: { kind: 'REPLAY', from: FROM, to: TO, speed: 1 },
  });
  if (minutes) {
    // The replay's clock moves as time passing would move it: its start goes back.
    const back = minutes * MINUTE;
    await t.ctx.db
      .updateTable('contests')
      .set((eb) => ({
        starts_at: eb('starts_at', '-', BigInt(back)),
        ends_at: eb('ends_at', '-', BigInt(back)),
      }))
      .where('id', '=', contest.id)
      .execute();
  }
  return contest;
}

async function student(contest: Contest) {
  const user = await createTestUser(t.ctx);
  const wallet = await join(user, contest.joinCode ?? '');
  const trade = (url: string, body: Record<string, unknown>) =>
    call(user, 'POST', url, { walletAddress: wallet, ...body }, wallet);
  const buyUsd = async (usd: number) => {
    const res = await trade('/purchase-asset', { symbol: 'BTC', assetAmount: usd, unit: 'USD' });
    expectStatus(res, 200);
    return res.json<TradeAnswer>().transaction;
  };
  return { user, wallet, trade, buyUsd };
}

const books = () => {
  if (!t.ctx.orderBooks) throw new Error('the app has no order books');
  return t.ctx.orderBooks;
};

describe('a replay contest’s book', () => {
  it('a member’s large limit buy in a thin replayed minute fills in parts, as far as each tick’s trades allow', async () => {
    await storeCandles(t.ctx);
    // 20,000 and 2 BTC a minute: a tick plays a second of it (1/30 BTC), times 1.5 for a limit
    // 5 bp past the price and a noise of 0.5 to 1.5, so 0.45 BTC takes several ticks.
    const ann = await student(await replayClass(35));
    const placed = await ann.trade('/open-limit-position', {
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 20_010,
      purchaseAsk: 9_000,
    });
    expectStatus(placed, 201);
    const id = placed.json<OpenAnswer>().limitPosition.positionId;
    const filledAfterTick = async () => {
      await setPrice(t.app, 'BTC', 50_000);
      const row = await orderRow(t.ctx, id);
      expect(row.status).toBe('WORKING');
      return BigInt(row.filled_shares);
    };
    const first = await filledAfterTick();
    expect(first).toBeGreaterThan(0n);
    expect(first).toBeLessThanOrEqual(SHARE_SCALE / 10n);
    const second = await filledAfterTick();
    expect(second).toBeGreaterThan(first);
    const fills = await fillsOf(t.ctx, id);
    expect(fills).toHaveLength(2);
    // At the replayed price, not the live one the ticks set.
    for (const f of fills) expect(BigInt(f.price)).toBe(20_000n * PRICE_SCALE);
    const portfolio = await t.ctx.db
      .selectFrom('portfolios')
      .select('id')
      .where('wallet_address', '=', ann.wallet)
      .executeTakeFirstOrThrow();
    await expectSound(t.ctx, [portfolio.id]);
  });

  it('a member’s large buy in a thin replayed minute walks more levels and slips more than in a heavy one', async () => {
    await storeCandles(t.ctx);
    const inHeavy = await student(await replayClass(5));
    const inThin = await student(await replayClass(35));
    const deep = await inHeavy.buyUsd(5_000);
    const thin = await inThin.buyUsd(5_000);
    // The mid is the replayed price, not the live one.
    expect(deep.midPrice).toBe(30_000);
    expect(thin.midPrice).toBe(20_000);
    // 1,000 BTC a minute holds $5,000 in its best level; 2 BTC a minute spreads it over several.
    expect(deep.levels).toBe(1);
    expect(thin.levels).toBeGreaterThan(2);
    expect(thin.slippageBps).toBeGreaterThan(deep.slippageBps! * 3);
    expect(thin.purchaseSellAsk).toBeGreaterThan(20_000);
  });

  it('two members of one replay consume the same book', async () => {
    await storeCandles(t.ctx);
    const contest = await replayClass(35);
    const ann = await student(contest);
    const bob = await student(contest);
    const first = await ann.buyUsd(5_000);
    const second = await bob.buyUsd(5_000);
    // Bob starts where Ann's order left the asks: his shares cost more.
    expect(second.purchaseSellAsk).toBeGreaterThan(first.purchaseSellAsk);
    expect(second.assetsPurchasedSold).toBeLessThan(first.assetsPurchasedSold);
    const consumed = books().consumed(BTC, contest.id).ask;
    // What both took, less the little that refilled between the two orders.
    const taken = BigInt(
      Math.round((first.assetsPurchasedSold + second.assetsPurchasedSold) * 1e8),
    );
    expect(consumed?.shares).toBeGreaterThan((taken * 9n) / 10n);
    expect(consumed?.shares).toBeLessThanOrEqual(taken);
  });

  it('a member of another replay and a user outside it walk their own books, untouched by the first replay’s takes', async () => {
    await storeCandles(t.ctx);
    await setPrice(t.app, 'BTC', 50_000);
    const ann = await student(await replayClass(35));
    const carolsContest = await replayClass(35);
    const carol = await student(carolsContest);
    const first = await ann.buyUsd(5_000);
    // The same candle and price make the same full book: Carol's contest has taken nothing of it.
    expect(books().consumed(BTC, carolsContest.id).ask).toBeUndefined();
    const other = await carol.buyUsd(5_000);
    expect(other.purchaseSellAsk).toBe(first.purchaseSellAsk);
    expect(other.levels).toBe(first.levels);

    expect(books().consumed(BTC).ask).toBeUndefined();
    const outside = await createTestUser(t.ctx);
    expectStatus(await setRealism(t.app, outside, { fill_model: 'BOOK' }), 200);
    const live = await buy(t.app, outside, 'BTC', 5_000, 'USD');
    expectStatus(live, 200);
    const tx = live.json<TradeAnswer>().transaction;
    expect(tx.midPrice).toBe(50_000);
    // The live book holds only the outside user's take.
    expect(books().consumed(BTC).ask?.shares).toBe(
      BigInt(Math.round(tx.assetsPurchasedSold * 1e8)),
    );
  });

  it('a replay member’s triggered stop sell walks the replay’s bids, and the replay’s book keeps what it took', async () => {
    await storeCandles(t.ctx);
    await setPrice(t.app, 'BTC', 50_000);
    const contest = await replayClass(25);
    const ann = await student(contest);
    await ann.buyUsd(9_000);
    const stop = {
      type: 'SELL',
      orderType: 'STOP',
      symbol: 'BTC',
      stopPrice: 25_000,
      sellAsk: 0.25,
    };
    expectStatus(await ann.trade('/open-limit-position', stop), 201);
    // Into the crash: the thin minutes at 20,000.
    await t.ctx.db
      .updateTable('contests')
      .set((eb) => ({
        starts_at: eb('starts_at', '-', BigInt(10 * MINUTE)),
        ends_at: eb('ends_at', '-', BigInt(10 * MINUTE)),
      }))
      .where('id', '=', contest.id)
      .execute();
    await setPrice(t.app, 'BTC', 50_000);
    const sold = await t.ctx.db
      .selectFrom('transactions')
      .innerJoin('portfolios', 'portfolios.id', 'transactions.portfolio_id')
      .select(['transactions.price', 'transactions.shares'])
      .where('portfolios.wallet_address', '=', ann.wallet)
      .where('transactions.type', '=', 'SELL')
      .executeTakeFirstOrThrow();
    // A quarter of a bitcoin is several levels of a 2-BTC minute's bids: below the replayed price.
    expect(BigInt(sold.price)).toBeLessThan(20_000n * PRICE_SCALE);
    expect(BigInt(sold.shares)).toBe(25_000_000n);
    expect(books().consumed(BTC, contest.id).bid?.shares).toBe(25_000_000n);
    expect(books().consumed(BTC).bid).toBeUndefined();
  });
});
