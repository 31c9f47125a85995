import { applyUserPatch, patchFit, type User, type UserPatch } from '@papertrade/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus.ts';
import {
  buy,
  cancelLimit,
  currentUser,
  expectStatus,
  openLimit,
  post,
  setPrice,
} from '../../../test/calls.ts';
import { captureStatements } from '../../../test/statement-capture.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { loadRecordPatch } from '../../users/record-patch.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

let events: BusEvent[] = [];
beforeEach(async () => {
  await setPrice(t.app, 'SOL', 200);
  events = [];
  t.ctx.bus.subscribe((event) => events.push(event));
});

type Answer = UserPatch & { version: number };

/**
 * Balance points are written by the batched queue a second after an order (users/
 * balance-point-queue.ts), off the order's path and outside its change: no order answer carries
 * them, and a read whole may or may not hold the new point yet.
 */
const comparable = ({ balanceHistory: _points, ...rest }: User) => rest;

/**
 * The scenario's rule: the answer, merged into the record read before, is the record read whole
 * after; its version is the next one; and /live heard the same patch, once.
 */
async function expectMergedWhole(before: User, res: LightMyRequestResponse, status = 200) {
  expectStatus(res, status);
  const answer = res.json<Answer>();
  expect(patchFit(before, answer.version)).toBe('apply');
  const after = await currentUser(t.app, ann);
  expect(comparable(applyUserPatch(before, answer))).toEqual(comparable(after));
  const { version, ...patch } = answer;
  const heard = events.filter((e) => e.type === 'user-changed');
  expect(heard).toEqual([
    {
      type: 'user-changed',
      userId: ann.id,
      portfolioId: ann.id,
      patch: { walletAddress: after.walletAddress, version, patch },
    },
  ]);
  return answer;
}

const record = () => currentUser(t.app, ann);
const opened = async (body: Record<string, unknown>) => {
  const res = await openLimit(t.app, ann, { symbol: 'SOL', ...body });
  expectStatus(res, 201);
  return res.json<Answer>().limitPosition?.positionId ?? '';
};
const sellAsset = (assetAmount: number) =>
  post(t.app, ann, '/sell-asset', { symbol: 'SOL', assetAmount });

