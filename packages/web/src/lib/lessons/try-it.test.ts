import { describe, expect, it } from 'vitest';
import { BTC, ETH, XRP } from '../../test/fixtures.ts';
import { LESSONS } from '@papertrade/domain/lessons';
import { tryItHref } from './try-it.ts';

describe('tryItHref', () => {
  const assets = [ETH, XRP, BTC];

  it('sells the holding worth the most, with the order the lesson teaches', () => {
    // 1 ETH ($2,000) is worth more than 1,000 XRP ($500).
    const held = { ETH: 1, XRP: 1000, BTC: 0 };
    expect(tryItHref('STOP_LOSS', held, assets)).toBe('/asset?pair=ethusd&trade=STOP&side=SELL');
    expect(tryItHref('TAKE_PROFIT', held, assets)).toBe('/asset?pair=ethusd&trade=OCO&side=SELL');
    expect(tryItHref('TRAILING_STOP', { XRP: 10 }, assets)).toBe(
      '/asset?pair=xrpusd&trade=TRAILING_STOP&side=SELL',
    );
  });

  it('holding nothing, buys Bitcoin with that protection attached', () => {
    expect(tryItHref('STOP_LOSS', {}, assets)).toBe(
      '/asset?pair=btcusd&trade=LIMIT&side=PURCHASE&protect=stopLoss',
    );
    expect(tryItHref('TAKE_PROFIT', { BTC: 0 }, assets)).toBe(
      '/asset?pair=btcusd&trade=LIMIT&side=PURCHASE&protect=takeProfit',
    );
    expect(tryItHref('TRAILING_STOP', {}, [ETH])).toBe(
      '/asset?pair=ethusd&trade=LIMIT&side=PURCHASE&protect=trail',
    );
    expect(tryItHref('STOP_LOSS', {}, undefined)).toBeNull();
  });

  it('the three order lessons and the liquidity lesson end with Try it and say what it does', () => {
    const tried = LESSONS.filter((l) => l.tryIt);
    expect(tried.map((l) => l.slug)).toEqual([
      'stop-loss',
      'take-profit',
      'trailing-stop',
      'liquidity-and-slippage',
    ]);
    for (const lesson of tried) expect(lesson.sections.at(-1)).toMatch(/^Try it (opens|buys)/);
  });
});
