import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buy,
  cancelLimit,
  expectStatus,
  openLimit,
  setPrice,
  updateUser,
} from '../../../test/calls.ts';
import { fillsOf, orderRow, type OpenAnswer } from '../../../test/limit-order-test-kit.ts';
import { balances, expectSound } from '../../../test/trading-test-kit.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [ann],
} = useTestApp({ users: 1 });

/** An order on XMR (about $1,157 traded a second, market/asset-catalog.ts) and the ticks after it. */
const Scenario = fc.record({
  side: fc.constantFrom('PURCHASE' as const, 'SELL' as const),
  /** Dollars to spend, or hundredths of a share to sell. */
  size: fc.integer({ min: 100, max: 4_000 }),
  /** Each tick's price, in cents off the limit toward crossing (0: at the limit; negative: not crossed). */
  ticks: fc.array(fc.integer({ min: -200, max: 600 }), { minLength: 1, maxLength: 6 }),
  /** After which tick the owner cancels (past the end: never). */
  cancelAfter: fc.integer({ min: 0, max: 8 }),
  /** The owner's fee in basis points (and a tenth of it as spread). */
  fee: fc.constantFrom(0, 10, 50),
});

describe('partial fills, property', () => {
  it('the shares filled across all slices never exceed the order, and the cash moved is the slices totals plus fees', async () => {
    /** Runs whose order filled in part at least once: the property must have seen slices. */
    let sliced = 0;
    await fc.assert(
      fc.asyncProperty(Scenario, async ({ side, size, ticks, cancelAfter, fee }) => {
        const settings = { trading_fee_bps: fee, spread_bps: fee / 10 };
        // The shares a sale starts from are bought at one price (IDEAL): the runs before consume
        // the XMR book, which would then refuse the buy (409 NO_LIQUIDITY) and leave nothing to
        // sell. The order itself is on the book: an IDEAL owner's resting order fills whole.
        const model = (fill_model: 'IDEAL' | 'BOOK') =>
          updateUser(t.app, ann, 'settings', { ...settings, fill_model });
        expectStatus(await model('IDEAL'), 200);
        await setPrice(t.app, 'XMR', 200);
        if (side === 'SELL') expectStatus(await buy(t.app, ann, 'XMR', size / 100, 'SYMBOL'), 200);
        expectStatus(await model('BOOK'), 200);
        const before = await balances(t.ctx, ann.id, 'XMR');
        const limit = 200;
        const asked = side === 'PURCHASE' ? BigInt(size) * 100n : BigInt(size) * 1_000_000n;
        const res = await openLimit(t.app, ann, {
          type: side,
          symbol: 'XMR',
          limitAsk: limit,
          ...(side === 'PURCHASE' ? { purchaseAsk: size } : { sellAsk: size / 100 }),
        });
        expectStatus(res, 201);
        const id = res.json<OpenAnswer>().limitPosition.positionId;
        for (const [i, cents] of ticks.entries()) {
          const toward = side === 'PURCHASE' ? -cents : cents;
          await setPrice(t.app, 'XMR', limit + toward / 100);
          if (i + 1 === cancelAfter && (await orderRow(t.ctx, id)).status === 'WORKING')
            expectStatus(await cancelLimit(t.app, ann, id), 200);
        }
        const order = await orderRow(t.ctx, id);
        if (order.status === 'WORKING') expectStatus(await cancelLimit(t.app, ann, id), 200);
        const fills = await fillsOf(t.ctx, id);
        if (fills.some((f) => f.trigger_reason?.endsWith('(part)'))) sliced += 1;
        const shares = fills.reduce((s, f) => s + BigInt(f.shares), 0n);
        const totals = fills.reduce((s, f) => s + BigInt(f.total_cents), 0n);
        const fees = fills.reduce((s, f) => s + BigInt(f.fee_cents), 0n);
        const after = await balances(t.ctx, ann.id, 'XMR');
        if (side === 'SELL') {
          expect(shares).toBeLessThanOrEqual(asked);
          expect(after.cash - before.cash).toBe(totals - fees);
        } else {
          expect(totals + fees).toBeLessThanOrEqual(asked);
          expect(before.cash - after.cash).toBe(totals + fees);
        }
        expect(after.reservedCash).toBe(0n);
        expect(after.reservedShares).toBe(0n);
        await expectSound(t.ctx, [ann.id]);
      }),
      // Enough runs that some fill in part: about one in four does (how far a tick crosses and the
      // trades it draws decide it), and the check below needs one.
      { numRuns: 30 },
    );
    expect(sliced).toBeGreaterThan(0);
  });
});
