import { priceFromNumber, type OpenLimitInput } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPrice } from '../../../test/calls.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import { openWorkingOrder } from './limit-orders.ts';
import { marketBuy } from './market-orders.ts';
import { expectSound } from '../../../test/trading-test-kit.ts';

let t: TestApp;
let users: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 10; i += 1) users.push(await createTestUser(t.ctx));
});
afterAll(async () => {
  await t.close();
});

const START: Record<string, number> = { BTC: 50_000, ETH: 2_000, SOL: 100, XRP: 2 };

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

interface Placed {
  id: string;
  symbol: string;
  type: 'PURCHASE' | 'SELL';
  limit: bigint;
}

describe('many working orders', () => {
  it('1,000 working orders across 10 users and 4 symbols: ticks crossing about half fill each crossed order exactly once and no other', async () => {
    const random = lcg(42);
    for (const [symbol, price] of Object.entries(START)) await setPrice(t.app, symbol, price);
    // Every user holds 10,000 USD of each symbol, so it can place SELL orders.
    for (const user of users) {
      for (const symbol of Object.keys(START)) {
        await marketBuy(
          t.ctx,
          { id: user.id, contestId: null },
          { symbol, walletAddress: user.walletAddress, assetAmount: 10_000, unit: 'USD' },
        );
      }
    }

    const placed: Placed[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const user = users[i % users.length] as TestUser;
      const symbol = Object.keys(START)[Math.floor(i / 10) % 4] as string;
      const start = START[symbol] as number;
      const type = random() < 0.5 ? 'PURCHASE' : 'SELL';
      // PURCHASE limits 1..20 % below the start price, SELL limits 1..20 % above: nothing crosses yet.
      const offset = 0.01 + random() * 0.19;
      const limitAsk = Number((start * (type === 'PURCHASE' ? 1 - offset : 1 + offset)).toFixed(4));
      const body: OpenLimitInput =
        type === 'PURCHASE'
          ? {
              type,
              symbol,
              walletAddress: user.walletAddress,
              limitAsk,
              purchaseAsk: 50 + Math.floor(random() * 100),
            }
          : {
              type,
              symbol,
              walletAddress: user.walletAddress,
              limitAsk,
              sellAsk: Number(((60 + random() * 40) / start).toFixed(8)),
            };
      const row = await openWorkingOrder(t.ctx, { id: user.id, contestId: null }, body);
      placed.push({ id: row.id, symbol, type, limit: priceFromNumber(limitAsk) as bigint });
    }

    const filledAt = new Map<string, bigint>();
    // Down 10 % crosses about half of the PURCHASE orders; up 10 % about half of the SELL orders;
    // back to the start crosses nothing new.
    const moves = Object.keys(START).flatMap(
      (symbol) =>
        [
          [symbol, 0.9],
          [symbol, 1.1],
          [symbol, 1],
        ] as const,
    );
    for (const [symbol, factor] of moves) {
      const price = Number(((START[symbol] as number) * factor).toFixed(4));
      const units = priceFromNumber(price) as bigint;
      await setPrice(t.app, symbol, price);
      for (const o of placed) {
        if (o.symbol !== symbol || filledAt.has(o.id)) continue;
        if (o.type === 'PURCHASE' ? o.limit >= units : o.limit <= units) filledAt.set(o.id, units);
      }
      await checkFills(placed, filledAt);
      await expectSound(
        t.ctx,
        users.map((u) => u.id),
      );
    }
    expect(filledAt.size).toBeGreaterThan(350);
    expect(filledAt.size).toBeLessThan(650);
  });
});

/** The database agrees with the expected fills: status, fill price, one transaction each at that price. */
async function checkFills(placed: readonly Placed[], filledAt: ReadonlyMap<string, bigint>) {
  const orders = await t.ctx.db
    .selectFrom('limit_orders')
    .select(['id', 'status', 'fill_price', 'transaction_id'])
    .execute();
  const txs = await t.ctx.db
    .selectFrom('transactions')
    .select(['id', 'position_id', 'price'])
    .where('method', '=', 'LIMIT')
    .execute();
  const txByOrder = new Map<string, { id: string; price: bigint }[]>();
  for (const tx of txs) {
    const list = txByOrder.get(tx.position_id ?? '') ?? [];
    list.push({ id: tx.id, price: BigInt(tx.price) });
    txByOrder.set(tx.position_id ?? '', list);
  }
  const wrong: string[] = [];
  for (const o of orders) {
    const expected = filledAt.get(o.id);
    const fills = txByOrder.get(o.id) ?? [];
    const ok =
      expected === undefined
        ? o.status === 'WORKING' && fills.length === 0
        : o.status === 'FILLED' &&
          o.fill_price === expected &&
          fills.length === 1 &&
          fills[0]?.price === expected &&
          fills[0]?.id === o.transaction_id;
    if (!ok)
      wrong.push(
        `${o.id}: ${o.status} ${String(o.fill_price)} fills=${fills.length} expected ${String(expected)}`,
      );
  }
  expect(orders).toHaveLength(placed.length);
  expect(wrong).toEqual([]);
}