describe('lean order answers merged into the record', () => {
  it('a market buy', async () => {
    const before = await record();
    const answer = await expectMergedWhole(before, await buy(t.app, ann, 'SOL', 5));
    expect(Object.keys(answer).sort()).toEqual(
      ['assets', 'averageCost', 'balance', 'openPositions', 'transaction', 'version'].sort(),
    );
  });

  it('a market sell', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    const before = await record();
    events = [];
    await expectMergedWhole(before, await sellAsset(2));
  });

  it('a limit order opened', async () => {
    const before = await record();
    await expectMergedWhole(
      before,
      await openLimit(t.app, ann, {
        symbol: 'SOL',
        type: 'PURCHASE',
        limitAsk: 150,
        purchaseAsk: 500,
      }),
      201,
    );
  });

  it('a stop order opened', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    const before = await record();
    events = [];
    await expectMergedWhole(
      before,
      await openLimit(t.app, ann, {
        symbol: 'SOL',
        type: 'SELL',
        orderType: 'STOP',
        stopPrice: 180,
        sellAsk: 2,
      }),
      201,
    );
  });

  it('an OCO pair opened', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 6), 200);
    const before = await record();
    events = [];
    const answer = await expectMergedWhole(
      before,
      await openLimit(t.app, ann, {
        symbol: 'SOL',
        type: 'SELL',
        orderType: 'OCO',
        sellAsk: 4,
        takeProfit: { limitAsk: 230 },
        stopLoss: { stopPrice: 180 },
      }),
      201,
    );
    expect(answer.limitPositions?.filter((p) => p.ocoGroupId)).toHaveLength(2);
  });

  it('a working order cancelled', async () => {
    const positionId = await opened({ type: 'PURCHASE', limitAsk: 150, purchaseAsk: 500 });
    const before = await record();
    events = [];
    const answer = await expectMergedWhole(before, await cancelLimit(t.app, ann, positionId));
    expect(answer.limitPosition).toMatchObject({ positionId, status: 'CANCELLED' });
  });

  it('a working order modified', async () => {
    const positionId = await opened({ type: 'PURCHASE', limitAsk: 150, purchaseAsk: 500 });
    const before = await record();
    events = [];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/limit-position',
      headers: ann.headers,
      payload: { positionId, walletAddress: ann.walletAddress, limitAsk: 160, purchaseAsk: 600 },
    });
    const answer = await expectMergedWhole(before, res);
    expect(answer.limitPosition).toMatchObject({ positionId, limitAsk: 160, purchaseAsk: 600 });
  });

  it("a bracket's fill from a tick sends the whole record, at a later version", async () => {
    await opened({
      type: 'PURCHASE',
      limitAsk: 190,
      purchaseAsk: 1_000,
      attached: { takeProfit: { limitAsk: 230 }, stopLoss: { stopPrice: 180 } },
    });
    const before = await record();
    events = [];
    await setPrice(t.app, 'SOL', 189);
    const after = await record();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.limitPositions.filter((p) => p.leg)).toHaveLength(2);
    const heard = events.filter((e) => e.type === 'user-changed');
    expect(heard.length).toBeGreaterThan(0);
    // No patch: /live loads and sends the record whole, which the client takes as it is.
    for (const event of heard) expect(event).not.toHaveProperty('patch');
  });

  it('a reset answers the whole record, at a later version', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    const before = await record();
    const res = await post(t.app, ann, '/reset-user', { startingBalance: 50_000 });
    expectStatus(res, 200);
    const answer = res.json<User>();
    expect(answer.version).toBeGreaterThan(before.version);
    expect(comparable(applyUserPatch(before, answer))).toEqual(comparable(await record()));
  });

  it("a market order's patch is read in one statement, a cancel's in three in one snapshot", async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    const reads = (statements: { sql: string }[]) =>
      statements.filter((s) => !/^\s*(begin|commit|start transaction)/i.test(s.sql));
    const money = await captureStatements(() => loadRecordPatch(t.ctx.db, ann.id, 'money'));
    expect(reads(money)).toHaveLength(1);
    const orders = await captureStatements(() => loadRecordPatch(t.ctx.db, ann.id, 'orders'));
    expect(reads(orders)).toHaveLength(3);
  });
});

describe('a market order answers from what its writes returned', () => {
  // On PostgreSQL the bus's notify sends the patch to the other instances: a write, not a read.
  const readsAfterCommit = (statements: { sql: string }[]) =>
    statements
      .slice(statements.findIndex((s) => /^\s*commit/i.test(s.sql)) + 1)
      .filter((s) => !/pg_notify/.test(s.sql));

  it('a second market order reads nothing after its commit, and its answer merges into the record', async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    const before = await record();
    events = [];
    let res: LightMyRequestResponse | undefined;
    const statements = await captureStatements(async () => {
      res = await sellAsset(1);
    });
    expect(readsAfterCommit(statements)).toEqual([]);
    await expectMergedWhole(before, res as LightMyRequestResponse);
  });

  it("an order after a tick's fill answers the fill too, read whole", async () => {
    expectStatus(await buy(t.app, ann, 'SOL', 5), 200);
    await opened({ type: 'PURCHASE', limitAsk: 190, purchaseAsk: 500 });
    await setPrice(t.app, 'SOL', 189);
    const before = await record();
    events = [];
    await expectMergedWhole(before, await buy(t.app, ann, 'SOL', 7));
  });

  it("buys and sales past the answer's newest lots merge into the record at every step", async () => {
    // 52 lots of one share, more than the record lists (50 per symbol); then sales of part of the
    // oldest (unlisted) lot, of the rest of it and half the next, of the other unlisted half and a
    // listed lot, and of listed lots only.
    for (let i = 0; i < 52; i += 1) {
      await setPrice(t.app, 'SOL', 200 + i);
      expectStatus(await buy(t.app, ann, 'SOL', 1), 200);
    }
    for (const shares of [0.5, 1, 1.5, 0.25, 2.75]) {
      const before = await record();
      events = [];
      await expectMergedWhole(before, await sellAsset(shares));
    }
    const before = await record();
    events = [];
    await expectMergedWhole(before, await buy(t.app, ann, 'SOL', 1));
    expect((await record()).openPositions.SOL).toHaveLength(47);
  });
});
