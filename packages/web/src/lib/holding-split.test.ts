import type { LimitPosition } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures.ts';
import { holdingSplit, splitText } from './holding-split.ts';

const sell = (
  id: string,
  sellAsk: number,
  status: LimitPosition['status'] = 'WORKING',
  symbol = 'SOL',
): LimitPosition => ({
  positionId: id,
  symbol,
  type: 'SELL',
  limitAsk: 120,
  sellAsk,
  timestamp: 1,
  status,
});

describe('holdingSplit', () => {
  it('adds the shares working sells reserve to the free ones', () => {
    const user = makeUser({
      assets: { SOL: 2 },
      limitPositions: [
        sell('a', 1.5),
        sell('b', 2.5),
        sell('filled', 9, 'FILLED'),
        sell('btc', 1, 'WORKING', 'BTC'),
        {
          positionId: 'buy',
          symbol: 'SOL',
          type: 'PURCHASE',
          limitAsk: 90,
          purchaseAsk: 500,
          timestamp: 1,
          status: 'WORKING',
        },
      ],
    });
    const split = holdingSplit(user, 'SOL');
    expect(split).toEqual({ total: 6, free: 2, reserved: 4, orders: 2 });
    expect(splitText(split)).toBe('2.0000 free, 4.0000 reserved by 2 orders');
  });

  it("counts an OCO pair's shares once: both legs sell the same shares", () => {
    const pair = [
      { ...sell('tp', 4), ocoGroupId: 'tp' },
      { ...sell('sl', 4), ocoGroupId: 'tp', orderType: 'STOP' as const },
    ];
    const split = holdingSplit(makeUser({ assets: { SOL: 2 }, limitPositions: pair }), 'SOL');
    expect(split).toEqual({ total: 6, free: 2, reserved: 4, orders: 1 });
  });

  it('adds in exact units: 0.1 + 0.2 reserved is 0.3', () => {
    const split = holdingSplit(
      makeUser({ assets: { SOL: 0.1 }, limitPositions: [sell('a', 0.1), sell('b', 0.2)] }),
      'SOL',
    );
    expect(split.reserved).toBe(0.3);
    expect(split.total).toBe(0.4);
  });

  it('a holding wholly reserved still counts, with 0 free', () => {
    const split = holdingSplit(makeUser({ limitPositions: [sell('a', 4)] }), 'SOL');
    expect(split).toEqual({ total: 4, free: 0, reserved: 4, orders: 1 });
    expect(splitText(split)).toBe('0.0000 free, 4.0000 reserved by 1 order');
  });

  it('says nothing when nothing is reserved', () => {
    const split = holdingSplit(makeUser({ assets: { SOL: 3 } }), 'SOL');
    expect(split).toEqual({ total: 3, free: 3, reserved: 0, orders: 0 });
    expect(splitText(split)).toBeNull();
  });
});
