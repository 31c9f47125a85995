import { describe, expect, it } from 'vitest';
import {
  crossDepthBps,
  replayTradedShares,
  tradedShares,
  type VolumeInput,
} from './traded-volume.ts';

const XMR = 19_530_000_000n;
const base: VolumeInput = {
  seed: 'papertrade',
  symbol: 'XMR',
  side: 'PURCHASE',
  price: XMR,
  at: 1_700_000_000_000,
  best: XMR,
};

describe('the simulated trades of a tick', () => {
  it('are the same for the same seed, symbol, side and tick, and differ from tick to tick', () => {
    expect(tradedShares(base)).toBe(tradedShares({ ...base }));
    const ticks = new Set(
      Array.from({ length: 10 }, (_, i) => tradedShares({ ...base, at: base.at + i * 1_000 })),
    );
    expect(ticks.size).toBeGreaterThan(1);
  });

  it("are half to one and a half of a second's share of the daily volume at a crossing at the limit", () => {
    // $100,000,000 a day at $195.30: 5.926 XMR a second.
    const second = (100_000_000n * 10n ** 16n) / (86_400n * XMR);
    for (let i = 0; i < 50; i += 1) {
      const shares = tradedShares({ ...base, at: base.at + i * 1_000 });
      expect(shares).toBeGreaterThanOrEqual(second / 2n - 1n);
      expect(shares).toBeLessThanOrEqual((second * 3n) / 2n + 1n);
    }
  });

  it('grow tenfold at most when the price passes the orders deeply', () => {
    const deep = { ...base, price: (XMR * 98n) / 100n };
    expect(crossDepthBps('PURCHASE', deep.price, XMR)).toBe(90n);
    const atLimit = tradedShares({ ...base, price: deep.price, best: deep.price });
    expect(tradedShares(deep)).toBeGreaterThanOrEqual(atLimit * 10n);
    expect(tradedShares(deep)).toBeLessThanOrEqual(atLimit * 10n + 10n);
  });

  it('are thinner for a thin coin than for a major, in dollars', () => {
    const btc = 9_500_000_000_000n;
    const btcDollars = tradedShares({ ...base, symbol: 'BTC', price: btc, best: btc }) * btc;
    expect(tradedShares(base) * XMR).toBeLessThan(btcDollars);
  });
});

describe('the trades of a replay’s tick', () => {
  it('are the replayed minute’s volume for the history the tick plays, with the live noise', () => {
    // 60 XMR a minute; a tick of 1 s at speed 60 plays the whole minute: 30 to 90 XMR.
    const minuteVolume = 60n * 10n ** 8n;
    for (let i = 0; i < 50; i += 1) {
      const at = base.at + i * 1_000;
      const shares = replayTradedShares({ ...base, at, minuteVolume, historyMs: 60_000 });
      expect(shares).toBeGreaterThanOrEqual(minuteVolume / 2n);
      expect(shares).toBeLessThanOrEqual((minuteVolume * 3n) / 2n);
      // Speed 1 plays a second of it: a sixtieth.
      expect(replayTradedShares({ ...base, at, minuteVolume, historyMs: 1_000 })).toBe(
        shares / 60n,
      );
    }
  });

  it('of a candle stored without a volume are the live asset’s for that much time', () => {
    expect(replayTradedShares({ ...base, minuteVolume: null, historyMs: 60_000 })).toBe(
      tradedShares(base) * 60n,
    );
  });
});
