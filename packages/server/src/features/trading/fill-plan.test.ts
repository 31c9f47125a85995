import {
  feeCents,
  MAX_CASH_CENTS,
  MAX_HOLDING_UNITS,
  NO_COSTS,
  type CostRule,
} from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import type { LockedPortfolio } from '../../db/transaction.ts';
import { planFills, type BatchTerms, type ClaimedOrder, type PlanInput } from './fill-plan.ts';

/**
 * The fill plan is pure: these build its inputs as the claim would return them and check what it
 * decides, without a database (the settle step's writes are covered by the fill tests).
 */
const USD = 100_000_000n; // one dollar in price units
const SHARE = 100_000_000n; // one share in share units
const AT = 1_700_000_000_000;

const portfolio = (id: string, userId: string, over: Partial<LockedPortfolio> = {}) => ({
  id,
  userId,
  epoch: 3n,
  cashCents: 1_000_000n,
  contestId: null,
  closedAt: null,
  version: 1n,
  ...over,
});

let serial = 0;
const order = (over: Partial<ClaimedOrder>): ClaimedOrder => {
  serial += 1;
  const id = `order-${String(serial).padStart(4, '0')}`;
  return {
    id,
    portfolio_id: 'p1',
    purchase_cents: null,
    sell_shares: null,
    transaction_id: `tx-${String(serial).padStart(4, '0')}`,
    oco_group_id: null,
    leg: null,
    tp_limit_price: null,
    sl_stop_price: null,
    sl_trail_bps: null,
    sl_trail_amount: null,
    order_type: 'LIMIT',
    limit_price: null,
    stop_price: null,
    water_mark: null,
    trail_bps: null,
    trail_amount: null,
    ...over,
  };
};

function input(
  terms: Partial<BatchTerms>,
  claimed: ClaimedOrder[],
  over: Partial<Omit<PlanInput, 'terms' | 'claimed'>> = {},
): PlanInput {
  const p1 = portfolio('p1', 'u1');
  return {
    terms: { symbol: 'BTC', side: 'PURCHASE', price: 100n * USD, at: AT, ...terms },
    claimed,
    portfolios: new Map([[p1.id, p1]]),
    costs: new Map(),
    freeShares: new Map(),
    ...over,
  };
}

