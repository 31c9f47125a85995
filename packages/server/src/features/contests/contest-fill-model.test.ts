import type { Contest, TradeAnswer } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, priceOf } from '../../../test/calls.ts';
import { contestKit } from '../../../test/contest-kit.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * A contest's fillModel rule (docs/api.md, "Realistic fills";
 * docs/decisions/039-book-fills-without-a-lock.md): set on create, changed on edit, answered, and
 * applied to its members' market orders from the next order on.
 */
const { t } = useTestApp();
const { host, call, create, join } = contestKit(t, 'Depth cup');

describe('a contest fill model', () => {
  it('members of a BOOK contest walk the book, and after an edit to IDEAL fill at the tick price', async () => {
    const owner = await host();
    const contest = await create(owner, { fillModel: 'BOOK' });
    expect(contest.fillModel).toBe('BOOK');
    const member = await createTestUser(t.ctx);
    const wallet = await join(member, contest.joinCode ?? '');
    const order = () =>
      call(
        member,
        'POST',
        '/purchase-asset',
        { walletAddress: wallet, symbol: 'XMR', assetAmount: 5_000, unit: 'USD' },
        wallet,
      );
    const price = await priceOf(t.app, 'XMR');
    const walked = await order();
    expectStatus(walked, 200);
    expect(walked.json<TradeAnswer>().transaction).toMatchObject({ midPrice: price });
    expect(walked.json<TradeAnswer>().transaction.purchaseSellAsk).toBeGreaterThan(price);

    const edited = await call(owner, 'PATCH', `/contests/${contest.id}`, { fillModel: 'IDEAL' });
    expectStatus(edited, 200);
    expect(edited.json<Contest>().fillModel).toBe('IDEAL');
    const ideal = await order();
    expectStatus(ideal, 200);
    const tx = ideal.json<TradeAnswer>().transaction;
    expect(tx.purchaseSellAsk).toBe(price);
    expect(tx.midPrice).toBeUndefined();
  });

  it('a fill model other than BOOK or IDEAL is refused under its field', async () => {
    const owner = await host();
    const contest = await create(owner, {});
    const res = await call(owner, 'PATCH', `/contests/${contest.id}`, { fillModel: 'BEST' });
    expectStatus(res, 400, 'VALIDATION_ERROR');
    expect(res.json<{ field?: string }>().field).toBe('fillModel');
  });
});
