import type { ContestMember, TradeAnswer, Transaction, User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/** Trade notes (docs/api.md, "Trade notes"): kept on the transaction or working order, shown to the class's owner. */

const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Period 2');

const NOTE = 'Buying the dip: the 30-day low, and the news is priced in';

describe('trade notes', () => {
  it("a market buy's note is kept on its transaction and shown on the transaction page", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const ann = await createTestUser(t.ctx);
    const res = await call(ann, 'POST', '/purchase-asset', {
      walletAddress: ann.walletAddress,
      symbol: 'BTC',
      assetAmount: 1_000,
      unit: 'USD',
      note: `  ${NOTE} `,
    });
    expectStatus(res, 200);
    const { transaction } = res.json<TradeAnswer>();
    expect(transaction.note).toBe(NOTE);
    const page = await call(ann, 'GET', `/transactions/${transaction.id}`);
    expectStatus(page, 200);
    expect(page.json<Transaction>().note).toBe(NOTE);
    const csv = await call(ann, 'GET', '/transactions.csv');
    expect(csv.body.split('\r\n')[1]).toMatch(
      /,no,"Buying the dip: the 30-day low, and the news is priced in"$/,
    );
  });

  it('a note of 281 characters is refused with 400 and nothing is written', async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const ann = await createTestUser(t.ctx);
    const order = { walletAddress: ann.walletAddress, symbol: 'BTC', note: 'x'.repeat(281) };
    const market = await call(ann, 'POST', '/purchase-asset', { ...order, assetAmount: 0.01 });
    expectStatus(market, 400, 'VALIDATION_ERROR');
    expect(market.json<{ field?: string }>().field).toBe('note');
    const limit = await call(ann, 'POST', '/open-limit-position', {
      ...order,
      type: 'PURCHASE',
      limitAsk: 40_000,
      purchaseAsk: 100,
    });
    expectStatus(limit, 400, 'VALIDATION_ERROR');
    const written = await t.ctx.db
      .selectFrom('transactions')
      .select('id')
      .union(t.ctx.db.selectFrom('limit_orders').select('id'))
      .execute();
    expect(written).toEqual([]);
    const atLimit = await call(ann, 'POST', '/purchase-asset', {
      ...order,
      assetAmount: 0.01,
      note: 'y'.repeat(280),
    });
    expectStatus(atLimit, 200);
    expect(atLimit.json<TradeAnswer>().transaction.note).toHaveLength(280);
  });

  it("a working order's note is carried to the transaction it fills into, and a change of note is kept", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const ann = await createTestUser(t.ctx);
    const opened = await call(ann, 'POST', '/open-limit-position', {
      walletAddress: ann.walletAddress,
      type: 'PURCHASE',
      symbol: 'BTC',
      limitAsk: 40_000,
      purchaseAsk: 1_000,
      note: 'first thought',
    });
    expectStatus(opened, 201);
    const { limitPosition } = opened.json<{
      limitPosition: { positionId: string; note?: string };
    }>();
    expect(limitPosition.note).toBe('first thought');
    const changed = await call(ann, 'PUT', '/limit-position', {
      walletAddress: ann.walletAddress,
      positionId: limitPosition.positionId,
      note: NOTE,
    });
    expectStatus(changed, 200);
    await setPrice(t.app, 'BTC', 39_000);
    const fill = await t.ctx.db
      .selectFrom('transactions')
      .select(['note', 'position_id'])
      .executeTakeFirstOrThrow();
    expect(fill).toEqual({ note: NOTE, position_id: limitPosition.positionId });
  });

  it("a class's teacher sees a member's notes in the member's portfolio and counted in the report", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const teacher = await host('TEACHER');
    const klass = await create(teacher, { kind: 'CLASS' });
    const student = await createTestUser(t.ctx);
    const wallet = await join(student, klass.joinCode ?? '');
    const order = { walletAddress: wallet, symbol: 'BTC', assetAmount: 500, unit: 'USD' };
    expectStatus(
      await call(student, 'POST', '/purchase-asset', { ...order, note: NOTE }, wallet),
      200,
    );
    expectStatus(await call(student, 'POST', '/purchase-asset', order, wallet), 200);

    const member = await call(teacher, 'GET', `/contests/${klass.id}/members/${wallet}`);
    expectStatus(member, 200);
    const notes = member
      .json<User>()
      .history.flatMap((h) => ('note' in h && h.note ? [h.note] : []));
    expect(notes).toEqual([NOTE]);
    const members = await call(teacher, 'GET', `/contests/${klass.id}/members`);
    expect(members.json<ContestMember[]>()[0]).toMatchObject({ notes: 1, trades: 2 });
  });
});