describe('the fill plan', () => {
  it('fills a limit buy at the tick: its shares for the reservation, no change, one notice', () => {
    const buy = order({ purchase_cents: 10_000n, limit_price: 105n * USD });
    const plan = planFills(input({}, [buy]));
    expect(plan.refused).toEqual([]);
    expect(plan.fills).toEqual([
      {
        orderId: buy.id,
        portfolioId: 'p1',
        userId: 'u1',
        epoch: 3n,
        transactionId: buy.transaction_id,
        shares: SHARE,
        totalCents: 10_000n,
        price: 100n * USD,
        feeCents: 0n,
        changeCents: 0n,
      },
    ]);
    expect(plan.notices).toEqual([
      {
        userId: 'u1',
        type: 'TRANSACTION',
        text: 'Limit order filled: bought 1 BTC at $100.00',
        url: `/transaction?id=${buy.transaction_id}`,
      },
    ]);
    expect(plan.legs).toEqual([]);
    expect(plan.pairsEnded).toEqual([]);
  });

  it('fills a limit sell: proceeds for the shares, told to the owner, not the portfolio', () => {
    const contest = portfolio('contest-p', 'owner');
    const sell = order({ portfolio_id: 'contest-p', sell_shares: 2n * SHARE, limit_price: USD });
    const plan = planFills(
      input({ side: 'SELL' }, [sell], { portfolios: new Map([[contest.id, contest]]) }),
    );
    expect(plan.fills.map((f) => [f.userId, f.shares, f.totalCents])).toEqual([
      ['owner', 2n * SHARE, 20_000n],
    ]);
    expect(plan.notices.map((n) => [n.userId, n.text])).toEqual([
      ['owner', 'Limit order filled: sold 2 BTC at $100.00'],
    ]);
  });

  it('moves the price by half the spread and charges the fee out of the reservation', () => {
    const rule: CostRule = { fee: { bps: 100n, minCents: 0n }, spreadBps: 200n };
    const buy = order({ purchase_cents: 10_100n, limit_price: 200n * USD });
    const sell = order({ sell_shares: SHARE, limit_price: USD });
    const costs = new Map([['p1', rule]]);
    const [bought] = planFills(input({}, [buy], { costs })).fills;
    expect(bought?.price).toBe(101n * USD);
    expect(bought?.feeCents).toBe(feeCents(rule.fee, bought?.totalCents ?? 0n));
    expect(
      (bought?.totalCents ?? 0n) + (bought?.feeCents ?? 0n) + (bought?.changeCents ?? 0n),
    ).toBe(10_100n);
    const soldPlan = planFills(input({ side: 'SELL' }, [sell], { costs }));
    expect(soldPlan.fills.map((f) => [f.price, f.totalCents, f.feeCents])).toEqual([
      [99n * USD, 9_900n, 99n],
    ]);
    expect(soldPlan.notices[0]?.text).toBe('Limit order filled: sold 1 BTC at $99.00, fee $0.99');
  });

  it('never fills a limit buy above its limit, however wide the spread', () => {
    const rule: CostRule = { fee: NO_COSTS.fee, spreadBps: 2_000n };
    const buy = order({ purchase_cents: 10_000n, limit_price: 102n * USD });
    const plan = planFills(input({}, [buy], { costs: new Map([['p1', rule]]) }));
    expect(plan.fills[0]?.price).toBe(102n * USD);
  });

  it('refuses a fill that would take the cash past its cap, and fills the rest', () => {
    const p1 = portfolio('p1', 'u1', { cashCents: MAX_CASH_CENTS - 15_000n });
    const first = order({ sell_shares: SHARE, limit_price: USD });
    const second = order({ sell_shares: SHARE, limit_price: USD, oco_group_id: 'g' });
    const plan = planFills(
      input({ side: 'SELL' }, [first, second], { portfolios: new Map([['p1', p1]]) }),
    );
    expect(plan.fills.map((f) => f.orderId)).toEqual([first.id]);
    expect(plan.refused).toEqual([
      {
        orderId: second.id,
        portfolioId: 'p1',
        userId: 'u1',
        reserved: SHARE,
        reason: 'it would take your cash past $10,000,000,000,000',
        oco_group_id: 'g',
      },
    ]);
    expect(plan.notices).toHaveLength(1);
  });

  it('refuses a buy that would take the holding past its cap, its whole reservation back', () => {
    const buy = order({ purchase_cents: 10_000n, limit_price: 200n * USD });
    const plan = planFills(
      input({}, [buy], { freeShares: new Map([['p1', MAX_HOLDING_UNITS - 1n]]) }),
    );
    expect(plan.fills).toEqual([]);
    expect(plan.refused.map((r) => [r.orderId, r.reserved, r.reason])).toEqual([
      [buy.id, 10_000n, 'it would take your holding past 10,000,000,000 shares'],
    ]);
    expect(plan.notices).toEqual([]);
  });

  it('refuses an order that buys nothing at this price', () => {
    const buy = order({ purchase_cents: 1n, limit_price: 10_000_000n * USD });
    const plan = planFills(input({ price: 10_000_000n * USD }, [buy]));
    expect(plan.fills).toEqual([]);
    expect(plan.refused.map((r) => r.orderId)).toEqual([buy.id]);
  });

  it('opens a filled bracket buy’s two legs as a pair, its shares kept for them', () => {
    const buy = order({
      purchase_cents: 10_000n,
      limit_price: 100n * USD,
      tp_limit_price: 120n * USD,
      sl_stop_price: 80n * USD,
    });
    const plan = planFills(input({}, [buy]));
    expect(plan.fills[0]?.reservedShares).toBe(SHARE);
    expect(
      plan.legs.map((l) => [l.leg, l.type, l.sell_shares, l.limit_price, l.stop_price, l.epoch]),
    ).toEqual([
      ['TAKE_PROFIT', 'SELL', SHARE, 120n * USD, null, 3n],
      ['STOP_LOSS', 'SELL', SHARE, 0n, 80n * USD, 3n],
    ]);
    const [tp, sl] = plan.legs;
    expect(sl?.oco_group_id).toBe(tp?.id);
    expect(tp?.parent_id).toBe(buy.id);
    expect(plan.notices[0]?.text).toBe(
      'Limit order filled: bought 1 BTC at $100.00; take-profit at $120.00 and stop-loss at $80.00 now working',
    );
  });

  it('ends the other leg of a pair whose leg filled, and says so', () => {
    const leg = order({
      sell_shares: SHARE,
      limit_price: 90n * USD,
      oco_group_id: 'pair-1',
      leg: 'TAKE_PROFIT',
    });
    const plan = planFills(input({ side: 'SELL' }, [leg]));
    expect(plan.pairsEnded).toEqual(['pair-1']);
    expect(plan.notices[0]?.text).toBe(
      'Take-profit order filled: sold 1 BTC at $100.00; the other order of the pair was cancelled',
    );
  });

  it('fills a stop like a market order and says why it triggered', () => {
    const stop = order({
      sell_shares: SHARE,
      order_type: 'STOP',
      limit_price: 0n,
      stop_price: 105n * USD,
    });
    const plan = planFills(input({ side: 'SELL', kind: 'STOP' }, [stop]));
    expect(plan.fills[0]?.price).toBe(100n * USD);
    expect(plan.triggers.get(stop.transaction_id ?? '')?.kind).toBe('STOP');
    expect(plan.notices[0]?.text).toMatch(/^Stop order filled: sold 1 BTC at \$100\.00 \(.+\)$/);
  });

  it('keeps the fills in transaction order, whatever order they were claimed in', () => {
    const late = order({
      purchase_cents: 10_000n,
      limit_price: 200n * USD,
      transaction_id: 'tx-b',
    });
    const early = order({
      purchase_cents: 10_000n,
      limit_price: 200n * USD,
      transaction_id: 'tx-a',
    });
    const plan = planFills(input({}, [late, early]));
    expect(plan.fills.map((f) => f.transactionId)).toEqual(['tx-a', 'tx-b']);
  });

  it('treats an order of a portfolio it was not given as a bug', () => {
    const stray = order({ portfolio_id: 'elsewhere', purchase_cents: 10_000n, limit_price: USD });
    expect(() => planFills(input({}, [stray]))).toThrow(/unlocked portfolio/);
  });
});
