import { describe, expect, it } from 'vitest';
import type { LimitPosition, Transaction, User } from './contract/shapes.ts';
import {
  applyUserPatch,
  patchFit,
  USER_CLOSED_ORDERS_LIMIT,
  USER_HISTORY_LIMIT,
} from './user-patch.ts';

const tx = (n: number): Transaction => ({
  id: `t${String(n).padStart(4, '0')}`,
  type: 'PURCHASE',
  symbol: 'BTC',
  method: 'MARKET',
  assetsPurchasedSold: 1,
  transactionTotal: 10,
  purchaseSellAsk: 10,
  timestamp: 1_000 + n,
  fee: 0,
});
const order = (n: number, status: LimitPosition['status'] = 'WORKING'): LimitPosition => ({
  positionId: `o${String(n).padStart(4, '0')}`,
  symbol: 'BTC',
  type: 'PURCHASE',
  limitAsk: 5,
  purchaseAsk: 10,
  timestamp: 1_000 + n,
  status,
});
const user = (over: Partial<User> = {}): User =>
  ({ balance: 100, history: [], limitPositions: [], version: 3, ...over }) as User;

describe('applyUserPatch', () => {
  it('a field present replaces the copy whole and the version moves', () => {
    const merged = applyUserPatch(user({ assets: { BTC: 1, ETH: 2 } }), {
      assets: { BTC: 2 },
      version: 4,
    });
    expect(merged).toMatchObject({ assets: { BTC: 2 }, balance: 100, version: 4 });
  });

  it('a transaction enters the history at its place, which stays the latest entries only', () => {
    const full = Array.from({ length: USER_HISTORY_LIMIT }, (_, i) => tx(USER_HISTORY_LIMIT - i));
    const merged = applyUserPatch(user({ history: full }), { transaction: tx(500), version: 4 });
    expect(merged.history).toHaveLength(USER_HISTORY_LIMIT);
    expect(merged.history[0]).toEqual(tx(500));
    expect(merged.history).not.toContainEqual(tx(1));
  });

  it('at one timestamp a transaction comes before a working order', () => {
    const working = { ...order(7), timestamp: 2_000 };
    const fill = { ...tx(7), timestamp: 2_000 };
    const merged = applyUserPatch(user({ history: [working] }), { transaction: fill });
    expect(merged.history).toEqual([fill, working]);
  });

  it('a working order enters both lists; the same order again replaces it', () => {
    const opened = applyUserPatch(user({ limitPositions: [order(1, 'FILLED')] }), {
      limitPosition: order(2),
    });
    expect(opened.limitPositions).toEqual([order(2), order(1, 'FILLED')]);
    expect(opened.history).toEqual([order(2)]);
    const moved = applyUserPatch(opened, { limitPosition: { ...order(2), limitAsk: 6 } });
    expect(moved.limitPositions).toEqual([{ ...order(2), limitAsk: 6 }, order(1, 'FILLED')]);
  });

  it('an order that stops working leaves the history and joins the latest others', () => {
    const closed = Array.from({ length: USER_CLOSED_ORDERS_LIMIT }, (_, i) =>
      order(100 - i, 'FILLED'),
    );
    const merged = applyUserPatch(
      user({ limitPositions: [order(1), ...closed], history: [order(1)] }),
      {
        limitPosition: order(1, 'CANCELLED'),
      },
    );
    // Older than every listed other: not among the latest, as the server's list would not hold it.
    expect(merged.limitPositions).toEqual(closed);
    expect(merged.history).toEqual([]);
  });

  it('lists sent whole are taken as they are', () => {
    const merged = applyUserPatch(user({ history: [tx(1)] }), {
      history: [tx(2)],
      transaction: tx(3),
    });
    expect(merged.history).toEqual([tx(2)]);
  });
});

describe('patchFit', () => {
  it('the next version applies, an older or equal one is stale, a later one is a gap', () => {
    expect(patchFit({ version: 3 }, 4)).toBe('apply');
    expect(patchFit({ version: 3 }, 3)).toBe('stale');
    expect(patchFit({ version: 3 }, 2)).toBe('stale');
    expect(patchFit({ version: 3 }, 5)).toBe('gap');
  });
});
