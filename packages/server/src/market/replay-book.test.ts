import { bookProfile, fullBook, type BookInput } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { replayBookInput } from './replay-book.ts';

/** The input of a replay contest's book made from its candle (replay-book.ts). */
const asset: BookInput = {
  assetId: 'btcusd',
  seed: 'test-seed',
  price: 1n,
  tickAt: 0,
  volatility: 0.55,
  dailyVolumeUsd: 30_000_000_000,
  recentRangeMicro: 0,
};
const MID = 30_000n * 100_000_000n;
const BTC = 100_000_000n;
const candle = { startTs: 1_709_640_000_000, volume: 1_000n * BTC, high: MID, low: MID };

describe('a replay book’s input', () => {
  it('a candle’s volume is read as a day at that minute’s rate, and a thinner one gives a shallower, wider book', () => {
    const heavy = replayBookInput(asset, candle, MID);
    // 1,000 BTC at 30,000 in a minute: 43.2 billion USD a day.
    expect(heavy.dailyVolumeUsd).toBe(43_200_000_000);
    expect(heavy).toMatchObject({ price: MID, tickAt: candle.startTs, recentRangeMicro: 0 });
    const thin = replayBookInput(asset, { ...candle, volume: 2n * BTC }, MID);
    expect(bookProfile(thin).levelCents).toBeLessThan(bookProfile(heavy).levelCents);
    expect(bookProfile(thin).halfSpreadMicro).toBeGreaterThan(bookProfile(heavy).halfSpreadMicro);
    expect(fullBook(thin).asks[0]!.shares).toBeLessThan(fullBook(heavy).asks[0]!.shares);
  });

  it('the range walked in the candle is the book’s recent range, and a candle without a volume keeps the catalog’s', () => {
    const wide = replayBookInput(
      asset,
      { ...candle, volume: null, high: MID + MID / 100n, low: MID - MID / 100n },
      MID,
    );
    expect(wide.recentRangeMicro).toBe(20_000);
    expect(wide.dailyVolumeUsd).toBe(asset.dailyVolumeUsd);
    const calm = replayBookInput(asset, { ...candle, volume: null }, MID);
    expect(bookProfile(wide).stepMicro).toBeGreaterThan(bookProfile(calm).stepMicro);
  });
});
